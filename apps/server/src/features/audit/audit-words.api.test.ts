import type { AuditEntry, AuditPage } from '@tz/shared/audit/audit.contract';
import { ROLE } from '@tz/shared/constants';
import { AUDIT_ACTIONS } from '@tz/shared/rules/audit-actions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centreWithUser, createCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The audit trail in words, from real changes (issue 26, item 4): every value the
 * list and its CSV show is the word the screens show, and each action says what
 * happened. The database of this file holds only the rows these calls write.
 */
let t: TestApp;
let platform: Awaited<ReturnType<typeof centreWithUser>>;
let pharmacy: Awaited<ReturnType<typeof centreWithUser>>;
let newCentreId: number;

type Headers = Record<string, string>;
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  platform = await centreWithUser(t.app, db, ROLE.platformAdmin);
  pharmacy = await centreWithUser(t.app, db, ROLE.admin, { type: '3', consumables: true });
  const p = platform.headers;

  // the platform: a new pharmacy, its first user, the ID adopted, deactivated and back
  const created = await call('POST', '/api/platform/centres', p, {
    full_name: 'Apotheke am Markt',
    city: 'Kiel',
    type: '3',
  });
  newCentreId = created.json().id;
  await call('POST', `/api/platform/centres/${newCentreId}/user`, p, {
    name: 'Nora Neu',
    email: `nora-${newCentreId}@apotheke.example`,
    password: 'sicher123',
    staff_id: newCentreId,
  });
  await call('POST', `/api/platform/centres/${newCentreId}/adopt`, p);
  await call('POST', `/api/platform/centres/${newCentreId}/active`, p, { active: false });
  await call('POST', `/api/platform/centres/${newCentreId}/active`, p, { active: true });

  // a centre's own changes: users, a lab, a group, the pharmacy's catalogue, prescription and usage
  const h = pharmacy.headers;
  const sid = pharmacy.centre.id;
  const user = await call('POST', `/api/staff/${sid}/users`, h, {
    name: 'Max Muster',
    email: `max-${sid}@apotheke.example`,
    password: 'sicher123',
    password2: 'sicher123',
    role_id: ROLE.staff,
    staff_id: sid,
  });
  const userId = user.json().id as number;
  await call('POST', `/api/staff/${sid}/users/${userId}`, h, { role_id: ROLE.manager });
  await call('POST', `/api/staff/${sid}/users/${userId}/active`, h, { active: 0 });
  await call('POST', `/api/staff/${sid}/pcr-labs`, h, {
    name: 'Labor Nord',
    email: 'bestellung@labor.example',
    show_sidebar: 1,
    products: [{ name: 'Abstrichtupfer', number: 'A-100' }],
  });
  await call('POST', `/api/staff/${sid}/institutions`, h, { staff_id: sid, name: 'Pflegeheim Sonnenhof' });
  await call('POST', `/api/staff/${sid}/pharma/products`, h, {
    pzn: '04595987',
    title: 'Einmalhandschuhe Nitril',
    customer_price: 1059,
    price: 890,
  });
  const customer = await createCustomer(db, { staff_id: sid, first_name: 'Hildegard', last_name: 'Becker' });
  const rx = await call('POST', `/api/staff/${sid}/pharma/rx`, h, {
    customer_id: customer.id,
    date: '2026-06-16',
    start: '2026-06-16',
    end: null,
    notes: 'Lieferung an die Tochter',
    active: true,
  });
  await call('POST', `/api/staff/${sid}/pharma/rx/${rx.json().rx.id}/usages`, h, {
    date: '2026-06-16',
    handover_date: null,
    products: [
      {
        product_id: null,
        customer_title: 'Einmalhandschuhe Nitril',
        customer_price: 1059,
        price: 890,
        pzn: '04595987',
      },
    ],
  });
});
afterAll(() => t.close());

const allRows = async () => {
  const rows: AuditEntry[] = [];
  for (let page = 1; ; page++) {
    const body = (await call('GET', `/api/platform/audit?page=${page}`, platform.headers)).json() as AuditPage;
    rows.push(...body.rows);
    if (page * body.page_size >= body.total) return rows;
  }
};

describe('the audit trail reads as words (issue 26, item 4)', () => {
  it("names a new centre's type and who adopted its ID, on the screen and in the CSV", async () => {
    const list = (
      await call('GET', `/api/platform/audit?staff_id=${newCentreId}`, platform.headers)
    ).json() as AuditPage;
    const byAction = (action: string) => list.rows.find((r) => r.entity === 'centre' && r.action === action);
    expect(byAction('create')).toMatchObject({
      what: 'Zentrum angelegt',
      change: 'Name: Apotheke am Markt; Ort: Kiel; Art: Apotheke',
    });
    expect(byAction('adopt')).toMatchObject({
      what: `ID übernommen von ${platform.user.name} (${platform.user.email})`,
      change: '',
    });
    expect(byAction('deactivate')).toMatchObject({
      what: 'Zentrum deaktiviert',
      change: 'Zentrum: aktiv → deaktiviert',
    });
    expect(list.rows.find((r) => r.action === 'create_centre_user')).toMatchObject({
      change: `Rolle: Administrator; E-Mail: nora-${newCentreId}@apotheke.example`,
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/platform/audit?staff_id=${newCentreId}`,
      headers: { ...platform.headers, accept: 'text/csv' },
    });
    expect(csv.body).toContain(';Zentrum angelegt;"Name: Apotheke am Markt; Ort: Kiel; Art: Apotheke";');
    expect(csv.body).toContain(`;ID übernommen von ${platform.user.name} (${platform.user.email});;`);
    expect(csv.body).not.toMatch(/Art: \d|E-Mail: plattform|Rolle: \d/);
  });

  it("reads the centre's own changes with their words: roles, access, labs, groups, products, prescriptions", async () => {
    const list = (await call('GET', `/api/staff/${pharmacy.centre.id}/audit`, pharmacy.headers)).json() as AuditPage;
    const texts = list.rows.map((r) => `${r.what} | ${r.change}`);
    expect(texts).toEqual(
      expect.arrayContaining([
        `Benutzer angelegt | Rolle: Mitarbeiter; Zugang: aktiv; E-Mail: max-${pharmacy.centre.id}@apotheke.example`,
        'Rolle geändert | Rolle: Mitarbeiter → Testzentrumsleitung',
        'Zugang gesperrt | Zugang: aktiv → gesperrt',
        'PCR-Labor angelegt | Name: Labor Nord; E-Mail für Bestellungen: bestellung@labor.example; Ergebnissystem: keine Angabe; Ergebnis-Button: keine Angabe; In der Seitenleiste: ja; Gemeinsames Labor: nein; Produkte: Abstrichtupfer',
        'Gruppe angelegt | Name: Pflegeheim Sonnenhof',
        'Produkt angelegt | PZN: 04595987; Bezeichnung: Einmalhandschuhe Nitril; Kundenpreis: 10,59 €; Preis (netto): 8,90 €',
        'Verordnung angelegt | Kunde: Becker, Hildegard; Ausgestellt am: 16.06.2026; Beginn: 16.06.2026; Ende: offen; Status: aktiv; Notizen: Lieferung an die Tochter',
        'Abgabe angelegt | Kommissioniert am: 16.06.2026; Abgeholt am: offen; Produkte: Einmalhandschuhe Nitril',
      ]),
    );
  });

  it('shows no code, no stored key and no unnamed field in any row of any audited action here', async () => {
    const rows = await allRows();
    expect(new Set(rows.map((r) => r.entity)).size).toBeGreaterThanOrEqual(7);
    for (const r of rows) {
      const text = `${r.what} | ${r.change}`;
      expect(text, `${r.entity}/${r.action}`).not.toMatch(/[A-Za-z]+_[A-Za-z0-9_]+/);
      expect(text, `${r.entity}/${r.action}`).not.toMatch(/weitere Angabe|undefined|null|\[object/);
      // a label followed by a bare small number is a code where a word belongs ('Art: 3', 'Rolle: 20')
      expect(text, `${r.entity}/${r.action}`).not.toMatch(/(?:^|; |\| )[^:;|]+: -?\d{1,3}(?:$|;| →)/);
      // every stored action has its own sentence in the catalogue
      expect(Object.keys((AUDIT_ACTIONS as Record<string, object>)[r.entity] ?? {}), r.entity).toContain(r.action);
    }
  });
});
