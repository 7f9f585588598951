import { TEST_TYPES } from '@tz/shared/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { serviceCatalogue, services, testTypes } from '../db/schema/services';
import { categoryId } from './appointments.demo';
import type { DemoIds } from './foundation.demo';

/** Test types of the platform; 3 and 5 offer the official ÖGD form. */
export async function seedTestTypes(tx: DbOrTx) {
  await tx
    .insert(testTypes)
    .values([...TEST_TYPES])
    .onConflictDoNothing();
}

const min = 60;

/** The platform catalogue ("available services") by category. */
export async function seedCatalogue(tx: DbOrTx) {
  await seedTestTypes(tx);
  const rapid = await categoryId(tx, 'Schnelltests');
  const pcr = await categoryId(tx, 'PCR-Tests');
  const vaccination = await categoryId(tx, 'Impfungen');
  const other = await categoryId(tx, 'Sonstiges');
  const entry = (category_id: number, title: string, fields: Partial<typeof serviceCatalogue.$inferInsert>) => ({
    category_id,
    title,
    slot_length: 10 * min,
    duration: 10 * min,
    capacity_min: 1,
    capacity_max: 2,
    ...fields,
  });
  await tx
    .insert(serviceCatalogue)
    .values([
      entry(rapid, 'Antigen-Schnelltest (Bürgertest)', { price: 0, test_type: 1, service_test_v: 1, capacity_max: 4 }),
      entry(rapid, 'Antigen-Schnelltest Selbstzahler', { price: 1500, price_txt: '15,00 € inkl. MwSt.', test_type: 1 }),
      entry(rapid, 'Antigen-Schnelltest mit ÖGD-Formular', { price: 0, test_type: 3, service_test_v: 1 }),
      entry(pcr, 'PCR-Test Selbstzahler', { price: 6900, test_type: 2, slot_length: 15 * min, duration: 15 * min }),
      entry(pcr, 'PCR-Test (TestV)', { price: 0, test_type: 5, service_test_v: 1, duration: 15 * min }),
      entry(vaccination, 'COVID-19-Impfung', { price: 0, test_type: 6, slot_length: 15 * min, duration: 20 * min }),
      entry(vaccination, 'Grippeschutzimpfung', { price: 2500, test_type: 6, duration: 15 * min }),
      entry(other, 'Antikörpertest', { price: 3500, test_type: 4, duration: 15 * min }),
    ]);
}

/** One own service of the test centre; the centre services named like a catalogue entry become its copies. */
export async function seedServices(tx: DbOrTx, ids: DemoIds) {
  const other = await categoryId(tx, 'Sonstiges');
  // An own service, not yet activated: activating it in the list makes it bookable.
  await tx.insert(services).values({
    staff_id: ids.testCentreId,
    category_id: other,
    title: 'Reiseberatung (eigene Leistung)',
    price: 2000,
    slot_length: 15 * min,
    duration: 30 * min,
    capacity_min: 1,
    capacity_max: 1,
    custom: true,
    active: false,
  });
  // The appointments demo step already created centre services; those named
  // like a catalogue entry become that entry's activated copy, so the products
  // list shows each service once.
  await tx.execute(sql`
    update services s set catalogue_id = c.id, category_id = coalesce(s.category_id, c.category_id)
    from service_catalogue c
    where s.catalogue_id is null and s.custom = false and s.title = c.title
      and s.staff_id in (${ids.testCentreId}, ${ids.vaccinationCentreId})`);
}
