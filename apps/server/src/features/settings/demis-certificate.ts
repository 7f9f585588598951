import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { now } from '../../clock';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { demisCertificates } from '../../db/schema/settings';

/**
 * The DEMIS client certificate: PKCS#12 check, encryption at rest and the one
 * way to read it back (for the DEMIS reporting). Nothing here is ever sent to
 * a browser.
 */

export const MAX_CERTIFICATE_BYTES = 1024 * 1024;

// DER of the ContentInfo content types a PFX's authSafe may carry (RFC 7292 §4):
// 1.2.840.113549.1.7.1 (data, password integrity) and 1.2.840.113549.1.7.2
// (signedData, public-key integrity); 1.2.840.113549.1.7.6 (encryptedData) is
// accepted too, as some exporters write it.
const PKCS7_PREFIX = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07];
const CONTENT_TYPES = new Set([0x01, 0x02, 0x06]);

interface Tlv {
  tag: number;
  /** -1 for BER indefinite length. */
  length: number;
  valueStart: number;
}

function readTlv(buf: Buffer, offset: number): Tlv | undefined {
  if (offset + 2 > buf.length) return undefined;
  const tag = buf[offset]!;
  const first = buf[offset + 1]!;
  if (first < 0x80) return { tag, length: first, valueStart: offset + 2 };
  if (first === 0x80) return { tag, length: -1, valueStart: offset + 2 };
  const n = first & 0x7f;
  if (n > 4 || offset + 2 + n > buf.length) return undefined;
  let length = 0;
  for (let i = 0; i < n; i++) length = length * 256 + buf[offset + 2 + i]!;
  return { tag, length, valueStart: offset + 2 + n };
}

/**
 * True when the bytes start like a PKCS#12 PFX: SEQUENCE { INTEGER 3,
 * ContentInfo SEQUENCE { OID pkcs7-data | signedData | encryptedData … } … }.
 */
export function isPkcs12(buf: Buffer): boolean {
  const pfx = readTlv(buf, 0);
  if (pfx?.tag !== 0x30) return false;
  if (pfx.length >= 0 && pfx.valueStart + pfx.length !== buf.length) return false;
  const version = readTlv(buf, pfx.valueStart);
  if (version?.tag !== 0x02 || version.length !== 1 || buf[version.valueStart] !== 3) return false;
  const contentInfo = readTlv(buf, version.valueStart + 1);
  if (contentInfo?.tag !== 0x30) return false;
  const oid = readTlv(buf, contentInfo.valueStart);
  if (oid?.tag !== 0x06 || oid.length !== PKCS7_PREFIX.length + 1) return false;
  const bytes = buf.subarray(oid.valueStart, oid.valueStart + oid.length);
  return PKCS7_PREFIX.every((b, i) => bytes[i] === b) && CONTENT_TYPES.has(bytes[PKCS7_PREFIX.length]!);
}

interface Sealed {
  iv: string;
  tag: string;
  ciphertext: string;
}

function keyFrom(config: Pick<Config, 'certKey'>): Buffer {
  return Buffer.from(hkdfSync('sha256', config.certKey, 'tz-demis-certificate', 'aes-256-gcm key', 32));
}

/** AES-256-GCM; the additional data binds the ciphertext to its centre and purpose. */
export function seal(config: Pick<Config, 'certKey'>, plain: Buffer, aad: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(config), iv);
  cipher.setAAD(Buffer.from(aad));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

export function open(config: Pick<Config, 'certKey'>, sealed: Sealed, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(config), Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
}

const certAad = (staffId: number) => `demis-certificate:${staffId}`;
const passphraseAad = (staffId: number) => `demis-passphrase:${staffId}`;

/** Stores (replaces) the centre's certificate, encrypted. */
export async function storeDemisCertificate(
  db: DbOrTx,
  config: Pick<Config, 'certKey'>,
  staffId: number,
  cert: { filename: string; pfx: Buffer; passphrase?: string; uploadedBy: number },
) {
  const body = seal(config, cert.pfx, certAad(staffId));
  const pass = cert.passphrase ? seal(config, Buffer.from(cert.passphrase, 'utf8'), passphraseAad(staffId)) : null;
  const row = {
    filename: cert.filename,
    ...body,
    passphrase_iv: pass?.iv ?? null,
    passphrase_tag: pass?.tag ?? null,
    passphrase_ciphertext: pass?.ciphertext ?? null,
    uploaded_by: cert.uploadedBy,
    uploaded_at: now(),
  };
  await db
    .insert(demisCertificates)
    .values({ staff_id: staffId, ...row })
    .onConflictDoUpdate({ target: demisCertificates.staff_id, set: row });
}

/**
 * The centre's DEMIS certificate for mutual TLS, decrypted; undefined when the
 * centre has none. For the DEMIS reporting only.
 */
export async function loadDemisCertificate(
  db: DbOrTx,
  config: Pick<Config, 'certKey'>,
  staffId: number,
): Promise<{ pfx: Buffer; passphrase?: string } | undefined> {
  const [row] = await db.select().from(demisCertificates).where(eq(demisCertificates.staff_id, staffId));
  if (!row) return undefined;
  const pfx = open(config, row, certAad(staffId));
  if (!row.passphrase_iv || !row.passphrase_tag || !row.passphrase_ciphertext) return { pfx };
  const passphrase = open(
    config,
    { iv: row.passphrase_iv, tag: row.passphrase_tag, ciphertext: row.passphrase_ciphertext },
    passphraseAad(staffId),
  ).toString('utf8');
  return { pfx, passphrase };
}
