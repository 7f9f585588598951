import { and, eq, inArray, isNull } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import type { DbOrTx } from '../db/client';
import { functions, userFunctions } from '../db/schema/functions';
import { users } from '../db/schema/users';
import { DEMO_PASSWORD, type DemoIds, demoEmail } from './foundation.demo';

/**
 * Demo data of the user administration: profiles, more staff (one blocked),
 * catalogue functions assigned and one custom function of the test centre.
 */
export async function seedUsers(tx: DbOrTx, ids: DemoIds) {
  const centre = ids.testCentreId;
  const hash = await hashPassword(DEMO_PASSWORD);

  await tx
    .update(users)
    .set({
      birthdate: '1994-05-17',
      street: 'Lindenallee 3',
      zip: '51466',
      city: 'Musterstadt',
      mobile: '0170 1234567',
      fte: '0.8',
      hourly_rate: '15.50',
      bank_institution: 'Musterbank',
      bank_swift: 'COBADEFFXXX',
      bank_iban: 'DE89370400440532013000',
    })
    .where(eq(users.email, demoEmail('mitarbeiter', ids.tag)));

  const extra = await tx
    .insert(users)
    .values([
      {
        staff_id: centre,
        name: 'Tom Tester',
        email: demoEmail('tom.tester', ids.tag),
        password_hash: hash,
        role_id: 30,
        fte: '0.5',
        city: 'Musterstadt',
      },
      {
        staff_id: centre,
        name: 'Gesa Gesperrt',
        email: demoEmail('gesa.gesperrt', ids.tag),
        password_hash: hash,
        role_id: 30,
        active: 0,
      },
    ])
    .returning({ id: users.id, email: users.email });

  const [custom] = await tx
    .insert(functions)
    .values({ label: 'Teststraße Drive-in', category: 'function', staff_id: centre })
    .returning({ id: functions.id });

  const catalogue = await tx
    .select({ id: functions.id, code: functions.code })
    .from(functions)
    .where(
      and(
        isNull(functions.staff_id),
        inArray(functions.code, ['skill-rapid-test', 'function-reception', 'language-de', 'language-en']),
      ),
    );
  const byCode = new Map(catalogue.map((f) => [f.code, f.id]));
  const [mia] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail('mitarbeiter', ids.tag)));
  const tom = extra.find((u) => u.email === demoEmail('tom.tester', ids.tag))!;
  const assign = (userId: number, functionIds: (number | undefined)[]) =>
    functionIds
      .filter((f): f is number => f !== undefined)
      .map((function_id) => ({ user_id: userId, function_id, staff_id: centre }));
  await tx
    .insert(userFunctions)
    .values([
      ...assign(mia!.id, [byCode.get('skill-rapid-test'), byCode.get('function-reception'), byCode.get('language-de')]),
      ...assign(tom.id, [byCode.get('skill-rapid-test'), byCode.get('language-en'), custom!.id]),
    ]);
}
