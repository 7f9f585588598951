import { hashPassword } from '../auth/passwords';
import type { DbOrTx } from '../db/client';
import { centres } from '../db/schema/centres';
import { news } from '../db/schema/platform';
import { users } from '../db/schema/users';

export interface DemoIds {
  platformCentreId: number;
  testCentreId: number;
  vaccinationCentreId: number;
  inactiveCentreId: number;
}

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

export async function seedFoundation(tx: DbOrTx): Promise<DemoIds> {
  const inserted = await tx
    .insert(centres)
    .values([
      { ...centreBase, full_name: 'Plattformbetrieb', email: 'plattform@demo.example', testcenter: true },
      {
        ...centreBase,
        full_name: 'Testzentrum Musterstadt',
        search_name: 'testzentrum-musterstadt',
        email: 'testzentrum@demo.example',
        tz_street: 'Musterstraße',
        tz_street_number: '14',
        type: '1',
        testcenter: true,
        tz_institution_type: '§4',
      },
      {
        ...centreBase,
        full_name: 'Impfzentrum Musterstadt',
        search_name: 'impfzentrum-musterstadt',
        email: 'impfzentrum@demo.example',
        tz_street: 'Impfweg',
        tz_street_number: '2',
        type: '2',
        testcenter: true,
      },
      {
        full_name: 'Testzentrum Neustadt (nicht aktiviert)',
        city: 'Neustadt',
        tz_city: 'Neustadt',
        email: 'neustadt@demo.example',
        testcenter: false,
      },
    ])
    .returning({ id: centres.id });
  const [platform, test, vacc, inactive] = inserted.map((r) => r.id) as [number, number, number, number];

  const hash = await hashPassword('demo1234');
  await tx.insert(users).values([
    { staff_id: platform, name: 'Paula Plattform', email: 'plattform@demo.example', password_hash: hash, role_id: 10 },
    { staff_id: test, name: 'Anna Admin', email: 'admin@demo.example', password_hash: hash, role_id: 20 },
    { staff_id: test, name: 'Lars Leitung', email: 'leitung@demo.example', password_hash: hash, role_id: 25 },
    { staff_id: test, name: 'Mia Mitarbeiter', email: 'mitarbeiter@demo.example', password_hash: hash, role_id: 30 },
    { staff_id: vacc, name: 'Ina Impf-Admin', email: 'impf-admin@demo.example', password_hash: hash, role_id: 20 },
  ]);

  const day = 24 * 3600 * 1000;
  await tx.insert(news).values([
    {
      title: 'Willkommen im neuen Backoffice',
      content:
        '## Schön, dass Sie da sind\n\nDas Backoffice bündelt **Termine**, **Check-in** und **Abrechnung** nach TestV an einem Ort.\n\n- Termine im Blick\n- Ergebnisse erfassen\n- Belege versenden',
      updated_at: new Date(Date.now() - 20 * day),
    },
    {
      title: 'Neue Exportfunktion',
      content: 'Monatliche Exporte werden **nachts** erzeugt und stehen innerhalb von 24 Stunden bereit.',
      updated_at: new Date(Date.now() - 7 * day),
    },
    {
      title: 'Hinweis zur Aufbewahrung',
      content:
        'Die Dokumentation nach § 7a TestV ist bis zum **31.12.2028** aufzubewahren. Bitte löschen Sie keine Testnachweise vorher.',
      updated_at: new Date(Date.now() - 1 * day),
    },
  ]);

  return { platformCentreId: platform, testCentreId: test, vaccinationCentreId: vacc, inactiveCentreId: inactive };
}
