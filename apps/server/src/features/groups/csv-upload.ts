import { CSV_MAX_BYTES } from '@tz/shared/groups/customer-csv';
import { GROUP_MSG } from '@tz/shared/groups/groups.contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';

/**
 * Reads the multipart upload: the file (field `file`) and the spec's optional
 * fields institution_id and staff_id, which must match the path when sent.
 * A file over the limit is cut at one byte past it, so the rules report it
 * as too large without the server holding more.
 */
export async function readCsvUpload(req: FastifyRequest, ids: { staffId: number; institutionId: number }) {
  if (!req.isMultipart()) throw AppError.badRequest(GROUP_MSG.noFile, undefined, 'NO_FILE');
  let file: Buffer | undefined;
  // throwFileSizeLimit: the plugin reads it for parts() too, its types only name it for file().
  const options = { limits: { fileSize: CSV_MAX_BYTES + 1, files: 1, fields: 10 }, throwFileSizeLimit: false };
  for await (const part of req.parts(options)) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      // Cut at the limit: the rules answer 'too large' from the length alone.
      file = part.file.truncated ? Buffer.alloc(CSV_MAX_BYTES + 1) : data;
    } else if (part.fieldname === 'institution_id' || part.fieldname === 'staff_id') {
      const expected = part.fieldname === 'institution_id' ? ids.institutionId : ids.staffId;
      if (String(part.value).trim() !== '' && Number(part.value) !== expected) {
        throw AppError.field(400, part.fieldname, GROUP_MSG.fieldMismatch, 'BAD_REQUEST');
      }
    }
  }
  if (!file) throw AppError.badRequest(GROUP_MSG.noFile, undefined, 'NO_FILE');
  return file;
}
