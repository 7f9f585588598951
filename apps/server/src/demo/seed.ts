import { count } from 'drizzle-orm';
import { now } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import { ensureFunctionCatalogue } from '../db/default-functions';
import { centres } from '../db/schema/centres';
import { ensureDefaultForms } from '../features/forms/default-forms';
import { categoryId, seedAppointments, seedClassifications } from './appointments.demo';
import { seedAuditDemo } from './audit.demo';
import { seedForms } from './forms.demo';
import { type DemoIds, seedCentres, seedPlatformFoundation } from './foundation.demo';
import { seedInsurance } from './insurance.demo';
import { seedPcrLabs } from './pcr-labs.demo';
import { seedPharma } from './pharma.demo';
import { seedReceiptsDemo } from './receipts.demo';
import { seedSchedule } from './schedule.demo';
import { seedSecurityDemo } from './security.demo';
import { seedCatalogue, seedServices } from './services.demo';
import { seedSettings } from './settings.demo';
import { seedUsers } from './users.demo';

export { DEMO_PASSWORD } from './foundation.demo';

export const DEMO_LOGINS = [
  { email: 'plattform@demo.example', role: 'Plattform-Admin (10)' },
  { email: 'admin@demo.example', role: 'Administrator (20), Testzentrum Musterstadt' },
  { email: 'leitung@demo.example', role: 'Testzentrumsleitung (25), Testzentrum Musterstadt' },
  { email: 'mitarbeiter@demo.example', role: 'Mitarbeiter (30), Testzentrum Musterstadt' },
  { email: 'impf-admin@demo.example', role: 'Administrator (20), Impfzentrum Musterstadt' },
  { email: 'apotheke@demo.example', role: 'Administrator (20), Apotheke am Markt (Dauerverordnungen)' },
];

/** Seeds the demo platform into an empty database, all or nothing. */
export async function seedDemoIfEmpty(db: Db, at = now()): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(centres);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await seedPlatform(tx, at);
    await seedDemoCentres(tx, '', at);
  });
  return true;
}

/** What every centre shares: the platform centre, news, test types, TestV classifications, catalogue, insurers, forms. */
export async function seedPlatform(tx: DbOrTx, at: Date) {
  await seedPlatformFoundation(tx, at);
  await ensurePlatformBasics(tx, at);
  await seedCatalogue(tx);
  await seedInsurance(tx);
  await seedSecurityDemo(tx, at);
}

/** The part of the platform data a set of demo centres needs; safe to run again. */
export async function ensurePlatformBasics(tx: DbOrTx, at: Date) {
  // First: its test types and TestV classifications are the canonical ones (later steps insert on conflict do nothing).
  await seedClassifications(tx, at);
  for (const name of ['Schnelltests', 'PCR-Tests', 'Impfungen']) await categoryId(tx, name);
  await ensureDefaultForms(tx);
  await ensureFunctionCatalogue(tx);
}

/**
 * One set of demo centres with everything of a working day around `at`. Each
 * area adds its own `seed<Area>` step here, after the ones it builds on. The
 * demo calls it once with tag ''; the e2e test API once per test with a new tag.
 */
export async function seedDemoCentres(tx: DbOrTx, tag: string, at: Date): Promise<DemoIds> {
  const ids = await seedCentres(tx, tag);
  await seedAppointments(tx, ids, at);
  await seedPcrLabs(tx, ids);
  await seedServices(tx, ids);
  await seedReceiptsDemo(tx, ids, at);
  await seedSchedule(tx, ids, at);
  await seedSettings(tx, ids);
  // After the appointments step, so existing demo appointments get answers.
  await seedForms(tx, ids, at);
  await seedUsers(tx, ids);
  await seedPharma(tx, ids, at);
  await seedAuditDemo(tx, ids, at);
  return ids;
}
