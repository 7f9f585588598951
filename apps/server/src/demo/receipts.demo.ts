import { TEST_TYPES } from '@tz/shared/constants';
import type { DbOrTx } from '../db/client';
import { appointments, paymentClassifications } from '../db/schema/appointments';
import { customers } from '../db/schema/customers';
import { services, testTypes } from '../db/schema/services';
import { berlinDay, berlinTime } from './appointments.demo';
import { type DemoIds, demoToken } from './foundation.demo';

/** Fixed tokens, so the official form can be opened by URL right after `npm start` (and in e2e). */
export const DEMO_OEGD_TOKEN = 'demo-oegd-1';
export const DEMO_POSITIVE_TOKEN = 'demo-positiv-1';

/**
 * Demo data of receipts, DEMIS and the official form: a ÖGD rapid test
 * service (test type 3) with a negative, a positive and an open appointment
 * in the test centre. Other areas may add more test types and services.
 */
export async function seedReceiptsDemo(tx: DbOrTx, ids: DemoIds, now: Date) {
  await tx
    .insert(testTypes)
    .values([...TEST_TYPES])
    .onConflictDoNothing();
  await tx
    .insert(paymentClassifications)
    .values({ id: 31, label: '§ 4a TestV Bürgertest', description: 'Eigenanteil 3 €' })
    .onConflictDoNothing();
  const [service] = await tx
    .insert(services)
    .values({
      staff_id: ids.testCentreId,
      title: 'Bürgertest ÖGD (Antigen)',
      price: 1190,
      test_type: 3,
      service_test_v: 1,
    })
    .returning({ id: services.id });
  const people = await tx
    .insert(customers)
    .values([
      {
        staff_id: ids.testCentreId,
        first_name: 'Greta',
        last_name: 'Gesund',
        birthday: '1990-12-24',
        email: 'greta.gesund@kunde.example',
        phone: '0190 1111111',
        gender: 0,
        street: 'Lindenallee 5',
        postcode: '51466',
        city: 'Musterstadt',
      },
      {
        staff_id: ids.testCentreId,
        first_name: 'Paul',
        last_name: 'Positiv',
        birthday: '1975-01-31',
        email: 'paul.positiv@kunde.example',
        phone: '0190 2222222',
        gender: 1,
        street: 'Ahornweg 9',
        postcode: '51466',
        city: 'Musterstadt',
      },
    ])
    .returning({ id: customers.id });
  // 09:00 on the centre's day, by Berlin's clock.
  const at = (minutes: number) => berlinTime(berlinDay(now), 9 * 60 + minutes);
  await tx.insert(appointments).values([
    {
      staff_id: ids.testCentreId,
      customer_id: people[0]!.id,
      service_id: service!.id,
      token: demoToken(DEMO_OEGD_TOKEN, ids.tag),
      start_date: at(0),
      end_date: at(10),
      price: 1190,
      res_detected: 1,
      res_date: at(15),
      payment_class_id: 31,
      checked_in: 1,
    },
    {
      staff_id: ids.testCentreId,
      customer_id: people[1]!.id,
      service_id: service!.id,
      token: demoToken(DEMO_POSITIVE_TOKEN, ids.tag),
      start_date: at(30),
      end_date: at(40),
      price: 1190,
      res_detected: 2,
      res_date: at(45),
      checked_in: 1,
    },
  ]);
}
