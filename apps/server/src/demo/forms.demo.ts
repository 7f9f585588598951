import { CHECKED_IN } from '@tz/shared/constants';
import { violatesPreferred } from '@tz/shared/rules/form-rules';
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appointments } from '../db/schema/appointments';
import { customers } from '../db/schema/customers';
import { formQuestions, formSubmissions } from '../db/schema/forms';
import { services } from '../db/schema/services';
import * as repo from '../features/forms/forms.repository';
import { demoSignatureDataUrl } from '../features/forms/png-encode';
import { type DemoIds, demoToken } from './foundation.demo';

/** Appointment tokens of the questionnaire demo (also used by the end-to-end tests). */
export const DEMO_FORM_TOKENS = {
  open: 'demo-fragebogen-offen',
  withWarnings: 'demo-fragebogen-auffaellig',
  vaccination: 'demo-impfung-offen',
} as const;

async function serviceOf(tx: DbOrTx, staffId: number, title: string) {
  const [existing] = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.staff_id, staffId), eq(services.active, true)))
    .orderBy(asc(services.id))
    .limit(1);
  if (existing) return existing.id;
  const [row] = await tx
    .insert(services)
    .values({ staff_id: staffId, title, price: 0, service_test_v: 1 })
    .returning({ id: services.id });
  return row!.id;
}

/** In about an hour, on the half hour, so the appointments show in today's list. */
function soon(at: Date, offsetMinutes: number) {
  const d = new Date(at.getTime() + 60 * 60_000);
  d.setUTCMinutes(d.getUTCMinutes() < 30 ? 0 : 30, 0, 0);
  return new Date(d.getTime() + offsetMinutes * 60_000);
}

async function appointmentFor(
  tx: DbOrTx,
  staffId: number,
  serviceId: number,
  token: string,
  person: { first_name: string; last_name: string; birthday: string; email: string; gender: number },
  offsetMinutes: number,
  at: Date,
) {
  const [customer] = await tx
    .insert(customers)
    .values({ staff_id: staffId, ...person, city: 'Musterstadt', postcode: '51466', street: 'Lindenweg 3' })
    .returning({ id: customers.id });
  const start = soon(at, offsetMinutes);
  const [a] = await tx
    .insert(appointments)
    .values({
      staff_id: staffId,
      customer_id: customer!.id,
      service_id: serviceId,
      token,
      start_date: start,
      end_date: new Date(start.getTime() + 15 * 60_000),
      source: 'customer',
    })
    .returning({ id: appointments.id, customer_appointment_id: appointments.customer_appointment_id });
  return a!;
}

/** Fills the form for an appointment as a customer would have (answers by question text). */
async function fill(tx: DbOrTx, staffId: number, appointmentId: number, answersByText: Record<string, string>) {
  const formId = (await repo.findDefaultFormId(tx, 'test'))!;
  const questions = await tx
    .select({
      id: formQuestions.id,
      text: formQuestions.text,
      type: formQuestions.type,
      validation: formQuestions.validation,
    })
    .from(formQuestions)
    .where(eq(formQuestions.form_id, formId));
  const answers = questions.flatMap((q) => {
    const value = q.type === 'signature' ? demoSignatureDataUrl() : answersByText[q.text];
    return value === undefined ? [] : [{ question_id: q.id, value, extended: false }];
  });
  const withWarnings = questions.some((q) => violatesPreferred(q.validation, answersByText[q.text]));
  const submissionId = await repo.insertSubmission(tx, {
    staff_id: staffId,
    appointment_id: appointmentId,
    form_id: formId,
    has_warnings: withWarnings,
  });
  if (submissionId === undefined) return;
  await repo.insertAnswers(tx, staffId, submissionId, answers);
  await repo.orCheckedIn(tx, appointmentId, CHECKED_IN.filled | (withWarnings ? 0 : CHECKED_IN.filledWithoutWarnings));
}

const healthy = {
  'Haben Sie derzeit Krankheitszeichen wie Fieber, Husten, Halsschmerzen, Schnupfen oder Geschmacksverlust?': 'false',
  'Hatten Sie in den letzten 10 Tagen Kontakt zu einer positiv auf Corona getesteten Person?': 'false',
  'Auf welcher Grundlage lassen Sie sich testen?': '4',
  'Aus welchem Anlass lassen Sie sich heute testen?': '1',
  'Ich willige in die Verarbeitung meiner Daten zur Durchführung des Tests und zur Meldung an das Gesundheitsamt ein.':
    'true',
};

/**
 * Questionnaire demo: both default forms, three appointments of its own (one
 * open, one filled with warnings, one in the vaccination centre) and, when the
 * appointments demo ran before, filled forms for two of its appointments.
 */
export async function seedForms(tx: DbOrTx, ids: DemoIds, at: Date) {
  // Existing demo appointments (seeded by the appointments area, if any) get answers.
  const existing = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.staff_id, ids.testCentreId),
        eq(appointments.should_block_slot, false),
        notExists(
          tx.select({ one: sql`1` }).from(formSubmissions).where(eq(formSubmissions.appointment_id, appointments.id)),
        ),
      ),
    )
    .orderBy(asc(appointments.id))
    .limit(2);
  for (const a of existing) await fill(tx, ids.testCentreId, a.id, healthy);

  const testService = await serviceOf(tx, ids.testCentreId, 'Antigen-Schnelltest (Bürgertest)');
  const vaccService = await serviceOf(tx, ids.vaccinationCentreId, 'Schutzimpfung COVID-19');
  await appointmentFor(
    tx,
    ids.testCentreId,
    testService,
    demoToken(DEMO_FORM_TOKENS.open, ids.tag),
    { first_name: 'Frieda', last_name: 'Fragebogen', birthday: '1985-04-12', email: 'frieda@kunde.example', gender: 2 },
    0,
    at,
  );
  const flagged = await appointmentFor(
    tx,
    ids.testCentreId,
    testService,
    demoToken(DEMO_FORM_TOKENS.withWarnings, ids.tag),
    { first_name: 'Karl', last_name: 'Kontakt', birthday: '1971-11-03', email: 'karl@kunde.example', gender: 1 },
    15,
    at,
  );
  await fill(tx, ids.testCentreId, flagged.id, {
    ...healthy,
    'Haben Sie derzeit Krankheitszeichen wie Fieber, Husten, Halsschmerzen, Schnupfen oder Geschmacksverlust?': 'true',
    'Welche Beschwerden haben Sie und seit wann?': 'Halsschmerzen und leichter Husten seit gestern',
  });
  await appointmentFor(
    tx,
    ids.vaccinationCentreId,
    vaccService,
    demoToken(DEMO_FORM_TOKENS.vaccination, ids.tag),
    { first_name: 'Ida', last_name: 'Impfling', birthday: '1990-07-21', email: 'ida@kunde.example', gender: 2 },
    30,
    at,
  );
}
