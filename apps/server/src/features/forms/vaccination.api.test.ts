import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/appointments';
import { vaccinations } from '../../db/schema/forms';
import { auditLog } from '../../db/schema/platform';
import { centreWithUser, createFormAppointment } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let vacc: Awaited<ReturnType<typeof centreWithUser>>;
let test: Awaited<ReturnType<typeof centreWithUser>>;
beforeAll(async () => {
  t = await createTestApp();
  vacc = await centreWithUser(t.app, t.database.db, ROLE.staff, { type: '2' });
  test = await centreWithUser(t.app, t.database.db, ROLE.staff, { type: '1' });
});
afterAll(() => t.close());

const data = {
  vaccine: 'Comirnaty (BioNTech/Pfizer)',
  batch_number: 'FK1234',
  dose: 2,
  vaccination_date: '2026-01-15',
};
const save = (who: typeof vacc, token: string, body: object = data) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/${who.centre.id}/vaccinations/${token}`,
    headers: who.headers,
    payload: body,
  });

describe('vaccination data', () => {
  it('saves, sets vaccination_id and corrects the same record on a second save', async () => {
    const a = await createFormAppointment(t.database.db, { staff_id: vacc.centre.id });
    const res = await save(vacc, a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.saved);
    const id = res.json().vaccination_id;
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row!.vaccination_id).toBe(id);

    const again = await save(vacc, a.token, { ...data, batch_number: 'FK9999' });
    expect(again.json().vaccination_id).toBe(id);
    const stored = await t.database.db.select().from(vaccinations).where(eq(vaccinations.appointment_id, a.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.batch_number).toBe('FK9999');

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${vacc.centre.id}/vaccinations/${a.token}`,
      headers: vacc.headers,
    });
    expect(view.json()).toMatchObject({ vaccination_id: id, vaccination: { ...data, batch_number: 'FK9999' } });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(a.id)), eq(auditLog.action, 'vaccination_saved')));
    expect(audit).toHaveLength(2);
    expect(audit[1]!.before).toMatchObject({ vaccination_id: id, batch_number: 'FK1234' });
  });

  it('is refused for test centres, future dates, missing fields and other centres', async () => {
    const a = await createFormAppointment(t.database.db, { staff_id: test.centre.id });
    const notVacc = await save(test, a.token);
    expect(notVacc.statusCode).toBe(422);
    expect(notVacc.json().message).toBe(MSG.vaccinationOnlyInVaccinationCentre);

    const b = await createFormAppointment(t.database.db, { staff_id: vacc.centre.id });
    const future = await save(vacc, b.token, { ...data, vaccination_date: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(MSG.vaccinationDateInFuture);

    const missing = await save(vacc, b.token, { ...data, batch_number: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(MSG.batchNumberRequired);

    const other = await centreWithUser(t.app, t.database.db, ROLE.staff, { type: '2' });
    expect((await save(other, b.token)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, b.id));
    expect(row!.vaccination_id).toBeNull();
  });
});
