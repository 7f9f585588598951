import type { ExistingAnswer, Question } from '@tz/shared/forms/forms.contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import { centres } from '../../db/schema/centres';
import { customers } from '../../db/schema/customers';
import { formAnswers, formQuestions, formSubmissions, forms } from '../../db/schema/forms';
import { services } from '../../db/schema/services';

const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** One appointment with what the questionnaire needs: customer, centre (for mails), service. */
async function findAppointment(db: DbOrTx, where: SQL | undefined) {
  const found = await db
    .select({
      id: appointments.id,
      staff_id: appointments.staff_id,
      customer_appointment_id: appointments.customer_appointment_id,
      token: appointments.token,
      checked_in: appointments.checked_in,
      start_date: appointments.start_date,
      vaccination_id: appointments.vaccination_id,
      first_name: customers.first_name,
      last_name: customers.last_name,
      birthday: customers.birthday,
      email: customers.email,
      service_title: services.title,
      centre: {
        type: centres.type,
        full_name: centres.full_name,
        info: centres.info,
        email: centres.email,
        phone: centres.phone,
        tz_street: centres.tz_street,
        tz_street_number: centres.tz_street_number,
        tz_zip: centres.tz_zip,
        tz_city: centres.tz_city,
        time_zone: centres.time_zone,
      },
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customer_id))
    .innerJoin(centres, eq(centres.id, appointments.staff_id))
    .innerJoin(services, eq(services.id, appointments.service_id))
    .where(and(where, eq(appointments.should_block_slot, false)))
    .limit(1);
  return found[0];
}
export type FormAppointment = NonNullable<Awaited<ReturnType<typeof findAppointment>>>;

export const findAppointmentByCai = (db: DbOrTx, cai: number) =>
  findAppointment(db, eq(appointments.customer_appointment_id, cai));

export const findStaffAppointmentByCai = (db: DbOrTx, staffId: number, cai: number) =>
  findAppointment(db, and(eq(appointments.staff_id, staffId), eq(appointments.customer_appointment_id, cai)));

export const findStaffAppointmentByToken = (db: DbOrTx, staffId: number, token: string) =>
  findAppointment(db, and(eq(appointments.staff_id, staffId), eq(appointments.token, token)));

export async function findDefaultFormId(db: DbOrTx, defaultFor: 'test' | 'vaccination') {
  const found = await db.select({ id: forms.id }).from(forms).where(eq(forms.default_for, defaultFor)).limit(1);
  return found[0]?.id;
}

/** A form with its questions as a tree: top-level questions carry their follow-ups. */
export async function findFormWithQuestions(db: DbOrTx, id: number) {
  const [form] = await db
    .select({ id: forms.id, title: forms.title, staff_id: forms.staff_id })
    .from(forms)
    .where(eq(forms.id, id));
  if (!form) return undefined;
  const all = await db
    .select()
    .from(formQuestions)
    .where(eq(formQuestions.form_id, id))
    .orderBy(asc(formQuestions.position), asc(formQuestions.id));
  const toQuestion = (q: (typeof all)[number]) => ({
    id: q.id,
    type: q.type as Question['type'],
    text: q.text,
    description: q.description,
    options: q.options,
    validation: q.validation,
  });
  const questions: Question[] = all
    .filter((q) => q.parent_id === null)
    .map((q) => ({
      ...toQuestion(q),
      extended_questions: all
        .filter((f) => f.parent_id === q.id)
        .map((f) => ({ ...toQuestion(f), extended_questions: [] })),
    }));
  return { ...form, questions };
}

export async function findSubmission(db: DbOrTx, appointmentId: number) {
  const [submission] = await db.select().from(formSubmissions).where(eq(formSubmissions.appointment_id, appointmentId));
  if (!submission) return undefined;
  const answers: ExistingAnswer[] = await db
    .select({ question_id: formAnswers.question_id, value: formAnswers.value, extended: formAnswers.extended })
    .from(formAnswers)
    .where(eq(formAnswers.submission_id, submission.id))
    .orderBy(asc(formAnswers.id));
  return { ...submission, answers };
}

/** Inserts the submission unless the appointment has one; undefined means "already submitted". */
export async function insertSubmission(
  db: DbOrTx,
  s: { staff_id: number; appointment_id: number; form_id: number; has_warnings: boolean },
) {
  const [row] = await db
    .insert(formSubmissions)
    .values(s)
    .onConflictDoNothing({ target: formSubmissions.appointment_id })
    .returning({ id: formSubmissions.id });
  return row?.id;
}

export async function insertAnswers(
  db: DbOrTx,
  staffId: number,
  submissionId: number,
  answers: { question_id: number; value: string; extended: boolean }[],
) {
  if (answers.length === 0) return;
  await db.insert(formAnswers).values(answers.map((a) => ({ ...a, staff_id: staffId, submission_id: submissionId })));
}

/**
 * Sets check-in bits with one UPDATE and a bitwise OR in SQL, so concurrent
 * changes of other bits are never lost; returns the value before and after.
 */
export async function orCheckedIn(db: DbOrTx, appointmentId: number, bits: number) {
  const res = await db.execute(sql`
    update appointments a set checked_in = a.checked_in | ${bits}, updated_at = ${now().toISOString()}::timestamptz
    from (select id, checked_in from appointments where id = ${appointmentId} for update) old
    where a.id = old.id
    returning old.checked_in as before, a.checked_in as after`);
  const row = rows<{ before: number; after: number }>(res)[0];
  return row ? { before: Number(row.before), after: Number(row.after) } : undefined;
}
