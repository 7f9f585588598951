import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loadDemisCertificate } from '../settings/demis-certificate';

/** The centre's DEMIS client certificate (.p12) and its passphrase. */
export interface DemisCertificate {
  pfx: Buffer;
  passphrase?: string;
}

/** Where the DEMIS service gets a centre's certificate from. */
export type CertificateSource = (staffId: number) => Promise<DemisCertificate | undefined>;

/** Production wiring: the encrypted certificate storage of the centre settings. */
export function demisCertificateSource(deps: { db: Db; config: Config }): CertificateSource {
  return (staffId) => loadDemisCertificate(deps.db, deps.config, staffId);
}
