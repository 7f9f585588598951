import { describe, expect, it } from 'vitest';
import { CERT_SYSTEM_COOKIE, certSystemLoginFields, certSystemStep, hasCookie } from './cert-system-handoff';

const base = {
  certificateProduct: true,
  certSystemUrl: 'https://zertifikate.example/login',
  cookieHeader: 'a=1; b=2',
  cookiesEnabled: true,
};

describe('certificate-system hand-off after login', () => {
  it('posts the token when the centre has the certificate product and no certificate-system cookie exists', () => {
    expect(certSystemStep(base)).toBe('post');
    expect(certSystemLoginFields('jwt-1')).toEqual({ token: 'jwt-1' });
  });

  it('does nothing when the certificate-system cookie is present', () => {
    expect(certSystemStep({ ...base, cookieHeader: `a=1; ${CERT_SYSTEM_COOKIE}=xyz` })).toBe('none');
  });

  it('does nothing without the certificate product or without a configured address', () => {
    expect(certSystemStep({ ...base, certificateProduct: false })).toBe('none');
    expect(certSystemStep({ ...base, certSystemUrl: null })).toBe('none');
  });

  it('offers the direct login when cookies are blocked', () => {
    expect(certSystemStep({ ...base, cookiesEnabled: false, cookieHeader: '' })).toBe('prompt');
  });

  it('matches cookie names exactly', () => {
    expect(hasCookie(`x${CERT_SYSTEM_COOKIE}=1`, CERT_SYSTEM_COOKIE)).toBe(false);
    expect(hasCookie(` ${CERT_SYSTEM_COOKIE}=1`, CERT_SYSTEM_COOKIE)).toBe(true);
  });
});
