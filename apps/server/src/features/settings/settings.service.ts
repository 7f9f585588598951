import { CENTRE_TYPES } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { Settings, settingsInputSchema } from '@tz/shared/settings/settings.contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import { openCertificate } from './certificate-open';
import { isPkcs12, MAX_CERTIFICATE_BYTES, storeDemisCertificate } from './demis-certificate';
import * as repo from './settings.repository';

export async function getSettings(db: DbOrTx, staffId: number): Promise<Settings> {
  const settings = await repo.findSettings(db, staffId);
  if (!settings) throw AppError.notFound('Dieses Testzentrum gibt es nicht.', 'CENTRE_NOT_FOUND');
  return settings;
}

export const centreTypes = () => CENTRE_TYPES.map((t) => ({ ...t }));

/** Saves the whole record; city always follows tz_city (configuration-admin §7). */
export async function updateSettings(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  input: z.output<typeof settingsInputSchema>,
) {
  const db = deps.db;
  if (!CENTRE_TYPES.some((t) => t.id === input.type))
    throw AppError.field(422, 'type', MSG.centreTypeUnknown, 'CENTRE_TYPE_UNKNOWN');
  const before = await getSettings(db, staffId);
  await db.transaction(async (tx) => {
    await repo.updateSettings(tx, staffId, {
      ...input,
      default_IVA: input.default_IVA.toFixed(2),
      city: input.tz_city,
    });
    const changed = (Object.keys(input) as (keyof typeof input)[]).filter(
      (k) => String(before[k as keyof Settings] ?? '') !== String(input[k] ?? ''),
    );
    if (changed.length > 0) {
      await writeAudit(tx, {
        staff_id: staffId,
        user_id: auth.userId,
        entity: 'centre_settings',
        entity_id: staffId,
        action: 'update',
        before: Object.fromEntries(changed.map((k) => [k, before[k as keyof Settings]])),
        after: Object.fromEntries(changed.map((k) => [k, input[k]])),
      });
    }
  });
  // The centre's name, type and e-mail are part of every user's session answer.
  deps.sessions.forgetCentre(staffId);
  return { settings: await getSettings(db, staffId), message: MSG.settingsSaved };
}

export interface CertificateUpload {
  filename: string;
  data: Buffer;
  truncated: boolean;
  passphrase?: string;
}

/** Accepts only a real PKCS#12 file named .p12; stores it encrypted, never returns it. */
export async function uploadCertificate(deps: AppDeps, auth: AuthContext, staffId: number, upload: CertificateUpload) {
  const filename = upload.filename.split(/[\\/]/).pop()!.trim();
  if (!/\.p12$/i.test(filename)) throw AppError.badRequest(MSG.certificateOnlyP12, undefined, 'NOT_P12');
  if (upload.truncated || upload.data.length > MAX_CERTIFICATE_BYTES) {
    throw AppError.badRequest(MSG.certificateTooLarge, undefined, 'TOO_LARGE');
  }
  if (!isPkcs12(upload.data)) throw AppError.badRequest(MSG.certificateNotPkcs12, undefined, 'NOT_PKCS12');
  await getSettings(deps.db, staffId);
  // Opened now as the report will open it: a wrong passphrase stores nothing; a legacy file is stored as AES.
  const opened = openCertificate(upload.data, upload.passphrase ?? '');
  await deps.db.transaction(async (tx) => {
    await storeDemisCertificate(tx, deps.config, staffId, {
      filename,
      pfx: opened.pfx,
      passphrase: upload.passphrase || undefined,
      uploadedBy: auth.userId,
    });
    await repo.setCertificateFilename(tx, staffId, filename);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'demis_certificate',
      entity_id: staffId,
      action: 'upload',
      after: { filename, bytes: upload.data.length, converted: opened.converted },
    });
  });
  return { message: MSG.uploaded, demis_cert_filename: filename, converted: opened.converted };
}
