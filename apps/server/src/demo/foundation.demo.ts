import { hashPassword } from '../auth/passwords';
import type { DbOrTx } from '../db/client';
import { centres } from '../db/schema/centres';
import { news } from '../db/schema/platform';
import { users } from '../db/schema/users';

export const DEMO_PASSWORD = 'demo1234';

export interface DemoIds {
  testCentreId: number;
  vaccinationCentreId: number;
  inactiveCentreId: number;
  /** '' for the demo itself; unique for each set of centres the e2e test API creates. */
  tag: string;
}

/** The demo's logins, or their tagged twins in a set of centres made for one e2e test. */
export const demoEmail = (local: string, tag: string) =>
  tag ? `${local}.${tag}@demo.example` : `${local}@demo.example`;
/** The demo's fixed appointment tokens, tagged the same way. */
export const demoToken = (token: string, tag: string) => (tag ? `${token}-${tag}` : token);

const centreBase = {
  phone: '0221 1234567',
  phone_int: '+49 221 1234567',
  tz_city: 'Musterstadt',
  city: 'Musterstadt',
  tz_zip: '51466',
  invoice_mail: 'rechnung@demo.example',
  inv_entity: 'Muster Gesundheit GmbH',
  inv_street: 'Musterstraße 1',
  inv_zip: '51466',
  inv_city: 'Musterstadt',
  UID: 'DE123456789',
  prof_responsible: 'Dr. Erika Mustermann',
  prof_dataprotect: 'Max Datenschutz',
  prof_entity: 'Muster Gesundheit GmbH',
  color1: '#1c7ed6',
  color2: '#f1f3f5',
  color3: '#212529',
  info: 'Mit freundlichen Grüßen\nIhr Team vom Testzentrum Musterstadt',
  health_department: 'Gesundheitsamt Musterstadt',
  health_department_testcenter_id: 'GA-MS-0815',
  health_department_email: 'gesundheitsamt@musterstadt.example',
  health_department_zip: '51466',
};

const day = 24 * 3600 * 1000;

/** The platform's own centre, its administrator and the news everyone sees. */
export async function seedPlatformFoundation(tx: DbOrTx, at: Date) {
  const [platform] = await tx
    .insert(centres)
    .values({ ...centreBase, full_name: 'Plattformbetrieb', email: 'plattform@demo.example', testcenter: true })
    .returning({ id: centres.id });
  await tx.insert(users).values({
    staff_id: platform!.id,
    name: 'Paula Plattform',
    email: 'plattform@demo.example',
    password_hash: await hashPassword(DEMO_PASSWORD),
    role_id: 10,
  });
  const ago = (days: number) => new Date(at.getTime() - days * day);
  await tx.insert(news).values([
    {
      title: 'Willkommen im neuen Backoffice',
      content:
        '## Schön, dass Sie da sind\n\nDas Backoffice bündelt **Termine**, **Check-in** und **Abrechnung** nach TestV an einem Ort.\n\n- Termine im Blick\n- Ergebnisse erfassen\n- Belege versenden',
      updated_at: ago(20),
    },
    {
      title: 'Neue Exportfunktion',
      content: 'Monatliche Exporte werden **nachts** erzeugt und stehen innerhalb von 24 Stunden bereit.',
      updated_at: ago(7),
    },
    {
      title: 'Hinweis zur Aufbewahrung',
      content:
        'Die Dokumentation nach § 7a TestV ist bis zum **31.12.2028** aufzubewahren. Bitte löschen Sie keine Testnachweise vorher.',
      updated_at: ago(1),
    },
  ]);
}

/**
 * A test centre, a vaccination centre and one not yet activated, with their
 * administrators, manager and staff. The e2e test API calls this with a tag
 * for every test, so each test has centres and logins of its own.
 */
export async function seedCentres(tx: DbOrTx, tag: string): Promise<DemoIds> {
  const inserted = await tx
    .insert(centres)
    .values([
      {
        ...centreBase,
        full_name: 'Testzentrum Musterstadt',
        search_name: demoToken('testzentrum-musterstadt', tag),
        email: demoEmail('testzentrum', tag),
        tz_street: 'Musterstraße',
        tz_street_number: '14',
        type: '1',
        testcenter: true,
        tz_institution_type: '§4',
      },
      {
        ...centreBase,
        full_name: 'Impfzentrum Musterstadt',
        search_name: demoToken('impfzentrum-musterstadt', tag),
        email: demoEmail('impfzentrum', tag),
        tz_street: 'Impfweg',
        tz_street_number: '2',
        type: '2',
        testcenter: true,
      },
      {
        full_name: 'Testzentrum Neustadt (nicht aktiviert)',
        city: 'Neustadt',
        tz_city: 'Neustadt',
        email: demoEmail('neustadt', tag),
        testcenter: false,
      },
    ])
    .returning({ id: centres.id });
  const [test, vacc, inactive] = inserted.map((r) => r.id) as [number, number, number];

  const hash = await hashPassword(DEMO_PASSWORD);
  const user = (staff_id: number, name: string, local: string, role_id: number) => ({
    staff_id,
    name,
    email: demoEmail(local, tag),
    password_hash: hash,
    role_id,
  });
  await tx
    .insert(users)
    .values([
      user(test, 'Anna Admin', 'admin', 20),
      user(test, 'Lars Leitung', 'leitung', 25),
      user(test, 'Mia Mitarbeiter', 'mitarbeiter', 30),
      user(vacc, 'Ina Impf-Admin', 'impf-admin', 20),
    ]);
  if (tag) {
    // A set made for one e2e test gets a platform centre and administrator of its own too.
    const [platform] = await tx
      .insert(centres)
      .values({ ...centreBase, full_name: 'Plattformbetrieb', email: demoEmail('plattform', tag), testcenter: true })
      .returning({ id: centres.id });
    await tx.insert(users).values(user(platform!.id, 'Paula Plattform', 'plattform', 10));
  }
  return { testCentreId: test, vaccinationCentreId: vacc, inactiveCentreId: inactive, tag };
}
