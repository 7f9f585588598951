import { PHARMA_MSG, RX_DOCUMENT_MAX_BYTES } from '@tz/shared/pharma/pharma.contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';

/** The file type by its first bytes; the client's declared type and name are not trusted. */
export function sniffDocumentType(data: Buffer): 'application/pdf' | 'image/jpeg' | 'image/png' | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 8 && png.every((b, i) => data[i] === b)) return 'image/png';
  return null;
}

const EXTENSION = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

/** A file name safe to store and send back: no path, no control or quote characters, the right extension. */
export function safeFilename(name: string, mime: keyof typeof EXTENSION) {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 150);
  const ext = EXTENSION[mime];
  const withoutExt = base.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'dokument';
  return `${withoutExt}.${ext}`;
}

/** Reads the multipart upload (field `file`): PDF, JPEG or PNG by content, at most 10 MB. */
export async function readDocumentUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw AppError.badRequest(PHARMA_MSG.noFile, undefined, 'NO_FILE');
  let file: { data: Buffer; filename: string } | undefined;
  const options = { limits: { fileSize: RX_DOCUMENT_MAX_BYTES, files: 1, fields: 5 }, throwFileSizeLimit: false };
  for await (const part of req.parts(options)) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (part.file.truncated) {
      throw new AppError(413, 'FILE_TOO_LARGE', PHARMA_MSG.fileTooLarge, [
        { field: 'file', message: PHARMA_MSG.fileTooLarge },
      ]);
    }
    file = { data, filename: part.filename };
  }
  if (!file || file.data.length === 0) throw AppError.badRequest(PHARMA_MSG.noFile, undefined, 'NO_FILE');
  const mime = sniffDocumentType(file.data);
  if (!mime) throw AppError.field(400, 'file', PHARMA_MSG.fileType, 'FILE_TYPE');
  return { data: file.data, mime, filename: safeFilename(file.filename, mime) };
}
