/** The cookie the certificate system sets once the user is logged in there. */
export const CERT_SYSTEM_COOKIE = 'tz_cert_system';

export type CertSystemStep = 'none' | 'post' | 'prompt';

export function hasCookie(cookieHeader: string, name: string): boolean {
  return cookieHeader.split(';').some((c) => c.trim().split('=')[0] === name);
}

/**
 * After login (core-workflow §2): a centre with the certificate product and
 * no certificate-system cookie posts the token to the certificate system in a
 * new window; when cookies are blocked, a prompt offers the direct login.
 */
export function certSystemStep(input: {
  certificateProduct: boolean;
  certSystemUrl: string | null | undefined;
  cookieHeader: string;
  cookiesEnabled: boolean;
}): CertSystemStep {
  if (!input.certificateProduct || !input.certSystemUrl) return 'none';
  if (!input.cookiesEnabled) return 'prompt';
  if (hasCookie(input.cookieHeader, CERT_SYSTEM_COOKIE)) return 'none';
  return 'post';
}

/** Whether this browser keeps cookies: the flag alone lies when a blocker is active, so write and read back. */
export function cookiesWork(doc: Document = document): boolean {
  if (typeof navigator !== 'undefined' && navigator.cookieEnabled === false) return false;
  try {
    doc.cookie = 'tz_cookie_probe=1; path=/; SameSite=Lax';
    const ok = hasCookie(doc.cookie, 'tz_cookie_probe');
    doc.cookie = 'tz_cookie_probe=; path=/; max-age=0';
    return ok;
  } catch {
    return false;
  }
}

/** The fields the certificate system receives. */
export const certSystemLoginFields = (token: string) => ({ token });

/**
 * Whether the user's centre has the certificate product. Asked with the new
 * token before it is stored, because storing it leaves the login screen.
 */
export async function centreHasCertificateProduct(token: string): Promise<boolean> {
  try {
    const res = await fetch('/api/auth/session', {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    if (!res.ok) return false;
    // Loaded here, not at the top: the login screen's first download stays free of zod.
    const { sessionResponseSchema } = await import('@tz/shared/auth/auth.contract');
    return sessionResponseSchema.parse(await res.json()).centre.certificate_product;
  } catch {
    return false;
  }
}
