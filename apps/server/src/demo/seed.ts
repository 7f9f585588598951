import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { centres } from '../db/schema/centres';
import { seedAppointments } from './appointments.demo';
import { seedForms } from './forms.demo';
import { seedFoundation } from './foundation.demo';
import { seedInsurance } from './insurance.demo';
import { seedReceiptsDemo } from './receipts.demo';
import { seedSchedule } from './schedule.demo';
import { seedServices } from './services.demo';
import { seedSettings } from './settings.demo';
import { seedUsers } from './users.demo';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_LOGINS = [
  { email: 'plattform@demo.example', role: 'Plattform-Admin (10)' },
  { email: 'admin@demo.example', role: 'Administrator (20), Testzentrum Musterstadt' },
  { email: 'leitung@demo.example', role: 'Testzentrumsleitung (25), Testzentrum Musterstadt' },
  { email: 'mitarbeiter@demo.example', role: 'Mitarbeiter (30), Testzentrum Musterstadt' },
  { email: 'impf-admin@demo.example', role: 'Administrator (20), Impfzentrum Musterstadt' },
];

/**
 * Seeds the demo platform into an empty database, all or nothing. Each area
 * adds its own `seed<Area>` step here, after the ones it builds on.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(centres);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const ids = await seedFoundation(tx);
    // First: its test types and TestV classifications are the canonical ones (the others insert on conflict do nothing).
    await seedAppointments(tx, ids);
    await seedServices(tx, ids);
    await seedInsurance(tx);
    await seedReceiptsDemo(tx, ids);
    await seedSchedule(tx, ids);
    await seedSettings(tx, ids);
    // After the appointments step (if any), so existing demo appointments get answers.
    await seedForms(tx, ids);
    await seedUsers(tx, ids);
  });
  return true;
}
