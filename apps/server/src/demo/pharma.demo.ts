import { addDays, dateInZone } from '@tz/shared/rules/time-zone';
import { hashPassword } from '../auth/passwords';
import type { DbOrTx } from '../db/client';
import { centres } from '../db/schema/centres';
import { customers } from '../db/schema/customers';
import { pharmaProducts, pharmaRx, pharmaUsageProducts, pharmaUsages } from '../db/schema/pharma';
import { users } from '../db/schema/users';
import { DEMO_PASSWORD, type DemoIds, demoEmail, demoToken } from './foundation.demo';

/** The demo pharmacy's catalogue: real PZN-8 numbers with valid check digits (cents). */
export const DEMO_PHARMA_PRODUCTS = [
  { pzn: '04595987', title: 'Einmalhandschuhe Nitril, 100 Stück', customer_price: 0, price: 890 },
  { pzn: '27580899', title: 'Inkontinenzvorlagen, 30 Stück', customer_price: 500, price: 2490 },
  { pzn: '10000001', title: 'Desinfektionsmittel Hände, 500 ml', customer_price: 0, price: 650 },
  { pzn: '00000017', title: 'Bettschutzeinlagen, 25 Stück', customer_price: 500, price: 1790 },
];

/**
 * A pharmacy-type centre with the consumables feature on ('Dauerverordnungen'
 * in the sidebar), its administrator (apotheke@…), a few customers, a product
 * catalogue and long-term prescriptions with usages around `at`: last month's
 * billed, this month's open, one prescription inactive.
 */
export async function seedPharma(tx: DbOrTx, ids: DemoIds, at: Date) {
  const [centre] = await tx
    .insert(centres)
    .values({
      full_name: 'Apotheke am Markt',
      search_name: demoToken('apotheke-am-markt', ids.tag),
      email: demoEmail('apotheke-zentrum', ids.tag),
      phone: '0221 7654321',
      phone_int: '+49 221 7654321',
      tz_street: 'Marktplatz',
      tz_street_number: '3',
      tz_zip: '51466',
      tz_city: 'Musterstadt',
      city: 'Musterstadt',
      type: '1',
      testcenter: true,
      consumables: true,
    })
    .returning({ id: centres.id });
  const staffId = centre!.id;
  await tx.insert(users).values({
    staff_id: staffId,
    name: 'Petra Apotheke',
    email: demoEmail('apotheke', ids.tag),
    password_hash: await hashPassword(DEMO_PASSWORD),
    role_id: 20,
  });
  const people = await tx
    .insert(customers)
    .values([
      { staff_id: staffId, first_name: 'Hildegard', last_name: 'Becker', birthday: '1938-02-11', gender: 2 },
      { staff_id: staffId, first_name: 'Werner', last_name: 'Schulz', birthday: '1941-09-03', gender: 1 },
      { staff_id: staffId, first_name: 'Ingrid', last_name: 'Vogel', birthday: '1945-12-24', gender: 2 },
    ])
    .returning({ id: customers.id });
  const products = await tx
    .insert(pharmaProducts)
    .values(DEMO_PHARMA_PRODUCTS.map((p) => ({ ...p, staff_id: staffId })))
    .returning();

  const today = dateInZone(at, 'Europe/Berlin');
  const thisMonth = `${today.slice(0, 7)}-01`;
  const lastMonth = `${addDays(thisMonth, -1).slice(0, 7)}-01`;
  const rxRows = await tx
    .insert(pharmaRx)
    .values([
      {
        staff_id: staffId,
        customer_id: people[0]!.id,
        date: addDays(lastMonth, 2),
        start: lastMonth,
        end: null,
        notes: 'Lieferung bevorzugt dienstags',
      },
      {
        staff_id: staffId,
        customer_id: people[1]!.id,
        date: addDays(lastMonth, 5),
        start: addDays(lastMonth, 7),
        end: addDays(thisMonth, 180),
        notes: '',
      },
      {
        staff_id: staffId,
        customer_id: people[2]!.id,
        date: addDays(lastMonth, 1),
        start: lastMonth,
        end: addDays(thisMonth, 90),
        notes: 'Pausiert während Krankenhausaufenthalt',
        active: false,
      },
    ])
    .returning({ id: pharmaRx.id });
  const usage = async (rxIndex: number, date: string, billed: boolean, productIndexes: number[]) => {
    const [u] = await tx
      .insert(pharmaUsages)
      .values({
        staff_id: staffId,
        rx_id: rxRows[rxIndex]!.id,
        date,
        handover_date: addDays(date, 1),
        billed,
        billed_at: billed ? at : null,
      })
      .returning({ id: pharmaUsages.id });
    await tx.insert(pharmaUsageProducts).values(
      productIndexes.map((i, position) => {
        const p = products[i]!;
        return {
          staff_id: staffId,
          usage_id: u!.id,
          product_id: p.id,
          customer_title: p.title,
          customer_price: p.customer_price,
          price: p.price,
          pzn: p.pzn,
          position,
        };
      }),
    );
  };
  await usage(0, addDays(lastMonth, 9), true, [0, 1]);
  await usage(1, addDays(lastMonth, 14), true, [1, 3]);
  await usage(0, addDays(thisMonth, 4), false, [0, 1, 2]);
  await usage(1, addDays(thisMonth, 10), false, [3]);
  return staffId;
}
