import { ROLE } from '@tz/shared/constants';
import { PHARMA_MSG, RX_DOCUMENT_MAX_BYTES, type Rx, type RxUsage } from '@tz/shared/pharma/pharma.contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { centreWithUser, createCustomer, createUser, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

type Who = { headers: Record<string, string> };
type Centre = Awaited<ReturnType<typeof centreWithUser>>;

let t: TestApp;
/** A pharmacy (consumables on) with a staff member (30), and a second pharmacy. */
let own: Centre;
let other: Centre;
/** A centre without the consumables feature. */
let plain: Centre;
let manager: Who;
let customerId: number;
let otherCustomerId: number;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  own = await centreWithUser(t.app, db, ROLE.staff, { consumables: true });
  other = await centreWithUser(t.app, db, ROLE.staff, { consumables: true });
  plain = await centreWithUser(t.app, db, ROLE.admin);
  const m = await createUser(db, { staff_id: own.centre.id, role_id: ROLE.manager });
  manager = { headers: { authorization: `Bearer ${(await login(t.app, m.email)).token}` } };
  customerId = (await createCustomer(db, { staff_id: own.centre.id, last_name: 'Becker' })).id;
  otherCustomerId = (await createCustomer(db, { staff_id: other.centre.id })).id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Who = own) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const base = (c: Centre = own) => `/api/staff/${c.centre.id}/pharma`;

const product = (over: Record<string, unknown> = {}) => ({
  product_id: null,
  customer_title: 'Inkontinenzvorlagen',
  customer_price: 500,
  price: 2490,
  pzn: '27580899',
  ...over,
});

async function newRx(c: Centre = own, over: Record<string, unknown> = {}) {
  const res = await call(
    'POST',
    `${base(c)}/rx`,
    {
      customer_id: c === own ? customerId : otherCustomerId,
      date: '2026-05-02',
      start: '2026-05-01',
      end: '2026-12-31',
      notes: 'dienstags',
      active: true,
      ...over,
    },
    c,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { rx: Rx }).rx;
}

async function newUsage(rxId: number, c: Centre = own, over: Record<string, unknown> = {}) {
  const res = await call(
    'POST',
    `${base(c)}/rx/${rxId}/usages`,
    { date: '2026-05-10', handover_date: '2026-05-11', products: [product()], ...over },
    c,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { usage: RxUsage }).usage;
}

function multipart(content: Buffer, filename: string, type = 'application/octet-stream') {
  const boundary = '----tzpharma';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const upload = (rxId: number, content: Buffer, filename: string, type?: string, c: Centre = own) => {
  const body = multipart(content, filename, type);
  return t.app.inject({
    method: 'POST',
    url: `${base(c)}/rx/${rxId}/documents`,
    headers: { ...c.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};

describe('prescriptions', () => {
  it('creates, changes and lists a prescription by month with its usages of that month only', async () => {
    const rx = await newRx();
    expect(rx).toMatchObject({ date: '2026-05-02', start: '2026-05-01', end: '2026-12-31', active: true });
    expect(rx.customer).toMatchObject({ id: customerId, last_name: 'Becker' });
    await newUsage(rx.id, own, { date: '2026-05-10', handover_date: '2026-05-12' });
    await newUsage(rx.id, own, { date: '2026-06-03', handover_date: null });

    // May in Berlin: 2026-05-01T00:00+02:00 to 2026-05-31T23:59:59+02:00
    const may = await call('GET', `${base()}/rx?startdate=1777586400&enddate=1780264799`);
    expect(may.statusCode, may.body).toBe(200);
    const entry = (may.json() as Rx[]).find((r) => r.id === rx.id)!;
    expect(entry.rx_usages.map((u) => [u.date, u.handover_date])).toEqual([['2026-05-10', '2026-05-12']]);
    // 2490 net + 19 % VAT
    expect(entry.rx_usages[0]!.total).toBe(2963);

    // A prescription whose service starts later is not in May.
    const later = await newRx(own, { date: '2026-07-01', start: '2026-07-01', end: null });
    expect((may.json() as Rx[]).some((r) => r.id === later.id)).toBe(false);

    const changed = await call('PUT', `${base()}/rx/${rx.id}`, {
      customer_id: customerId,
      date: '2026-05-02',
      start: '2026-05-01',
      end: null,
      notes: 'neu',
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as { rx: Rx }).rx).toMatchObject({ end: null, notes: 'neu', active: false });
  });

  it('activates an inactive prescription', async () => {
    const rx = await newRx(own, { active: false });
    const res = await call('POST', `${base()}/rx/${rx.id}/activate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PHARMA_MSG.rxActivated);
    const after = await call('GET', `${base()}/rx/${rx.id}`);
    expect((after.json() as Rx).active).toBe(true);
  });

  it('refuses a changed end before the start and a handover before the picking, each at its field, and keeps the stored ones', async () => {
    const rx = await newRx(own, { start: '2026-11-27', end: null });
    const end = await call('PUT', `${base()}/rx/${rx.id}`, {
      customer_id: customerId,
      date: '2026-11-20',
      start: '2026-11-27',
      end: '2026-11-22',
    });
    expect(end.statusCode).toBe(400);
    expect(end.json().details).toEqual([{ field: 'end', message: PHARMA_MSG.endBeforeStart }]);
    expect(((await call('GET', `${base()}/rx/${rx.id}`)).json() as Rx).end).toBeNull();

    const usage = await newUsage(rx.id, own, { date: '2026-11-28', handover_date: null });
    const handover = await call('PUT', `${base()}/rx/${rx.id}/usages/${usage.id}`, {
      date: '2026-11-28',
      handover_date: '2026-11-27',
      products: [product()],
    });
    expect(handover.statusCode).toBe(400);
    expect(handover.json().details).toEqual([{ field: 'handover_date', message: PHARMA_MSG.handoverBeforeDate }]);
    const stored = (await call('GET', `${base()}/rx/${rx.id}`)).json() as Rx;
    expect(stored.rx_usages.find((u) => u.id === usage.id)?.handover_date).toBeNull();
  });

  it('refuses an end before the start and a customer of another centre', async () => {
    const bad = await call('POST', `${base()}/rx`, {
      customer_id: customerId,
      date: '2026-05-02',
      start: '2026-05-10',
      end: '2026-05-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(PHARMA_MSG.endBeforeStart);
    const foreign = await call('POST', `${base()}/rx`, {
      customer_id: otherCustomerId,
      date: '2026-05-02',
      start: '2026-05-01',
      end: null,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(PHARMA_MSG.customerNotFound);
  });
});

describe('usages', () => {
  it('refuses a PZN with a wrong check digit, with a German message', async () => {
    const rx = await newRx();
    const res = await call('POST', `${base()}/rx/${rx.id}/usages`, {
      date: '2026-05-10',
      handover_date: null,
      products: [product({ pzn: '27580898' })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(PHARMA_MSG.invalidPzn);
    // A PZN-7 is read with a leading 0 and stored as 8 digits.
    const seven = await newUsage(rx.id, own, { products: [product({ pzn: '4595987' })] });
    expect(seven.products[0]!.pzn).toBe('04595987');
  });

  it('a billed usage can be neither changed nor deleted; billing needs role 25 or lower', async () => {
    const rx = await newRx();
    const usage = await newUsage(rx.id);
    const byStaff = await call('POST', `${base()}/billing`, { usage_ids: [usage.id] });
    expect(byStaff.statusCode).toBe(403);
    const billed = await call('POST', `${base()}/billing`, { usage_ids: [usage.id] }, manager);
    expect(billed.statusCode, billed.body).toBe(200);
    expect(billed.json().billed).toBe(1);

    const edit = await call('PUT', `${base()}/rx/${rx.id}/usages/${usage.id}`, {
      date: '2026-05-10',
      handover_date: null,
      products: [product({ price: 1 })],
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(PHARMA_MSG.alreadyBilled);
    const del = await call('DELETE', `${base()}/rx/${rx.id}/usages/${usage.id}`);
    expect(del.statusCode).toBe(409);
    const still = await call('GET', `${base()}/rx/${rx.id}/usages/${usage.id}`);
    expect(still.json()).toMatchObject({ billed: true, products: [{ price: 2490 }] });

    // An open usage can be changed and deleted.
    const open = await newUsage(rx.id);
    const changed = await call('PUT', `${base()}/rx/${rx.id}/usages/${open.id}`, {
      date: '2026-05-12',
      handover_date: '2026-05-13',
      products: [product(), product({ pzn: '04595987', customer_title: 'Handschuhe', price: 890 })],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as { usage: RxUsage }).usage.total).toBe(Math.round((2490 + 890) * 1.19));
    expect((await call('DELETE', `${base()}/rx/${rx.id}/usages/${open.id}`)).statusCode).toBe(200);
  });

  it('billing shows the billed figures of the chosen month and its open usages', async () => {
    const c = await centreWithUser(t.app, t.database.db, ROLE.manager, { consumables: true });
    const cust = await createCustomer(t.database.db, { staff_id: c.centre.id });
    const rx = await call(
      'POST',
      `${base(c)}/rx`,
      { customer_id: cust.id, date: '2026-04-01', start: '2026-04-01', end: null },
      c,
    );
    const rxId = (rx.json() as { rx: Rx }).rx.id;
    const a = await newUsage(rxId, c, { date: '2026-04-10' });
    await newUsage(rxId, c, { date: '2026-04-20' });
    await call('POST', `${base(c)}/billing`, { usage_ids: [a.id] }, c);
    const res = await call('GET', `${base(c)}/billing?month=2026-04`, undefined, c);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.selected).toEqual({ month: '2026-04', count: 1, net: 2490, gross: 2963 });
    expect(body.open_usage_ids).toHaveLength(1);
    expect(body.open_gross).toBe(2963);
  });
});

describe('documents', () => {
  it('uploads, lists, downloads and deletes a PDF', async () => {
    const rx = await newRx();
    const up = await upload(rx.id, PDF, 'Verordnung März.pdf', 'application/pdf');
    expect(up.statusCode, up.body).toBe(200);
    const docId = up.json().document.id as number;
    const list = await call('GET', `${base()}/rx/${rx.id}/documents`);
    expect(list.json()).toEqual([expect.objectContaining({ id: docId, mime: 'application/pdf', size: PDF.length })]);
    const file = await call('GET', `${base()}/rx/${rx.id}/documents/${docId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await call('DELETE', `${base()}/rx/${rx.id}/documents/${docId}`)).statusCode).toBe(200);
    expect((await call('GET', `${base()}/rx/${rx.id}/documents/${docId}`)).statusCode).toBe(404);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pharma_document'), eq(auditLog.entity_id, String(docId))));
    expect(audits.map((a) => a.action).sort()).toEqual(['delete', 'upload']);
  });

  it('checks the content, not the declared type, and refuses files over 10 MB', async () => {
    const rx = await newRx();
    const fake = await upload(rx.id, Buffer.from('MZ\x90\x00 kein PDF'), 'rechnung.pdf', 'application/pdf');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(PHARMA_MSG.fileType);
    const png = await upload(rx.id, PNG, 'scan.exe', 'application/x-msdownload');
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().document).toMatchObject({ mime: 'image/png', filename: 'scan.png' });
    const big = Buffer.concat([PDF, Buffer.alloc(RX_DOCUMENT_MAX_BYTES)]);
    const tooLarge = await upload(rx.id, big, 'gross.pdf', 'application/pdf');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(PHARMA_MSG.fileTooLarge);
    const empty = await call('POST', `${base()}/rx/${rx.id}/documents`, {});
    expect(empty.statusCode).toBe(400);
  });
});

describe('products', () => {
  it('keeps the catalogue per centre with a valid, unique PZN; only role 25 or lower may change it', async () => {
    const body = { pzn: '04595987', title: 'Einmalhandschuhe', customer_price: 0, price: 890 };
    expect((await call('POST', `${base()}/products`, body)).statusCode).toBe(403);
    const created = await call('POST', `${base()}/products`, body, manager);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().product.id as number;
    const twice = await call('POST', `${base()}/products`, body, manager);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PHARMA_MSG.pznTaken);
    const bad = await call('POST', `${base()}/products`, { ...body, pzn: '12345679' }, manager);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(PHARMA_MSG.invalidPzn);
    const changed = await call('PUT', `${base()}/products/${id}`, { ...body, price: 990 }, manager);
    expect(changed.json().product.price).toBe(990);
    const list = await call('GET', `${base()}/products`);
    expect(list.json()).toEqual([expect.objectContaining({ id, pzn: '04595987', price: 990 })]);
    // Another centre's product can be neither seen, changed nor used.
    expect((await call('PUT', `${base(other)}/products/${id}`, body, other)).statusCode).toBe(403);
    const rx = await newRx(other);
    const use = await call(
      'POST',
      `${base(other)}/rx/${rx.id}/usages`,
      { date: '2026-05-10', handover_date: null, products: [product({ product_id: id })] },
      other,
    );
    expect(use.statusCode).toBe(400);
    expect(use.json().message).toBe(PHARMA_MSG.productNotFound);
    expect((await call('DELETE', `${base()}/products/${id}`, undefined, manager)).statusCode).toBe(200);
  });
});

describe('isolation and feature', () => {
  it("another centre's prescriptions, usages and documents are unreachable (404)", async () => {
    const rx = await newRx(other);
    const usage = await newUsage(rx.id, other);
    const doc = (await upload(rx.id, PDF, 'fremd.pdf', 'application/pdf', other)).json().document.id as number;
    const paths: ['GET' | 'PUT' | 'DELETE' | 'POST', string, unknown?][] = [
      ['GET', `/rx/${rx.id}`],
      ['PUT', `/rx/${rx.id}`, { customer_id: customerId, date: '2026-05-01', start: '2026-05-01', end: null }],
      ['POST', `/rx/${rx.id}/activate`],
      ['GET', `/rx/${rx.id}/usages/${usage.id}`],
      ['PUT', `/rx/${rx.id}/usages/${usage.id}`, { date: '2026-05-10', handover_date: null, products: [product()] }],
      ['DELETE', `/rx/${rx.id}/usages/${usage.id}`],
      ['POST', `/rx/${rx.id}/usages`, { date: '2026-05-10', handover_date: null, products: [product()] }],
      ['GET', `/rx/${rx.id}/documents`],
      ['GET', `/rx/${rx.id}/documents/${doc}`],
      ['DELETE', `/rx/${rx.id}/documents/${doc}`],
    ];
    for (const [method, path, payload] of paths) {
      const res = await call(method, `${base()}${path}`, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    // Billing another centre's usage ids marks nothing.
    const bill = await call('POST', `${base()}/billing`, { usage_ids: [usage.id] }, manager);
    expect(bill.json().billed).toBe(0);
    const list = await call('GET', `${base()}/rx?startdate=1777586400&enddate=1780264799`);
    expect((list.json() as Rx[]).some((r) => r.id === rx.id)).toBe(false);
    // Still there for its own centre.
    expect((await call('GET', `${base(other)}/rx/${rx.id}/documents/${doc}`, undefined, other)).statusCode).toBe(200);
    expect((await call('GET', `${base(other)}/rx/${rx.id}/usages/${usage.id}`, undefined, other)).json().billed).toBe(
      false,
    );
  });

  it("another centre's path is refused by the guard (403)", async () => {
    expect((await call('GET', `${base(other)}/products`)).statusCode).toBe(403);
  });

  it('a centre without the consumables feature gets 403 PHARMA_DISABLED on every pharmacy call', async () => {
    const rx = await newRx(other);
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/rx?startdate=1777586400&enddate=1780264799'],
      ['POST', '/rx', { customer_id: customerId, date: '2026-05-01', start: '2026-05-01', end: null }],
      ['GET', `/rx/${rx.id}`],
      ['GET', `/rx/${rx.id}/documents`],
      ['GET', '/products'],
      ['GET', '/billing?month=2026-05'],
      ['POST', '/billing', { usage_ids: [1] }],
    ];
    for (const [method, path, payload] of calls) {
      const res = await call(method, `${base(plain)}${path}`, payload, plain);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json()).toMatchObject({ error: 'PHARMA_DISABLED', message: PHARMA_MSG.disabled });
    }
    const up = await upload(rx.id, PDF, 'a.pdf', 'application/pdf', plain);
    expect(up.statusCode).toBe(403);
  });
});
