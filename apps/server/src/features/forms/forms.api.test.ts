import { ROLE } from '@tz/shared/constants';
import type { CheckInForm, Question } from '@tz/shared/forms/forms.contract';
import { MSG } from '@tz/shared/messages';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSessionToken } from '../../auth/tokens';
import { nowMs } from '../../clock';
import { appointments } from '../../db/schema/appointments';
import { formAnswers, formSubmissions, forms } from '../../db/schema/forms';
import { auditLog } from '../../db/schema/platform';
import { centreWithUser, createFormAppointment } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ensureDefaultForms } from './default-forms';
import { FORM_TOKEN_TTL_DAYS, signFormToken } from './form-token';
import { demoSignatureDataUrl, encodeSignaturePng, pngDataUrl } from './png-encode';

let t: TestApp;
let own: Awaited<ReturnType<typeof centreWithUser>>;
let other: Awaited<ReturnType<typeof centreWithUser>>;
const secret = () => t.deps.config.jwtSecret;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.transaction((tx) => ensureDefaultForms(tx));
  own = await centreWithUser(t.app, t.database.db, ROLE.staff, {
    type: '1',
    full_name: 'Testzentrum Fragebogen',
    phone: '040 555',
    tz_street: 'Fragenweg',
    tz_street_number: '2',
    tz_zip: '20095',
    tz_city: 'Hamburg',
  });
  other = await centreWithUser(t.app, t.database.db, ROLE.staff, { type: '1' });
});
afterAll(() => t.close());

const newAppointment = (staffId = own.centre.id, fields = {}, customer = {}) =>
  createFormAppointment(t.database.db, { staff_id: staffId, ...fields }, customer);

async function linkFor(token: string, who = own) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/staff/${who.centre.id}/forms/link/${token}`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { form_id: number; form_token: string; path: string; customer_appointment_id: number };
}

const loadForm = (formId: number, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/public/forms/${formId}?token=${encodeURIComponent(token)}` });

const submit = (formId: number, jwt: string, answers: { questionID: number; answer: unknown; extended?: boolean }[]) =>
  t.app.inject({ method: 'POST', url: `/api/public/forms/${formId}/answers`, payload: { jwt, answers } });

const byText = (form: CheckInForm, part: string): Question => {
  const all = form.questions.flatMap((q) => [q, ...(q.extended_questions as Question[])]);
  const q = all.find((x) => x.text.includes(part));
  if (!q) throw new Error(`no question ${part}`);
  return q;
};

/** A complete, unremarkable set of answers to the test-centre form. */
function goodAnswers(form: CheckInForm, overrides: Record<string, unknown> = {}) {
  const base: Record<string, unknown> = {
    Krankheitszeichen: 'false',
    'positiv auf Corona': 'false',
    'Auf welcher Grundlage': '4',
    'Aus welchem Anlass': '1',
    Körpertemperatur: '36,8',
    'Ich willige in die Verarbeitung': 'true',
    Unterschrift: demoSignatureDataUrl(),
    ...overrides,
  };
  return Object.entries(base)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ({ questionID: byText(form, k).id, answer: v }));
}

async function openForm(fields = {}, customer = {}) {
  const a = await newAppointment(own.centre.id, fields, customer);
  const link = await linkFor(a.token);
  const res = await loadForm(link.form_id, link.form_token);
  expect(res.statusCode, res.body).toBe(200);
  return { a, link, form: res.json() as CheckInForm };
}

const checkedIn = async (id: number) =>
  (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.checked_in;

describe('default form and public loading', () => {
  it('picks the form by centre type and shows the customer with every question type', async () => {
    const { link, form } = await openForm(
      {},
      { first_name: 'Frieda', last_name: 'Fragebogen', birthday: '1985-04-12' },
    );
    expect(link.path).toBe(`/check-in/${form.id}/${encodeURIComponent(link.form_token)}`);
    expect(form.user).toEqual({ first_name: 'Frieda', last_name: 'Fragebogen', birthday: '1985-04-12' });
    // the customer sees whom they answer and how to reach the centre
    expect(form.centre).toEqual({
      full_name: 'Testzentrum Fragebogen',
      address: 'Fragenweg 2, 20095 Hamburg',
      phone: '040 555',
      email: own.centre.email,
    });
    const [testForm] = await t.database.db.select().from(forms).where(eq(forms.default_for, 'test'));
    expect(form.id).toBe(testForm!.id);
    const types = new Set(form.questions.flatMap((q) => [q.type, ...q.extended_questions.map((f) => f.type)]));
    expect([...types].sort()).toEqual(
      ['boolean', 'date', 'html', 'input', 'number', 'select', 'signature', 'testv', 'text'].sort(),
    );
    expect(form.filled).toBe(false);

    const vacc = await centreWithUser(t.app, t.database.db, ROLE.staff, { type: '2' });
    const va = await newAppointment(vacc.centre.id);
    const vlink = await linkFor(va.token, vacc);
    const [vaccForm] = await t.database.db.select().from(forms).where(eq(forms.default_for, 'vaccination'));
    expect(vlink.form_id).toBe(vaccForm!.id);
  });

  it('refuses a tampered token with 400 error "form"', async () => {
    const { link } = await openForm();
    const victim = await newAppointment();
    const [h, p, s] = link.form_token.split('.');
    const claims = decodeJwt(link.form_token);
    const forged = Buffer.from(JSON.stringify({ ...claims, cai: victim.customer_appointment_id })).toString(
      'base64url',
    );
    for (const token of [`${h}.${forged}.${s}`, `${h}.${p}.${s}x`, 'kein-token']) {
      const res = await loadForm(link.form_id, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'form', message: MSG.formLoadFailed });
    }
  });

  it('refuses an expired token', async () => {
    const a = await newAppointment();
    const link = await linkFor(a.token);
    const expired = await signFormToken(
      secret(),
      { cai: a.customer_appointment_id, fid: link.form_id },
      new Date(nowMs() - 1000),
    );
    expect((await loadForm(link.form_id, expired)).json().error).toBe('form');
    // The link the staff hands out lives FORM_TOKEN_TTL_DAYS.
    const exp = decodeJwt(link.form_token).exp!;
    expect(exp * 1000 - nowMs()).toBeGreaterThan((FORM_TOKEN_TTL_DAYS - 1) * 86_400_000);
  });

  it("refuses a token used with another form id or for another centre's form", async () => {
    const { a, link } = await openForm();
    expect((await loadForm(link.form_id + 1000, link.form_token)).statusCode).toBe(400);
    const [foreign] = await t.database.db
      .insert(forms)
      .values({ title: 'Fremdes Formular', staff_id: other.centre.id })
      .returning();
    const token = await signFormToken(
      secret(),
      { cai: a.customer_appointment_id, fid: foreign!.id },
      new Date(nowMs() + 60_000),
    );
    expect((await loadForm(foreign!.id, token)).json().error).toBe('form');
  });

  it('never accepts a session token as form token nor a form token as session', async () => {
    const { link } = await openForm();
    const session = await signSessionToken(secret(), { sid: 'x', uid: own.user.id }, new Date(nowMs() + 60_000));
    expect((await loadForm(link.form_id, session)).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${own.centre.id}/forms/link/abc`,
      headers: { authorization: `Bearer ${link.form_token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('submitting', () => {
  it('refuses missing required answers and an empty signature with per-question messages', async () => {
    const { a, form } = await openForm();
    const blank = pngDataUrl(encodeSignaturePng(200, 60, () => false));
    const answers = goodAnswers(form, { 'Aus welchem Anlass': undefined, Unterschrift: blank });
    const res = await submit(form.id, form.token, answers);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('questions');
    expect(body.message).toBe(MSG.fixMarkedErrors);
    expect(body.details.questions[byText(form, 'Aus welchem Anlass').id]).toEqual([MSG.answerRequired]);
    expect(body.details.questions[byText(form, 'Unterschrift').id]).toEqual([MSG.missingSignature]);
    expect(Object.keys(body.details.questions)).toHaveLength(2);

    const without = await submit(form.id, form.token, goodAnswers(form, { Unterschrift: undefined }));
    expect(without.json().details.questions[byText(form, 'Unterschrift').id]).toEqual([MSG.missingSignature]);
    expect(await checkedIn(a.id)).toBe(0);
    expect(await t.database.db.select().from(formSubmissions).where(eq(formSubmissions.appointment_id, a.id))).toEqual(
      [],
    );
  });

  it('checks types, options, number limits and the signature image', async () => {
    const { form } = await openForm();
    const notPng = `data:image/png;base64,${Buffer.from('GIF89a-nicht-png-aber-lang-genug-fuer-den-test-123456').toString('base64')}`;
    const res = await submit(
      form.id,
      form.token,
      goodAnswers(form, {
        Krankheitszeichen: 'vielleicht',
        'Auf welcher Grundlage': '99',
        Körpertemperatur: '50',
        Unterschrift: notPng,
      }),
    );
    const q = res.json().details.questions;
    expect(q[byText(form, 'Krankheitszeichen').id]).toEqual([MSG.answerYesNo]);
    expect(q[byText(form, 'Auf welcher Grundlage').id]).toEqual([MSG.answerOption]);
    expect(q[byText(form, 'Körpertemperatur').id]).toEqual(['Der Wert darf höchstens 43 sein.']);
    expect(q[byText(form, 'Unterschrift').id]).toEqual([MSG.signatureInvalid]);

    const huge = `data:image/png;base64,${'A'.repeat(700_000)}`;
    const big = await submit(form.id, form.token, goodAnswers(form, { Unterschrift: huge }));
    expect(big.statusCode).toBe(400);
    expect(big.json().details.questions[byText(form, 'Unterschrift').id]).toEqual([MSG.signatureTooLarge]);
  });

  it('refuses answers to questions of another form', async () => {
    const { form } = await openForm();
    const res = await submit(form.id, form.token, [...goodAnswers(form), { questionID: 999_999, answer: 'x' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('answers');
  });

  it('requires a follow-up only when the answer opens it, and drops hidden follow-ups', async () => {
    const { form } = await openForm();
    const followUp = byText(form, 'Wann hatten Sie den letzten Kontakt');
    const opened = await submit(form.id, form.token, goodAnswers(form, { 'positiv auf Corona': 'true' }));
    expect(opened.json().details.questions[followUp.id]).toEqual([MSG.answerRequired]);

    const { a, form: f2 } = await openForm();
    const res = await submit(f2.id, f2.token, [
      ...goodAnswers(f2),
      { questionID: byText(f2, 'Wann hatten Sie den letzten Kontakt').id, answer: '2026-01-02', extended: true },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [sub] = await t.database.db.select().from(formSubmissions).where(eq(formSubmissions.appointment_id, a.id));
    const stored = await t.database.db.select().from(formAnswers).where(eq(formAnswers.submission_id, sub!.id));
    expect(stored.map((s) => s.question_id)).not.toContain(followUp.id);
  });

  it('sets bits 4 and 2 without warnings, keeping bit 1, in one audited change', async () => {
    const { a, form } = await openForm({ checked_in: 1 });
    const res = await submit(form.id, form.token, goodAnswers(form));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.formFilled, checked_in: 7 });
    expect(await checkedIn(a.id)).toBe(7);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entity_id, String(a.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { checked_in: 1 }, after: { checked_in: 7, with_warnings: false } });
  });

  it('sets bit 4 without 2 when a preferred rule is violated, and marks the question', async () => {
    const { a, form } = await openForm();
    const res = await submit(
      form.id,
      form.token,
      goodAnswers(form, { 'positiv auf Corona': 'true', 'Wann hatten Sie den letzten Kontakt': '2026-01-02' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await checkedIn(a.id)).toBe(4);

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${own.centre.id}/forms/answers/${a.customer_appointment_id}`,
      headers: own.headers,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().failing_question_ids).toEqual([byText(form, 'positiv auf Corona').id]);
    expect(view.json().answers).toContainEqual({
      question_id: byText(form, 'Wann hatten Sie den letzten Kontakt').id,
      value: '2026-01-02',
      extended: true,
    });
  });

  it('refuses a second submission and never overwrites the answers', async () => {
    const { a, form } = await openForm();
    const first = await submit(form.id, form.token, goodAnswers(form));
    expect(first.statusCode).toBe(200);
    const again = await submit(form.id, form.token, goodAnswers(form, { Krankheitszeichen: 'true' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'answers', message: MSG.formAlreadyFilled });
    expect(await checkedIn(a.id)).toBe(6);
    // The public form now shows the existing answers read-only.
    const reload = (await loadForm(form.id, form.token)).json() as CheckInForm;
    expect(reload.filled).toBe(true);
    expect(reload.answers.find((x) => x.question_id === byText(form, 'Krankheitszeichen').id)?.value).toBe('false');
  });

  it('lets only one of two simultaneous submissions through', async () => {
    const { a, form } = await openForm();
    const results = await Promise.all([
      submit(form.id, form.token, goodAnswers(form)),
      submit(form.id, form.token, goodAnswers(form)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const subs = await t.database.db.select().from(formSubmissions).where(eq(formSubmissions.appointment_id, a.id));
    expect(subs).toHaveLength(1);
  });
});

describe('staff views', () => {
  it('answers 400 "answers" when there are none, and hides another centre\'s answers', async () => {
    const { a, form } = await openForm();
    const url = (staffId: number) => `/api/staff/${staffId}/forms/answers/${a.customer_appointment_id}`;
    const none = await t.app.inject({ method: 'GET', url: url(own.centre.id), headers: own.headers });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: 'answers', message: MSG.answersLoadFailed });

    await submit(form.id, form.token, goodAnswers(form));
    const mine = await t.app.inject({ method: 'GET', url: url(own.centre.id), headers: own.headers });
    expect(mine.statusCode).toBe(200);
    const foreignPath = await t.app.inject({ method: 'GET', url: url(own.centre.id), headers: other.headers });
    expect(foreignPath.statusCode).toBe(403);
    const viaOwnCentre = await t.app.inject({ method: 'GET', url: url(other.centre.id), headers: other.headers });
    expect(viaOwnCentre.statusCode).toBe(400);
    expect(viaOwnCentre.json().error).toBe('answers');
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${other.centre.id}/forms/link/${a.token}`,
      headers: other.headers,
    });
    expect(link.statusCode).toBe(404);
  });
});
