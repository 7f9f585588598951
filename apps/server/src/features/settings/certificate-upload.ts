import { MSG } from '@tz/shared/messages';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { MAX_CERTIFICATE_BYTES } from './demis-certificate';
import type { CertificateUpload } from './settings.service';

/** Reads the multipart upload: field `file` (the .p12) and optional field `passphrase`. */
export async function readCertificateUpload(req: FastifyRequest): Promise<CertificateUpload> {
  if (!req.isMultipart()) throw AppError.badRequest(MSG.certificateMissing, undefined, 'NO_FILE');
  let upload: CertificateUpload | undefined;
  let passphrase: string | undefined;
  for await (const part of req.parts({ limits: { fileSize: MAX_CERTIFICATE_BYTES + 1, files: 1 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch(() => undefined);
      upload = { filename: part.filename, data: data ?? Buffer.alloc(0), truncated: !data || part.file.truncated };
    } else if (part.fieldname === 'passphrase' && typeof part.value === 'string') {
      passphrase = part.value;
    }
  }
  if (!upload?.filename) throw AppError.badRequest(MSG.certificateMissing, undefined, 'NO_FILE');
  return { ...upload, passphrase };
}
