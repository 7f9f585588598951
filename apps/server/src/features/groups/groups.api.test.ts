import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLE } from '@tz/shared/constants';
import {
  CSV_HEADER_LINE,
  CSV_MAX_BYTES,
  CSV_MSG,
  type ImportPreview,
  importAllowed,
  importRequestOf,
} from '@tz/shared/groups/customer-csv';
import { GROUP_MSG } from '@tz/shared/groups/groups.contract';
import { MSG } from '@tz/shared/messages';
import { dayIndexOf } from '@tz/shared/rules/free-slots';
import { dateInZone } from '@tz/shared/rules/time-zone';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../../clock';
import { appointmentInstitutions, appointments } from '../../db/schema/appointments';
import { customerInstitutions, customers } from '../../db/schema/customers';
import { auditLog } from '../../db/schema/platform';
import {
  centreWithUser,
  createCustomer,
  createInstitution,
  createService,
  createUser,
  login,
  openOn,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** 10,000 valid rows as Excel writes them (windows-1252, CRLF), people nobody else has. */
function tenThousandRows(): Buffer {
  const first = ['Jürgen', 'Änne', 'Björn', 'Grete', 'Sören', 'Käthe', 'Ulf', 'Maß'];
  const lines = [CSV_HEADER_LINE];
  for (let i = 0; i < 10_000; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
    lines.push(
      `${first[i % first.length]};Zehntausend-${i};Hauptstraße ${1 + (i % 150)};${String(10000 + (i % 89999)).padStart(5, '0')};Köln;p${i}@example.org;0221 ${i};${day}.${month}.${1930 + (i % 80)};ID${i}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

let t: TestApp;
let own: Awaited<ReturnType<typeof centreWithUser>>;
let other: Awaited<ReturnType<typeof centreWithUser>>;
let staffId: number;

beforeAll(async () => {
  t = await createTestApp();
  own = await centreWithUser(t.app, t.database.db, ROLE.staff);
  other = await centreWithUser(t.app, t.database.db, ROLE.staff);
  staffId = own.centre.id;
});
afterAll(() => t.close());

type Who = { headers: Record<string, string> };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Who = own) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const base = (id = staffId) => `/api/staff/${id}/institutions`;

function multipart(content: Buffer, fields: Record<string, string> = {}, filename = 'kunden.csv') {
  const boundary = '----tzgroups';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(institutionId: number, content: Buffer, fields: Record<string, string> = {}, who: Who = own) {
  const body = multipart(content, fields);
  return t.app.inject({
    method: 'POST',
    url: `${base()}/${institutionId}/import/preview`,
    headers: { ...who.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const previewOf = async (institutionId: number, content: Buffer) => {
  const res = await upload(institutionId, content);
  expect(res.statusCode).toBe(200);
  return res.json() as { oImportInfo: ImportPreview; iCount: number };
};

const importRows = (institutionId: number, p: Pick<ImportPreview, 'aHeader' | 'aaData'>, who: Who = own) =>
  call(
    'POST',
    `${base()}/${institutionId}/import`,
    { staff_id: staffId, institution_id: institutionId, aHeader: p.aHeader, aaData: p.aaData },
    who,
  );

const membersOf = async (institutionId: number) =>
  (await call('GET', `${base()}/${institutionId}?per_page=200`)).json().aoCustomers as {
    id: number;
    last_name: string;
  }[];
const memberCount = async (institutionId: number) =>
  (await call('GET', `${base()}/${institutionId}?per_page=1`)).json().iTotalCustomers as number;

const customersOfCentre = () => t.database.db.select().from(customers).where(eq(customers.staff_id, staffId));

describe('institutions', () => {
  it('creates a group with the name trimmed and spaces collapsed, lists and renames it', async () => {
    const res = await call('POST', base(), { staff_id: staffId, name: '  Pflegeheim   am  See ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      error: null,
      message: MSG.groupCreated,
      institution: { name: 'Pflegeheim am See' },
    });
    const id = res.json().institution.id;
    expect((await call('GET', base())).json()).toContainEqual({ id, name: 'Pflegeheim am See' });
    const renamed = await call('POST', base(), { staff_id: staffId, id, name: 'Pflegeheim Seeblick' });
    expect(renamed.json()).toMatchObject({
      message: GROUP_MSG.renamed,
      institution: { id, name: 'Pflegeheim Seeblick' },
    });
    expect((await call('GET', `${base()}/${id}`)).json()).toEqual({
      institution: { id, name: 'Pflegeheim Seeblick' },
      aoCustomers: [],
      iTotalCustomers: 0,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'institution'), eq(auditLog.entity_id, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'rename']);
  });

  it('refuses a name under 4 characters after trimming, naming the field', async () => {
    const res = await call('POST', base(), { staff_id: staffId, name: '  a   b ' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(GROUP_MSG.nameTooShort);
    expect((await call('POST', base(), { staff_id: staffId, name: 'abcd' })).statusCode).toBe(200);
  });

  it('refuses a name the centre already has, whatever its case, but another centre may use it', async () => {
    await call('POST', base(), { staff_id: staffId, name: 'Grundschule Nord' });
    const twice = await call('POST', base(), { staff_id: staffId, name: 'grundschule  NORD' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'NAME_TAKEN', message: GROUP_MSG.nameTaken });
    const elsewhere = await call(
      'POST',
      base(other.centre.id),
      { staff_id: other.centre.id, name: 'Grundschule Nord' },
      other,
    );
    expect(elsewhere.statusCode).toBe(200);
    // renaming a group to its own name is no conflict
    const g = await createInstitution(t.database.db, staffId, 'Kita Sonnenschein');
    expect((await call('POST', base(), { staff_id: staffId, id: g.id, name: 'Kita  Sonnenschein' })).statusCode).toBe(
      200,
    );
  });

  it('keeps centres apart: no list, no rename, no page of another centre', async () => {
    const foreign = await createInstitution(t.database.db, other.centre.id);
    expect((await call('GET', base(other.centre.id))).statusCode).toBe(403);
    expect((await call('GET', `${base()}/${foreign.id}`)).statusCode).toBe(404);
    expect((await call('POST', base(), { staff_id: staffId, id: foreign.id, name: 'Übernommen' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', base(), { staff_id: other.centre.id, name: 'Fremdes Zentrum' })).statusCode).toBe(403);
    expect((await call('GET', `${base()}/${foreign.id}/appointments`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: base() })).statusCode).toBe(401);
  });

  it('is open to every role of the centre', async () => {
    for (const role of [ROLE.admin, ROLE.manager, ROLE.staff]) {
      const user = await createUser(t.database.db, { staff_id: staffId, role_id: role });
      const who = { headers: { authorization: `Bearer ${(await login(t.app, user.email)).token}` } };
      expect((await call('GET', base(), undefined, who)).statusCode).toBe(200);
    }
  });
});

describe('members', () => {
  it('lists, removes and sets the groups of a customer; the customer stays', async () => {
    const g1 = await createInstitution(t.database.db, staffId);
    const g2 = await createInstitution(t.database.db, staffId);
    const c = await createCustomer(t.database.db, { staff_id: staffId, street: 'Weg 1', passport: 'X1' });
    const url = `/api/staff/${staffId}/customers/${c.id}/institutions`;
    const set = await call('PUT', url, { institution_ids: [g2.id, g1.id, g1.id], customer_id: c.id });
    expect(set.json()).toEqual({ institution_ids: [g1.id, g2.id].sort((a, b) => a - b) });
    expect((await call('GET', url)).json()).toEqual(set.json());
    expect(await membersOf(g1.id)).toEqual([
      expect.objectContaining({
        id: c.id,
        last_name: c.last_name,
        street: 'Weg 1',
        passport: 'X1',
        birthday: '1980-05-17',
      }),
    ]);

    const removed = await call('DELETE', `${base()}/${g1.id}/customers/${c.id}`);
    expect(removed.json()).toEqual({ error: null, message: MSG.removedFromGroup });
    expect(await membersOf(g1.id)).toEqual([]);
    expect((await call('DELETE', `${base()}/${g1.id}/customers/${c.id}`)).statusCode).toBe(404);
    expect((await call('GET', url)).json()).toEqual({ institution_ids: [g2.id] });
    expect((await t.database.db.select().from(customers).where(eq(customers.id, c.id))).length).toBe(1);
  });

  it('pages the members in German order of last and first name, with the total', async () => {
    const group = (await createInstitution(t.database.db, staffId)).id;
    const names = ['Zander', 'von Bülow', 'Öztürk', 'Schulze', 'Schäfer', 'Krüger', 'Köhler'];
    for (const last_name of names) {
      const c = await createCustomer(t.database.db, { staff_id: staffId, last_name });
      await t.database.db
        .insert(customerInstitutions)
        .values({ staff_id: staffId, customer_id: c.id, institution_id: group });
    }
    const page = async (n: number) => (await call('GET', `${base()}/${group}?per_page=3&page=${n}`)).json();
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.iTotalCustomers)).toEqual([7, 7, 7]);
    expect(pages.flatMap((p) => p.aoCustomers.map((m: { last_name: string }) => m.last_name))).toEqual([
      'Köhler',
      'Krüger',
      'Öztürk',
      'Schäfer',
      'Schulze',
      'von Bülow',
      'Zander',
    ]);
    expect((await call('GET', `${base()}/${group}?per_page=201`)).statusCode).toBe(400);
  });

  it("refuses another centre's group or customer", async () => {
    const foreignGroup = await createInstitution(t.database.db, other.centre.id);
    const foreignCustomer = await createCustomer(t.database.db, { staff_id: other.centre.id });
    const c = await createCustomer(t.database.db, { staff_id: staffId });
    const res = await call('PUT', `/api/staff/${staffId}/customers/${c.id}/institutions`, {
      institution_ids: [foreignGroup.id],
      customer_id: c.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.institutionNotFound);
    const theirs = await call('PUT', `/api/staff/${staffId}/customers/${foreignCustomer.id}/institutions`, {
      institution_ids: [],
      customer_id: foreignCustomer.id,
    });
    expect(theirs.statusCode).toBe(404);
    await t.database.db
      .insert(customerInstitutions)
      .values({ staff_id: other.centre.id, customer_id: foreignCustomer.id, institution_id: foreignGroup.id });
    expect((await call('DELETE', `${base()}/${foreignGroup.id}/customers/${foreignCustomer.id}`)).statusCode).toBe(404);
  });
});

describe('CSV upload preview', () => {
  let group: number;
  beforeAll(async () => {
    group = (await createInstitution(t.database.db, staffId)).id;
  });

  it('reads UTF-8 with BOM, without BOM and ISO-8859-1 alike, umlauts right', async () => {
    const expected = [
      [
        'Jürgen',
        'Müller',
        'Hauptstraße 5',
        '50667',
        'Köln',
        'juergen.mueller@example.org',
        '0221 123456',
        '03.04.1950',
        'T22000129',
      ],
      ['Änne', 'Größe-Weiß', 'Am Bärenplatz 12a', '80331', 'München', '', '', '29.02.1944', ''],
    ];
    for (const name of ['utf8-bom.csv', 'utf8-no-bom.csv', 'iso-8859-1.csv']) {
      const p = await previewOf(group, fixture(name));
      expect(p, name).toEqual({
        iCount: 2,
        oImportInfo: {
          aHeader: CSV_HEADER_LINE.split(';'),
          aaData: expected,
          aaoData: expected.map((r) => r.map((value) => ({ value, error: null }))),
          aErrorsLines: [],
          aEmptyLines: [],
          aGeneralErrors: [],
          aRowErrors: [],
          iTotalErrors: 0,
        },
      });
    }
    // nothing is stored by the preview
    expect(await membersOf(group)).toEqual([]);
  });

  it('accepts reordered columns and shows an extra column', async () => {
    const p = await previewOf(group, fixture('reordered-extra.csv'));
    expect(p.iCount).toBe(1);
    expect(p.oImportInfo.aHeader).toEqual([
      'Geburtstag',
      'Nachname',
      'Bemerkung',
      'Vorname',
      'Ausweisnummer',
      'Ort',
      'Postleitzahl',
      'Strasse',
      'Telefon',
      'Email',
    ]);
    expect(p.oImportInfo.aaData).toEqual([
      ['03.04.1950', 'Müller', 'Rollstuhl', 'Jürgen', '', 'Köln', '50667', 'Hauptstraße 5', '', ''],
    ]);
    expect(p.oImportInfo.iTotalErrors).toBe(0);
  });

  it('names a missing column as a general error', async () => {
    const p = await previewOf(group, fixture('missing-column.csv'));
    expect(p.iCount).toBe(0);
    expect(p.oImportInfo.aGeneralErrors).toEqual([CSV_MSG.missingColumn('Ausweisnummer'), CSV_MSG.expectedHeader]);
  });

  it('marks a street without number, a future birthday, bad email and postcode, an empty row and a duplicate', async () => {
    const p = (await previewOf(group, fixture('errors.csv'))).oImportInfo;
    const errors = p.aaoData.map((row) => row.map((c) => c.error));
    const none = null;
    expect(errors).toEqual([
      [none, none, CSV_MSG.streetNumber, none, none, none, none, none, none],
      [none, none, none, none, none, none, none, CSV_MSG.birthdayFuture, none],
      [none, none, none, none, none, none, none, none, none],
      [none, none, none, CSV_MSG.postcode, none, CSV_MSG.email, none, none, none],
      [none, none, none, none, none, none, none, none, none],
      [
        CSV_MSG.duplicateInFile(6),
        CSV_MSG.duplicateInFile(6),
        none,
        none,
        none,
        none,
        none,
        CSV_MSG.duplicateInFile(6),
        none,
      ],
    ]);
    expect(p.aaData[4]!.slice(0, 2)).toEqual(['Änne', 'Größe']);
    expect(p.aErrorsLines).toEqual([0, 1, 3, 5]);
    expect(p.aEmptyLines).toEqual([2]);
    expect(p.iTotalErrors).toBe(7);
    expect(p.aGeneralErrors).toEqual([]);
  });

  it('calls a row with a missing field short instead of blaming the value that slid into the e-mail column', async () => {
    const p = (await previewOf(group, fixture('short-row.csv'))).oImportInfo;
    expect(p.aRowErrors).toEqual([{ row: 1, error: CSV_MSG.rowWidth(8, 9) }]);
    expect(p.aaoData.flat().filter((c) => c.error)).toEqual([]);
    expect(p.aErrorsLines).toEqual([1]);
    expect(p.iTotalErrors).toBe(1);
  });

  it('reads 10,000 valid rows', async () => {
    const p = await previewOf(group, tenThousandRows());
    expect(p.iCount).toBe(10_000);
    expect(p.oImportInfo.iTotalErrors).toBe(0);
    expect(p.oImportInfo.aaData).toHaveLength(10_000);
  });

  it('refuses a file over 5 MB with a clear message', async () => {
    const big = Buffer.concat([Buffer.from(`${CSV_HEADER_LINE}\n`), Buffer.alloc(CSV_MAX_BYTES, 0x41)]);
    const p = await previewOf(group, big);
    expect(p.oImportInfo.aGeneralErrors).toEqual([CSV_MSG.tooLarge]);
    expect(p.iCount).toBe(0);
  });

  it('wants a file, and the spec fields must match the path', async () => {
    const noFile = await t.app.inject({
      method: 'POST',
      url: `${base()}/${group}/import/preview`,
      headers: own.headers,
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(GROUP_MSG.noFile);
    expect(
      (await upload(group, fixture('utf8-bom.csv'), { institution_id: String(group), staff_id: String(staffId) }))
        .statusCode,
    ).toBe(200);
    expect((await upload(group, fixture('utf8-bom.csv'), { institution_id: String(group + 1) })).statusCode).toBe(400);
  });

  it("refuses another centre's group and a caller of another centre", async () => {
    const foreign = await createInstitution(t.database.db, other.centre.id);
    expect((await upload(foreign.id, fixture('utf8-bom.csv'))).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base(other.centre.id)}/${foreign.id}/import/preview`,
      headers: own.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('final import', () => {
  it('imports all rows in one go, links an existing customer by name and birthday, and answers the count', async () => {
    const group = (await createInstitution(t.database.db, staffId)).id;
    const existing = await createCustomer(t.database.db, {
      staff_id: staffId,
      first_name: 'JÜRGEN',
      last_name: 'müller',
      birthday: '1950-04-03',
    });
    const before = (await customersOfCentre()).length;
    const p = (await previewOf(group, fixture('iso-8859-1.csv'))).oImportInfo;
    const res = await importRows(group, p);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ iCountImported: 2 });
    expect((await customersOfCentre()).length).toBe(before + 1);
    const members = await membersOf(group);
    expect(members.map((m) => m.last_name).sort()).toEqual(['Größe-Weiß', 'müller']);
    expect(members.find((m) => m.last_name === 'müller')!.id).toBe(existing.id);
    const [created] = await t.database.db.select().from(customers).where(eq(customers.last_name, 'Größe-Weiß'));
    expect(created).toMatchObject({
      staff_id: staffId,
      first_name: 'Änne',
      street: 'Am Bärenplatz 12a',
      postcode: '80331',
      city: 'München',
      email: null,
      birthday: '1944-02-29',
    });

    // the same file again: every row is already in the group
    const again = (await previewOf(group, fixture('iso-8859-1.csv'))).oImportInfo;
    expect(again.aaoData[0]![0]!.error).toBe(CSV_MSG.alreadyMember);
    const refused = await importRows(group, again);
    expect(refused.statusCode).toBe(422);
  });

  it('revalidates on the server and leaves nothing behind when any row is wrong', async () => {
    const group = (await createInstitution(t.database.db, staffId)).id;
    const before = (await customersOfCentre()).length;
    const good = 'Neu;Person;Weg 1;12345;Ort;;;01.01.1990;';
    const res = await importRows(group, {
      aHeader: CSV_HEADER_LINE.split(';'),
      aaData: [good.split(';'), 'Zweite;Person;Weg ohne Nummer;12345;Ort;;;01.01.1990;'.split(';')],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'IMPORT_HAS_ERRORS', message: GROUP_MSG.importRefused });
    expect(res.json().details.aaoData[1][2].error).toBe(CSV_MSG.streetNumber);
    expect((await customersOfCentre()).length).toBe(before);
    expect(await membersOf(group)).toEqual([]);
    const missing = await importRows(group, { aHeader: ['Vorname'], aaData: [['A']] });
    expect(missing.statusCode).toBe(422);
    expect((await customersOfCentre()).length).toBe(before);
  });

  it('imports every file that previews without errors, as the group page sends it', async () => {
    const files: [string, Buffer][] = [
      ...readdirSync(FIXTURES)
        .filter((f) => f.endsWith('.csv'))
        .map((f): [string, Buffer] => [f, fixture(f)]),
      ['10,000 rows (generated)', tenThousandRows()],
    ];
    const clean: string[] = [];
    for (const [name, bytes] of files) {
      const group = (await createInstitution(t.database.db, staffId)).id;
      const { oImportInfo: p, iCount } = await previewOf(group, bytes);
      if (!importAllowed(p)) continue;
      clean.push(name);
      const res = await importRows(group, importRequestOf(p));
      expect(res.statusCode, `${name}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.json(), name).toEqual({ iCountImported: iCount });
      expect(await memberCount(group), name).toBe(iCount);
    }
    // The files a real institution sends: Excel (windows-1252), UTF-8 with BOM, LibreOffice with a remarks
    // column holding a line break, and 10,000 rows.
    expect(clean).toEqual(
      expect.arrayContaining([
        'excel-cp1252.csv',
        'utf8-bom.csv',
        'libreoffice-bemerkung.csv',
        'reordered-extra.csv',
        '10,000 rows (generated)',
      ]),
    );
    expect(clean).not.toContain('short-row.csv');
  });

  it('stores what the spreadsheet shows: windows-1252 punctuation and names, the remarks column nowhere', async () => {
    const excel = (await createInstitution(t.database.db, staffId)).id;
    await importRows(excel, importRequestOf((await previewOf(excel, fixture('excel-cp1252.csv'))).oImportInfo));
    const names = (await membersOf(excel)).map((m) => m.last_name);
    expect(names).toContain('D’Angelo');
    expect(names).toContain('Œhlenschläger');
    const libre = (await createInstitution(t.database.db, staffId)).id;
    const p = (await previewOf(libre, fixture('libreoffice-bemerkung.csv'))).oImportInfo;
    expect(p.aaData[6]![8]).toBe('Rollstuhl, bitte\nRampe am Hintereingang benutzen');
    expect(importRequestOf(p).aHeader).not.toContain('Bemerkung');
    expect((await importRows(libre, importRequestOf(p))).json()).toEqual({ iCountImported: 25 });
  });

  it("refuses another centre's group, a body for another centre and a bad body", async () => {
    const foreign = await createInstitution(t.database.db, other.centre.id);
    const p = { aHeader: CSV_HEADER_LINE.split(';'), aaData: [] };
    expect((await importRows(foreign.id, p)).statusCode).toBe(404);
    const group = (await createInstitution(t.database.db, staffId)).id;
    const wrongCentre = await call('POST', `${base()}/${group}/import`, {
      staff_id: other.centre.id,
      institution_id: group,
      ...p,
    });
    expect(wrongCentre.statusCode).toBe(403);
    const bad = await call('POST', `${base()}/${group}/import`, {
      staff_id: staffId,
      institution_id: group,
      aHeader: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('bulk appointments', () => {
  const date = dateInZone(new Date(nowMs() + 8 * 86_400_000), 'Europe/Berlin');
  let group: number;
  let serviceId: number;
  let members: number[];

  beforeAll(async () => {
    const manager = await createUser(t.database.db, { staff_id: staffId, role_id: ROLE.manager });
    const mh = { authorization: `Bearer ${(await login(t.app, manager.email)).token}` };
    await openOn(t.app, mh, staffId, [dayIndexOf(date)], '08:00', '12:00');
    serviceId = (
      await createService(t.database.db, { staff_id: staffId, slot_length: 1800, duration: 1800, capacity_max: 3 })
    ).id;
    group = (await createInstitution(t.database.db, staffId)).id;
    members = [];
    for (let i = 0; i < 4; i++) members.push((await createCustomer(t.database.db, { staff_id: staffId })).id);
    await t.database.db
      .insert(customerInstitutions)
      .values(members.map((customer_id) => ({ staff_id: staffId, customer_id, institution_id: group })));
  });

  const add = (body: Record<string, unknown>, who: Who = own, id = group) =>
    call(
      'POST',
      `${base()}/${id}/appointments`,
      {
        staff_id: staffId,
        institution_id: id,
        service_id: serviceId,
        aSelectedCustomer: members.slice(0, 3),
        sSelectedDateTime: `${date} 09:00`,
        ...body,
      },
      who,
    );
  const countFor = async (ids: number[]) =>
    (await t.database.db.select().from(appointments).where(inArray(appointments.customer_id, ids))).length;

  it('books one appointment per selected member at the time, each assigned to the group', async () => {
    const res = await add({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ error: null, message: MSG.appointmentsSaved });
    const ids = res.json().ids as number[];
    expect(ids).toHaveLength(3);
    const rows = await t.database.db.select().from(appointments).where(inArray(appointments.id, ids));
    expect(rows.map((r) => r.customer_id).sort()).toEqual(members.slice(0, 3).sort());
    expect(new Set(rows.map((r) => r.start_date.toISOString())).size).toBe(1);
    expect(rows.every((r) => r.service_id === serviceId && r.status === 'approved')).toBe(true);
    const links = await t.database.db
      .select()
      .from(appointmentInstitutions)
      .where(inArray(appointmentInstitutions.appointment_id, ids));
    expect(links.every((l) => l.institution_id === group)).toBe(true);
    expect(links).toHaveLength(3);

    const list = await call('GET', `${base()}/${group}/appointments`);
    expect(list.json()).toEqual([
      expect.objectContaining({ date, time: '09:00', weekday: dayIndexOf(date), number: 3 }),
    ]);
  });

  it('respects the booking rule: no more places than free, unless staff overbook', async () => {
    // 09:00 holds 3 already; 09:30 has 3 places
    const full = await add({ aSelectedCustomer: [members[3]!] });
    expect(full.statusCode).toBe(422);
    expect(full.json().error).toBe('SLOT_NOT_FREE');
    const four = await add({ aSelectedCustomer: members, sSelectedDateTime: `${date} 09:30` });
    expect(four.statusCode).toBe(422);
    expect(four.json().message).toContain('sind keine 4 Plätze mehr frei');
    expect(await countFor([members[3]!])).toBe(0);
    const over = await add({ aSelectedCustomer: [members[3]!], overbook: true });
    expect(over.statusCode).toBe(200);
  });

  it('refuses closed hours, the past, a time off the grid', async () => {
    expect((await add({ sSelectedDateTime: `${date} 13:00` })).statusCode).toBe(422);
    expect((await add({ sSelectedDateTime: `${date} 09:10` })).statusCode).toBe(422);
    const past = dateInZone(new Date(nowMs() - 7 * 86_400_000), 'Europe/Berlin');
    expect((await add({ sSelectedDateTime: `${past} 09:00` })).json().message).toContain(MSG.bookingInPast);
  });

  it('books the whole group with all_members, read on the server, less the excepted ones', async () => {
    const whole = (await createInstitution(t.database.db, staffId)).id;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createCustomer(t.database.db, { staff_id: staffId })).id);
    await t.database.db
      .insert(customerInstitutions)
      .values(ids.map((customer_id) => ({ staff_id: staffId, customer_id, institution_id: whole })));
    const res = await add(
      { all_members: true, aSelectedCustomer: [], aExceptCustomer: [ids[4]!], sSelectedDateTime: `${date} 11:00` },
      own,
      whole,
    );
    // 4 people at a start with 3 places: refused, as for a hand-picked list, unless staff overbook
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('sind keine 4 Plätze mehr frei');
    const over = await add(
      {
        all_members: true,
        aSelectedCustomer: [],
        aExceptCustomer: [ids[4]!],
        sSelectedDateTime: `${date} 11:00`,
        overbook: true,
      },
      own,
      whole,
    );
    expect(over.statusCode).toBe(200);
    const booked = await t.database.db.select().from(appointments).where(inArray(appointments.id, over.json().ids));
    expect(booked.map((r) => r.customer_id).sort((a, b) => a - b)).toEqual(ids.slice(0, 4));
    const both = await add({ all_members: true, aSelectedCustomer: [ids[0]!] }, own, whole);
    expect(both.statusCode).toBe(400);
    const none = await add(
      { all_members: true, aSelectedCustomer: [], aExceptCustomer: ids, sSelectedDateTime: `${date} 11:30` },
      own,
      whole,
    );
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(GROUP_MSG.noCustomers);
  });

  it('refuses customers outside the group, all or nothing', async () => {
    const outsider = await createCustomer(t.database.db, { staff_id: staffId });
    const res = await add({ aSelectedCustomer: [members[0]!, outsider.id], sSelectedDateTime: `${date} 10:00` });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(GROUP_MSG.someNotMembers);
    expect(await countFor([outsider.id])).toBe(0);
  });

  it('refuses a service of another centre or an inactive one', async () => {
    const foreign = await createService(t.database.db, { staff_id: other.centre.id });
    const inactive = await createService(t.database.db, { staff_id: staffId, active: false });
    const f = await add({ service_id: foreign.id, sSelectedDateTime: `${date} 10:30` });
    expect(f.statusCode).toBe(400);
    expect(f.json().message).toBe(MSG.serviceNotOfCentre);
    expect((await add({ service_id: inactive.id, sSelectedDateTime: `${date} 10:30` })).statusCode).toBe(422);
  });

  it('validates the body: date and time format, customers chosen once', async () => {
    for (const sSelectedDateTime of [`${date}T09:00`, '2024-02-30 09:00', `${date} 24:00`, `${date} 9:00`]) {
      const res = await add({ sSelectedDateTime });
      expect(res.statusCode, sSelectedDateTime).toBe(400);
    }
    expect((await add({ aSelectedCustomer: [] })).statusCode).toBe(400);
    expect((await add({ aSelectedCustomer: [members[0]!, members[0]!] })).statusCode).toBe(400);
  });

  it("keeps centres apart: another centre's group, a body for another centre", async () => {
    const foreign = await createInstitution(t.database.db, other.centre.id);
    expect((await add({}, own, foreign.id)).statusCode).toBe(404);
    expect((await add({ staff_id: other.centre.id, sSelectedDateTime: `${date} 11:00` })).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base(other.centre.id)}/${foreign.id}/appointments`,
      headers: own.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});
