import { CHECKED_IN, QR_SIZE, VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import type { CheckInForm, FilledForm, submitFormBodySchema } from '@tz/shared/forms/forms.contract';
import { MSG } from '@tz/shared/messages';
import { failingQuestionIds, submissionBits } from '@tz/shared/rules/form-rules';
import { germanDate, germanDateOf, germanTimeOf } from '@tz/shared/rules/german-date';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { now as clockNow } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import { enqueueMail } from '../mail/mail-outbox';
import { renderMail, salutation } from '../mail/mail-template';
import { checkSubmission } from './answer-validation';
import { formTokenExpiry, lastValidDay, signFormToken, verifyFormToken } from './form-token';
import * as repo from './forms.repository';

/** The spec's "400 carrying error.form": the public form cannot be loaded. */
const formError = () => AppError.badRequest(MSG.formLoadFailed, undefined, 'form');
const tokenError = () => AppError.badRequest(MSG.formLinkInvalid, undefined, 'token');
const answersError = () => AppError.badRequest(MSG.answersLoadFailed, undefined, 'answers');

const toUser = (a: repo.FormAppointment) => ({
  first_name: a.first_name,
  last_name: a.last_name,
  birthday: a.birthday ?? null,
});

const toCentre = (c: repo.FormAppointment['centre']) => ({
  full_name: c.full_name,
  address: [
    [c.tz_street, c.tz_street_number].filter(Boolean).join(' '),
    [c.tz_zip, c.tz_city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', '),
  phone: c.phone?.trim() || null,
  email: c.email?.trim() || null,
});

/** The appointment and form a form token opens, or null when they do not belong together. */
async function resolveToken(deps: AppDeps, formId: number, token: string) {
  const claims = await verifyFormToken(deps.config.jwtSecret, token);
  if (!claims || claims.fid !== formId) return null;
  const appointment = await repo.findAppointmentByCai(deps.db, claims.cai);
  if (!appointment) return null;
  const form = await repo.findFormWithQuestions(deps.db, claims.fid);
  if (!form || (form.staff_id !== null && form.staff_id !== appointment.staff_id)) return null;
  return { appointment, form };
}

export async function loadPublicForm(deps: AppDeps, formId: number, token: string): Promise<CheckInForm> {
  const resolved = await resolveToken(deps, formId, token);
  if (!resolved) throw formError();
  const { appointment, form } = resolved;
  const submission = await repo.findSubmission(deps.db, appointment.id);
  return {
    id: form.id,
    title: form.title,
    questions: form.questions,
    token,
    user: toUser(appointment),
    answers: submission?.answers ?? [],
    filled: !!submission,
    centre: toCentre(appointment.centre),
  };
}

export async function submitPublicForm(deps: AppDeps, formId: number, body: z.infer<typeof submitFormBodySchema>) {
  const resolved = await resolveToken(deps, formId, body.jwt);
  if (!resolved) throw tokenError();
  const { appointment, form } = resolved;
  const refuseRepeat = () => AppError.conflict(MSG.formAlreadyFilled, 'answers');
  if (await repo.findSubmission(deps.db, appointment.id)) throw refuseRepeat();

  const check = checkSubmission(form.questions, body.answers);
  if (!check.ok && check.kind === 'answers') throw AppError.badRequest(MSG.answersDoNotMatch, undefined, 'answers');
  if (!check.ok) throw AppError.badRequest(MSG.fixMarkedErrors, { questions: check.errors }, 'questions');

  return deps.db.transaction(async (tx) => {
    const submissionId = await repo.insertSubmission(tx, {
      staff_id: appointment.staff_id,
      appointment_id: appointment.id,
      form_id: form.id,
      has_warnings: check.withWarnings,
    });
    // A concurrent submission won the unique index: answers are never overwritten.
    if (submissionId === undefined) throw refuseRepeat();
    await repo.insertAnswers(tx, appointment.staff_id, submissionId, check.answers);
    const change = await repo.orCheckedIn(tx, appointment.id, submissionBits(check.withWarnings));
    await writeAudit(tx, {
      staff_id: appointment.staff_id,
      user_id: null,
      entity: 'appointment',
      entity_id: appointment.id,
      action: 'check_in_form_submitted',
      before: { checked_in: change?.before },
      after: { checked_in: change?.after, form_id: form.id, with_warnings: check.withWarnings },
    });
    return { message: MSG.formFilled, checked_in: change?.after ?? appointment.checked_in };
  });
}

/** The default form of the centre type, unless the appointment already answered another. */
async function formIdFor(db: DbOrTx, appointment: repo.FormAppointment) {
  const submission = await repo.findSubmission(db, appointment.id);
  if (submission) return submission.form_id;
  const id = await repo.findDefaultFormId(
    db,
    appointment.centre.type === VACCINATION_CENTRE_TYPE ? 'vaccination' : 'test',
  );
  if (!id) throw AppError.rule(MSG.noDefaultForm, 'NO_FORM');
  return id;
}

async function linkFor(deps: AppDeps, db: DbOrTx, appointment: repo.FormAppointment, now: Date) {
  const formId = await formIdFor(db, appointment);
  const expiresAt = formTokenExpiry(now, appointment.start_date, appointment.centre.time_zone);
  const token = await signFormToken(
    deps.config.jwtSecret,
    { cai: appointment.customer_appointment_id, fid: formId },
    expiresAt,
  );
  return { formId, token, expiresAt, path: `/check-in/${formId}/${encodeURIComponent(token)}` };
}

/**
 * The questionnaire link of an appointment (a path of this site) for mails of
 * other areas (the booking confirmation); null when no form is set up.
 */
export async function checkInPath(deps: AppDeps, db: DbOrTx, staffId: number, cai: number, now: Date = clockNow()) {
  const appointment = await repo.findStaffAppointmentByCai(db, staffId, cai);
  if (!appointment) return null;
  try {
    return (await linkFor(deps, db, appointment, now)).path;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NO_FORM') return null;
    throw err;
  }
}

export async function formLink(deps: AppDeps, staffId: number, appointmentToken: string, now: Date = clockNow()) {
  const appointment = await repo.findStaffAppointmentByToken(deps.db, staffId, appointmentToken);
  if (!appointment) throw AppError.notFound(MSG.appointmentNotFound);
  const link = await linkFor(deps, deps.db, appointment, now);
  return {
    form_id: link.formId,
    form_token: link.token,
    path: link.path,
    expires_at: link.expiresAt.toISOString(),
    customer_appointment_id: appointment.customer_appointment_id,
    first_name: appointment.first_name,
    last_name: appointment.last_name,
    email: appointment.email,
    checked_in: appointment.checked_in,
  };
}

export async function filledForm(deps: AppDeps, staffId: number, cai: number): Promise<FilledForm> {
  const appointment = await repo.findStaffAppointmentByCai(deps.db, staffId, cai);
  // Another centre's appointment looks exactly like one without answers.
  if (!appointment) throw answersError();
  const submission = await repo.findSubmission(deps.db, appointment.id);
  if (!submission) throw answersError();
  const form = await repo.findFormWithQuestions(deps.db, submission.form_id);
  if (!form) throw answersError();
  const values = new Map(submission.answers.map((a) => [a.question_id, a.value]));
  return {
    form: { id: form.id, title: form.title, questions: form.questions },
    user: toUser(appointment),
    answers: submission.answers,
    failing_question_ids: failingQuestionIds(form.questions, values),
    submitted_at: submission.submitted_at.toISOString(),
    checked_in: appointment.checked_in,
  };
}

/** Invites the customer by e-mail to the questionnaire; only while it is not filled (bit 4). */
export async function inviteToForm(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  cai: number,
  origin: string,
  now: Date = clockNow(),
) {
  return deps.db.transaction(async (tx) => {
    const appointment = await repo.findStaffAppointmentByCai(tx, staffId, cai);
    if (!appointment) throw AppError.notFound(MSG.appointmentNotFound);
    if (appointment.checked_in & CHECKED_IN.filled) throw AppError.rule(MSG.formInviteFilled, 'FORM_FILLED');
    if (!appointment.email) throw AppError.rule(MSG.customerWithoutEmail, 'NO_EMAIL');
    const link = await linkFor(deps, tx, appointment, now);
    const tz = appointment.centre.time_zone;
    const when = `${germanDateOf(appointment.start_date, tz)} um ${germanTimeOf(appointment.start_date, tz)} Uhr`;
    const body = renderMail(appointment.centre, {
      salutation: salutation(appointment.first_name, appointment.last_name),
      paragraphs: [
        `für Ihren Termin am ${when} bitten wir Sie, vorab unseren kurzen Fragebogen auszufüllen. So geht es vor Ort schneller.`,
        `Zum Fragebogen: ${origin}${link.path}`,
        `Der Link ist bis zum ${germanDate(lastValidDay(link.expiresAt, tz))} gültig.`,
      ],
    });
    await enqueueMail(tx, {
      staff_id: staffId,
      kind: 'form_invite',
      to: appointment.email,
      subject: `Ihr Fragebogen zum Termin am ${germanDateOf(appointment.start_date, tz)}`,
      ...body,
    });
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'appointment',
      entity_id: appointment.id,
      action: 'check_in_form_invite',
      after: { to: appointment.email, form_id: link.formId },
    });
    return { message: MSG.submitted };
  });
}

/** Mails the customer the QR code of the form link (the same code the QR dialog shows). */
export async function sendQrMail(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  cai: number,
  origin: string,
  now: Date = clockNow(),
) {
  const appointment = await repo.findStaffAppointmentByCai(deps.db, staffId, cai);
  if (!appointment) throw AppError.notFound(MSG.appointmentNotFound);
  if (!appointment.email) throw AppError.rule(MSG.customerWithoutEmail, 'NO_EMAIL');
  const email = appointment.email;
  const link = await linkFor(deps, deps.db, appointment, now);
  const url = `${origin}${link.path}`;
  const png = await QRCode.toBuffer(url, { width: QR_SIZE, margin: 2 });
  const tz = appointment.centre.time_zone;
  const body = renderMail(appointment.centre, {
    salutation: salutation(appointment.first_name, appointment.last_name),
    paragraphs: [
      `anbei erhalten Sie den QR-Code zu Ihrem Termin am ${germanDateOf(appointment.start_date, tz)}. Scannen Sie ihn mit Ihrem Smartphone, um den Fragebogen zu öffnen, oder zeigen Sie ihn vor Ort vor.`,
      `Direkter Link: ${url}`,
    ],
  });
  await deps.db.transaction(async (tx) => {
    await enqueueMail(tx, {
      staff_id: staffId,
      kind: 'form_qr',
      to: email,
      subject: `Ihr QR-Code zum Termin am ${germanDateOf(appointment.start_date, tz)}`,
      ...body,
      attachments: [{ filename: 'qr-code.png', contentType: 'image/png', content: png.toString('base64') }],
    });
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'appointment',
      entity_id: appointment.id,
      action: 'check_in_form_qr_mail',
      after: { to: email },
    });
  });
  return { message: MSG.qrSent };
}
