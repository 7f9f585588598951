import tls from 'node:tls';
import { MSG } from '@tz/shared/messages';
import forge from 'node-forge';
import { AppError } from '../../http/app-error';

/**
 * Test-opens an uploaded DEMIS certificate the way the mutual-TLS call will
 * (tls.createSecureContext), so a wrong passphrase or a file without key is
 * said at upload time, not when a positive result must be reported.
 *
 * Legacy PKCS#12 files (certificate bag under pbeWithSHA1And40BitRC2-CBC, as
 * gematik's own test certificate has it) are refused by OpenSSL 3 without its
 * legacy provider ("Unsupported PKCS12 PFX data"). Rather than load that
 * provider process-wide, such a file is decrypted once in JavaScript
 * (node-forge) and re-encrypted with AES-256-CBC / PBKDF2 under the same
 * passphrase; the converted file is what gets stored. node-forge reads RSA
 * keys only, which is what DEMIS certificates carry.
 */

const wrongPassphrase = () =>
  AppError.field(400, 'passphrase', MSG.certificateWrongPassphrase, 'CERTIFICATE_WRONG_PASSPHRASE');
const unreadable = () => AppError.badRequest(MSG.certificateUnreadable, undefined, 'CERTIFICATE_UNREADABLE');

type Opened = 'ok' | 'wrong-passphrase' | 'legacy' | 'unreadable';

function tryOpen(pfx: Buffer, passphrase: string): Opened {
  try {
    tls.createSecureContext({ pfx, passphrase });
    return 'ok';
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/mac verify failure|invalid password/i.test(message)) return 'wrong-passphrase';
    if (/unsupported/i.test(message)) return 'legacy';
    return 'unreadable';
  }
}

/** Re-encrypts a PKCS#12 file OpenSSL 3 cannot read by default (RC2-40, RC4, DES …) to AES-256. */
export function reencryptLegacyPkcs12(pfx: Buffer, passphrase: string): Buffer {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary'))), passphrase);
  } catch (err) {
    if (/MAC could not be verified|Invalid password/i.test((err as Error).message)) throw wrongPassphrase();
    throw unreadable();
  }
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const key = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag!), ...bags(forge.pki.oids.keyBag!)].find((b) => b.key)?.key;
  const certs = bags(forge.pki.oids.certBag!)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  if (!key || certs.length === 0) throw unreadable();
  // The certificate that belongs to the key goes first (the leaf), the chain after it.
  const publicPem = forge.pki.publicKeyToPem(forge.pki.setRsaPublicKey(key.n, key.e));
  const leaf = certs.findIndex((c) => forge.pki.publicKeyToPem(c.publicKey) === publicPem);
  if (leaf < 0) throw unreadable();
  const ordered = [certs[leaf]!, ...certs.filter((_, i) => i !== leaf)];
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, ordered, passphrase, {
    algorithm: 'aes256',
    count: 10_000,
    saltSize: 16,
    friendlyName: ordered[0]!.subject.getField('CN')?.value,
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/**
 * The file to store: the upload itself when it opens with its passphrase, its
 * AES re-encryption when it is a legacy file. Throws a German refusal otherwise.
 */
export function openCertificate(pfx: Buffer, passphrase: string): { pfx: Buffer; converted: boolean } {
  const opened = tryOpen(pfx, passphrase);
  if (opened === 'ok') return { pfx, converted: false };
  if (opened === 'wrong-passphrase') throw wrongPassphrase();
  if (opened === 'unreadable') throw unreadable();
  const converted = reencryptLegacyPkcs12(pfx, passphrase);
  if (tryOpen(converted, passphrase) !== 'ok') throw unreadable();
  return { pfx: converted, converted: true };
}
