import type { AppDeps } from '../../app';

/** The centre's DEMIS client certificate (.p12) and its passphrase. */
export interface DemisCertificate {
  pfx: Buffer;
  passphrase?: string;
}

/** Where the DEMIS service gets a centre's certificate from. */
export type CertificateSource = (staffId: number) => Promise<DemisCertificate | undefined>;

/**
 * Production wiring. The encrypted certificate storage and its upload belong
 * to the centre-configuration issue (loadDemisCertificate in
 * features/settings/demis-certificate.ts); until that lands here this is a
 * fallback that knows no certificate, so reporting answers "Missing DEMIS
 * settings". At merge: return (staffId) => loadDemisCertificate(deps.db, deps.config, staffId).
 */
export function demisCertificateSource(deps: Pick<AppDeps, 'db' | 'config'>): CertificateSource {
  void deps;
  return noCertificateStorageYet;
}

export const noCertificateStorageYet: CertificateSource = async () => undefined;
