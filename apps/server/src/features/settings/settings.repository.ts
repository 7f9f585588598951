import type { Settings } from '@tz/shared/settings/settings.contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { centres } from '../../db/schema/centres';

type CentreRow = typeof centres.$inferSelect;

const toSettings = (row: CentreRow): Settings => ({
  id: row.id,
  full_name: row.full_name,
  search_name: row.search_name,
  email: row.email,
  info: row.info,
  email_backup: row.email_backup,
  phone: row.phone,
  phone_int: row.phone_int,
  time_zone: row.time_zone,
  company_service_hours: row.company_service_hours,
  address: row.address,
  tz_street: row.tz_street,
  tz_street_number: row.tz_street_number,
  tz_zip: row.tz_zip,
  tz_city: row.tz_city,
  city: row.city,
  tz_institution_type: row.tz_institution_type,
  type: row.type,
  invoice_mail: row.invoice_mail,
  inv_entity: row.inv_entity,
  inv_street: row.inv_street,
  inv_zip: row.inv_zip,
  inv_city: row.inv_city,
  domain: row.domain,
  profession_title: row.profession_title,
  profession_chamber: row.profession_chamber,
  profession_registration: row.profession_registration,
  profession_number: row.profession_number,
  UID: row.UID,
  handelsregister_nummer: row.handelsregister_nummer,
  handelsregister_ort: row.handelsregister_ort,
  impressum_link: row.impressum_link,
  prof_responsible: row.prof_responsible,
  prof_dataprotect: row.prof_dataprotect,
  prof_entity: row.prof_entity,
  default_IVA: Number(row.default_IVA),
  link_to_info_booklet_for_positive_cases: row.link_to_info_booklet_for_positive_cases,
  force_payment_classification: row.force_payment_classification,
  overwrite_payment_classification: row.overwrite_payment_classification,
  ik_nr: row.ik_nr,
  demis_cert_filename: row.demis_cert_filename,
  demis_lab_id: row.demis_lab_id,
  demis_account_name: row.demis_account_name,
  demis_bsnr: row.demis_bsnr,
  demis_street: row.demis_street,
  demis_street_nr: row.demis_street_nr,
  demis_city: row.demis_city,
  demis_zip: row.demis_zip,
  health_department: row.health_department,
  health_department_testcenter_id: row.health_department_testcenter_id,
  health_department_contact: row.health_department_contact,
  health_department_email: row.health_department_email,
  health_department_zip: row.health_department_zip,
  oegd_zip: row.oegd_zip,
  color1: row.color1,
  color2: row.color2,
  color3: row.color3,
  google_maps_link: row.google_maps_link,
  google_maps_embed: row.google_maps_embed,
});

export async function findSettings(db: DbOrTx, staffId: number): Promise<Settings | undefined> {
  const [row] = await db.select().from(centres).where(eq(centres.id, staffId));
  return row && toSettings(row);
}

export type SettingsUpdate = Partial<Omit<typeof centres.$inferInsert, 'id'>>;

export async function updateSettings(db: DbOrTx, staffId: number, fields: SettingsUpdate) {
  await db.update(centres).set(fields).where(eq(centres.id, staffId));
}

export async function setCertificateFilename(db: DbOrTx, staffId: number, filename: string) {
  await db.update(centres).set({ demis_cert_filename: filename }).where(eq(centres.id, staffId));
}
