import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The two secrets of an installation: session and form-link signatures, and the certificate key. */
export interface Secrets {
  jwtSecret: string;
  certKey: string;
}

const random = () => randomBytes(48).toString('base64url');

/** Fresh random secrets (tests, and the first start of an installation). */
export function randomSecrets(): Secrets {
  return { jwtSecret: random(), certKey: random() };
}

/**
 * The secrets kept in the data directory: read when the file exists, created
 * with random values (mode 600, only the server's user reads it) when it does
 * not. Created with O_EXCL, so two processes starting at once agree on one
 * file. Without this, the secrets would be a value written in the source that
 * anyone can use to forge a login or a form link.
 */
export function loadOrCreateSecrets(file: string): Secrets {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${JSON.stringify(randomSecrets(), null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // An existing file that others may read is tightened, not trusted as it was.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  if (typeof parsed.jwtSecret !== 'string' || parsed.jwtSecret.length < 32) {
    throw new Error(`${file}: jwtSecret fehlt oder ist kürzer als 32 Zeichen.`);
  }
  if (typeof parsed.certKey !== 'string' || parsed.certKey.length < 32) {
    throw new Error(`${file}: certKey fehlt oder ist kürzer als 32 Zeichen.`);
  }
  return { jwtSecret: parsed.jwtSecret, certKey: parsed.certKey };
}
