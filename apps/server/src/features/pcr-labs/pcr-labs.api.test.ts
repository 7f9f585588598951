import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import {
  PCR_MSG,
  PCR_ORDER_MAX_QUANTITY,
  type PcrAppointment,
  type PcrLab,
  type PcrOrder,
} from '@tz/shared/pcr-labs/pcr-labs.contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../clock';
import { appointments } from '../../db/schema/appointments';
import { centrePcrLabs } from '../../db/schema/centres';
import { mailOutbox } from '../../db/schema/mail';
import { centreWithUser, createAppointmentRow, createUser, login } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';
import { processOutbox } from '../mail/mail-outbox';

let t: TestApp;
let admin: Awaited<ReturnType<typeof centreWithUser>>;
let other: Awaited<ReturnType<typeof centreWithUser>>;
let staff: { headers: Record<string, string> };
let staffId: number;

type Who = { headers: Record<string, string> };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const base = (id = staffId) => `/api/staff/${id}/pcr-labs`;

const labBody = (over: Record<string, unknown> = {}) => ({
  name: 'Labor Nord',
  email: 'bestellung@labor-nord.example',
  result_system: 'LDT',
  result_button_label: 'Befund Nord',
  show_sidebar: 0,
  products: [
    { name: 'Abstrichtupfer', number: 'A-100' },
    { name: 'Probenröhrchen', number: 'R-200' },
  ],
  ...over,
});

async function createLab(who: Who, sid: number, over: Record<string, unknown> = {}) {
  const res = await call('POST', base(sid), who, labBody(over));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { lab: PcrLab }).lab;
}

const pcrService = { title: 'PCR-Test Selbstzahler', test_type: 2, price: 6900 };
const sidebarOf = async (who: Who) =>
  ((await call('GET', '/api/auth/session', who)).json() as { centre: { pcr_sidebar: boolean } }).centre.pcr_sidebar;

beforeAll(async () => {
  setClock(new Date('2024-03-01T10:00:00Z'));
  t = await createTestApp();
  admin = await centreWithUser(t.app, t.database.db, ROLE.admin);
  other = await centreWithUser(t.app, t.database.db, ROLE.admin);
  staffId = admin.centre.id;
  const user = await createUser(t.database.db, { staff_id: staffId, role_id: ROLE.staff });
  staff = { headers: { authorization: `Bearer ${(await login(t.app, user.email)).token}` } };
});
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('labs of the centre', () => {
  it('lets an administrator create a lab with its catalogue; staff may read but not manage', async () => {
    const lab = await createLab(admin, staffId);
    expect(lab).toMatchObject({ email: 'bestellung@labor-nord.example', result_button_label: 'Befund Nord' });
    expect(lab.products.map((p) => p.name)).toEqual(['Abstrichtupfer', 'Probenröhrchen']);

    const read = await call('GET', base(), staff);
    expect(read.statusCode).toBe(200);
    expect((read.json() as PcrLab[]).map((l) => l.id)).toContain(lab.id);
    expect((await call('POST', base(), staff, labBody())).statusCode).toBe(403);
    expect((await call('PUT', `${base()}/${lab.id}`, staff, labBody())).statusCode).toBe(403);
  });

  it("keeps another centre's labs unreachable", async () => {
    const foreign = await createLab(other, other.centre.id, { name: 'Fremdlabor' });
    const mine = (await call('GET', base(), admin)).json() as PcrLab[];
    expect(mine.map((l) => l.id)).not.toContain(foreign.id);
    expect((await call('PUT', `${base()}/${foreign.id}`, admin, labBody())).statusCode).toBe(404);
    expect((await call('GET', base(other.centre.id), admin)).statusCode).toBe(403);
  });

  it('edits the catalogue by id and refuses products of another lab', async () => {
    const lab = await createLab(admin, staffId);
    const [keep] = lab.products;
    const res = await call(
      'PUT',
      `${base()}/${lab.id}`,
      admin,
      labBody({
        products: [
          { id: keep!.id, name: 'Abstrichtupfer steril', number: 'A-101' },
          { name: 'Versandbox', number: '' },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const saved = (res.json() as { lab: PcrLab }).lab;
    expect(saved.products.map((p) => [p.name, p.number])).toEqual([
      ['Abstrichtupfer steril', 'A-101'],
      ['Versandbox', ''],
    ]);
    expect(saved.products.find((p) => p.name === 'Abstrichtupfer steril')!.id).toBe(keep!.id);

    const foreign = await createLab(other, other.centre.id);
    const wrong = await call(
      'PUT',
      `${base()}/${lab.id}`,
      admin,
      labBody({ products: [{ id: foreign.products[0]!.id, name: 'X', number: '' }] }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PCR_MSG.productNotOfLab);
  });

  it('refuses to change a lab that other centres use too', async () => {
    const lab = await createLab(admin, staffId);
    await t.database.db.insert(centrePcrLabs).values({ staff_id: other.centre.id, pcr_lab_id: lab.id });
    const res = await call('PUT', `${base()}/${lab.id}`, admin, labBody({ name: 'Umbenannt' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PCR_MSG.labShared);
  });

  it('shows the sidebar entry exactly when a lab of the centre has show_sidebar = 1', async () => {
    const c = await centreWithUser(t.app, t.database.db, ROLE.admin);
    expect(await sidebarOf(c)).toBe(false);
    const lab = await createLab(c, c.centre.id, { show_sidebar: 0 });
    expect(await sidebarOf(c)).toBe(false);
    const on = await call('PUT', `${base(c.centre.id)}/${lab.id}`, c, labBody({ show_sidebar: 1, products: [] }));
    expect(on.statusCode, on.body).toBe(200);
    expect(await sidebarOf(c)).toBe(true);
    // the other centre's sidebar does not follow
    const d = await centreWithUser(t.app, t.database.db, ROLE.admin);
    expect(await sidebarOf(d)).toBe(false);
  });
});

describe('PCR appointments', () => {
  it('lists only PCR appointments of the centre in the range, with the lab and its result button label', async () => {
    const lab = await createLab(admin, staffId);
    const pcr = await createAppointmentRow(t.database.db, staffId, { service: pcrService });
    const rapid = await createAppointmentRow(t.database.db, staffId);
    const foreign = await createAppointmentRow(t.database.db, other.centre.id, { service: pcrService });

    const set = await call('PUT', `${base()}/appointments/${pcr.appointment.id}`, staff, {
      pcr_lab_id_selected: lab.id,
    });
    expect(set.statusCode).toBe(200);
    expect((set.json() as { appointment: PcrAppointment }).appointment).toMatchObject({
      pcr_lab_id_selected: lab.id,
      result_button_label: 'Befund Nord',
    });

    const res = await call('GET', `${base()}/appointments?from=2024-03-01&to=2024-03-01`, staff);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as PcrAppointment[]).map((a) => a.appointment_id);
    expect(ids).toContain(pcr.appointment.id);
    expect(ids).not.toContain(rapid.appointment.id);
    expect(ids).not.toContain(foreign.appointment.id);
    const row = (res.json() as PcrAppointment[]).find((a) => a.appointment_id === pcr.appointment.id)!;
    expect(row).toMatchObject({ date: '2024-03-01', result_button_label: 'Befund Nord' });

    const empty = await call('GET', `${base()}/appointments?from=2024-03-02&to=2024-03-03`, staff);
    expect((empty.json() as PcrAppointment[]).map((a) => a.appointment_id)).not.toContain(pcr.appointment.id);
    expect((await call('GET', `${base()}/appointments?from=2024-03-02&to=2024-03-01`, staff)).statusCode).toBe(400);
    expect((await call('GET', `${base()}/appointments?from=2024-01-01&to=2024-06-01`, staff)).statusCode).toBe(400);
    expect((await call('GET', `${base()}/appointments?from=2024-02-30&to=2024-03-01`, staff)).statusCode).toBe(400);
  });

  it('accepts only labs of the centre as pcr_lab_id_selected, and only for own PCR appointments', async () => {
    const foreignLab = await createLab(other, other.centre.id);
    const pcr = await createAppointmentRow(t.database.db, staffId, { service: pcrService });
    const url = `${base()}/appointments/${pcr.appointment.id}`;

    const wrongLab = await call('PUT', url, staff, { pcr_lab_id_selected: foreignLab.id });
    expect(wrongLab.statusCode).toBe(400);
    expect(wrongLab.json().message).toBe(PCR_MSG.labNotFound);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, pcr.appointment.id));
    expect(row!.pcr_lab_id_selected).toBeNull();

    expect((await call('PUT', url, staff, { pcr_lab_id_selected: null })).statusCode).toBe(200);

    const foreign = await createAppointmentRow(t.database.db, other.centre.id, { service: pcrService });
    expect(
      (await call('PUT', `${base()}/appointments/${foreign.appointment.id}`, staff, { pcr_lab_id_selected: null }))
        .statusCode,
    ).toBe(404);

    const rapid = await createAppointmentRow(t.database.db, staffId);
    const notPcr = await call('PUT', `${base()}/appointments/${rapid.appointment.id}`, staff, {
      pcr_lab_id_selected: null,
    });
    expect(notPcr.statusCode).toBe(422);
    expect(notPcr.json().message).toBe(PCR_MSG.notPcr);
  });

  it('prints the sample label as PDF for own PCR appointments only, in both formats', async () => {
    const pcr = await createAppointmentRow(t.database.db, staffId, {
      service: pcrService,
      customer: { first_name: 'Erika', last_name: 'Mustermann', birthday: '1964-08-12' },
    });
    const url = `${base()}/appointments/${pcr.appointment.id}/label`;
    const small = await call('GET', url, staff);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(small.rawPayload);
    expect(text).toContain('Erika Mustermann');
    expect(text).toContain('12.08.1964');
    expect(text).toContain('01.03.2024');
    expect(text).toContain(String(pcr.appointment.customer_appointment_id));

    const sheet = await call('GET', `${url}?format=a4`, staff);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('application/pdf');
    expect((await call('GET', `${url}?format=a5`, staff)).statusCode).toBe(400);

    const foreign = await createAppointmentRow(t.database.db, other.centre.id, { service: pcrService });
    expect((await call('GET', `${base()}/appointments/${foreign.appointment.id}/label`, staff)).statusCode).toBe(404);
  });
});

describe('orders', () => {
  it('validates quantity, products and lab', async () => {
    const lab = await createLab(admin, staffId);
    const second = await createLab(admin, staffId);
    const foreign = await createLab(other, other.centre.id);
    const p = lab.products[0]!.id;
    const order = (body: unknown) => call('POST', `${base()}/orders`, staff, body);
    for (const quantity of [0, -1, 1.5, PCR_ORDER_MAX_QUANTITY + 1]) {
      const res = await order({ pcr_lab_id: lab.id, orders: [{ product_id: p, quantity }] });
      expect(res.statusCode, `quantity ${quantity}`).toBe(400);
    }
    expect((await order({ pcr_lab_id: lab.id, orders: [] })).statusCode).toBe(400);
    expect(
      (
        await order({
          pcr_lab_id: lab.id,
          orders: [
            { product_id: p, quantity: 1 },
            { product_id: p, quantity: 2 },
          ],
        })
      ).statusCode,
    ).toBe(400);
    const otherLabsProduct = await order({
      pcr_lab_id: lab.id,
      orders: [{ product_id: second.products[0]!.id, quantity: 1 }],
    });
    expect(otherLabsProduct.statusCode).toBe(400);
    expect(otherLabsProduct.json().message).toBe(PCR_MSG.productNotOfLab);
    const foreignLab = await order({
      pcr_lab_id: foreign.id,
      orders: [{ product_id: foreign.products[0]!.id, quantity: 1 }],
    });
    expect(foreignLab.statusCode).toBe(400);
    expect(foreignLab.json().message).toBe(PCR_MSG.labNotFound);

    const noEmail = await createLab(admin, staffId, { email: '' });
    const refused = await order({
      pcr_lab_id: noEmail.id,
      orders: [{ product_id: noEmail.products[0]!.id, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(422);
  });

  it("stores the order, queues a mail to the lab's address and lists it with the mail's state", async () => {
    const lab = await createLab(admin, staffId, { email: 'auftrag@labor-sued.example' });
    const res = await call('POST', `${base()}/orders`, staff, {
      pcr_lab_id: lab.id,
      orders: [
        { product_id: lab.products[0]!.id, quantity: 100 },
        { product_id: lab.products[1]!.id, quantity: 3 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; order: PcrOrder };
    expect(body.message).toBe(MSG.pcrOrderSent);
    expect(body.message).toBe('Bestellung versendet');
    expect(body.order).toMatchObject({ pcr_lab_id: lab.id, email: 'auftrag@labor-sued.example', state: 'queued' });

    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'pcr_order'));
    const mail = mails.find((m) => m.to === 'auftrag@labor-sued.example')!;
    expect(mail).toBeDefined();
    expect(mail.staff_id).toBe(staffId);
    expect(mail.text).toContain('100 × Abstrichtupfer (Art.-Nr. A-100)');
    expect(mail.text).toContain('3 × Probenröhrchen (Art.-Nr. R-200)');

    const list = async (who: Who, sid = staffId) =>
      (await call('GET', `${base(sid)}/orders`, who)).json() as PcrOrder[];
    expect((await list(staff)).find((o) => o.id === body.order.id)?.lines).toEqual([
      { name: 'Abstrichtupfer', number: 'A-100', quantity: 100 },
      { name: 'Probenröhrchen', number: 'R-200', quantity: 3 },
    ]);
    expect((await list(other, other.centre.id)).map((o) => o.id)).not.toContain(body.order.id);

    const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'tz-pcr-outbox-'));
    await processOutbox({ db: t.database.db, config: { ...t.deps.config, smtpUrl: undefined, outboxDir } }, 100);
    expect((await list(staff)).find((o) => o.id === body.order.id)?.state).toBe('sent');
  });
});
