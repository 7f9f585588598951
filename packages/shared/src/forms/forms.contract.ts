import { z } from 'zod';
import { ROLE, SIGNATURE_MAX_BYTES } from '../constants';
import { endpoint } from '../http/endpoint';
import { multiline } from '../http/safe-input';
import { MSG } from '../messages';
import { QUESTION_TYPES } from '../rules/form-rules';

export const questionOptionSchema = z.object({ id: z.number().int(), value: z.string() });

const questionBase = {
  id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  description: z.string().nullable(),
  options: z.array(questionOptionSchema),
  /** Pipe-separated rules: required, preferred:value, extended:true|false, min:n, max:n, max_length:n. */
  validation: z.string(),
};
/** A follow-up question, shown when its parent's answer equals the parent's extended rule. */
export const extendedQuestionSchema = z.object({ ...questionBase, extended_questions: z.array(z.never()) });
export const questionSchema = z.object({ ...questionBase, extended_questions: z.array(extendedQuestionSchema) });
export type Question = z.infer<typeof questionSchema>;

export const formUserSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** YYYY-MM-DD */
  birthday: z.string().nullable(),
});

/** An existing answer (spec: existing answers carry question_id and value). */
export const existingAnswerSchema = z.object({
  question_id: z.number().int(),
  value: z.string(),
  extended: z.boolean(),
});
export type ExistingAnswer = z.infer<typeof existingAnswerSchema>;

/** The centre the questionnaire is for, so the customer knows whom they answer and how to reach it. */
export const formCentreSchema = z.object({
  full_name: z.string(),
  /** "Street 1, 12345 City", empty when unknown */
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type FormCentre = z.infer<typeof formCentreSchema>;

/** The spec's Form: id, title, questions, token (jwt), user; plus existing answers and the centre. */
export const formSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  questions: z.array(questionSchema),
  token: z.string(),
  user: formUserSchema,
  answers: z.array(existingAnswerSchema),
  filled: z.boolean(),
  centre: formCentreSchema,
});
export type CheckInForm = z.infer<typeof formSchema>;

// Generous: a signature data URL is about 4/3 of its PNG; the service checks the
// exact limit and answers with a message for the signature question.
const MAX_ANSWER_CHARS = SIGNATURE_MAX_BYTES * 2;

/** The spec's Answer: questionID, answer, extended. */
export const answerInputSchema = z.object({
  questionID: z.number().int().positive(),
  answer: z
    .union([multiline(z.string().max(MAX_ANSWER_CHARS, MSG.signatureTooLarge)), z.number(), z.boolean()])
    .nullable(),
  /** True for answers to follow-up (extended) questions. */
  extended: z.boolean().default(false),
});

export const submitFormBodySchema = z.object({
  jwt: z.string().min(1).max(4000),
  answers: z.array(answerInputSchema).max(300),
});

export const getCheckInForm = endpoint({
  method: 'GET',
  // The token rides in the query: a JWT is longer than the router allows for a path parameter.
  path: '/api/public/forms/:formID',
  access: { public: true },
  summary: 'Check-in-Fragebogen mit Fragen per Formular-Token (400 mit error "form" bei ungültigem Token)',
  params: z.object({ formID: z.coerce.number().int().positive() }),
  query: z.object({ token: z.string().min(1).max(4000) }),
  response: formSchema,
});

export const submitCheckInForm = endpoint({
  method: 'POST',
  path: '/api/public/forms/:formID/answers',
  access: { public: true },
  summary: 'Antworten absenden (Fehler betreffen "token", "questions" oder "answers")',
  params: z.object({ formID: z.coerce.number().int().positive() }),
  body: submitFormBodySchema,
  response: z.object({ message: z.string(), checked_in: z.number().int() }),
});

/** Per-question messages of a refused submission: `details.questions[questionId]`. */
export const questionErrorsSchema = z.record(z.string(), z.array(z.string()));

const staffParams = { staffId: z.coerce.number().int().positive() };

export const formLinkSchema = z.object({
  form_id: z.number().int(),
  form_token: z.string(),
  /** The check-in-form route path with formID and token. */
  path: z.string(),
  expires_at: z.string(),
  customer_appointment_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  checked_in: z.number().int(),
});

export const getFormLink = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/forms/link/:token',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Link zum Check-in-Fragebogen eines Termins (per Termin-Token) für den QR-Code',
  params: z.object({ ...staffParams, token: z.string().min(1).max(200) }),
  response: formLinkSchema,
});

export const filledFormSchema = z.object({
  form: z.object({ id: z.number().int(), title: z.string(), questions: z.array(questionSchema) }),
  user: formUserSchema,
  answers: z.array(existingAnswerSchema),
  /** Visible questions whose answer differs from their preferred rule. */
  failing_question_ids: z.array(z.number().int()),
  submitted_at: z.string(),
  checked_in: z.number().int(),
});
export type FilledForm = z.infer<typeof filledFormSchema>;

export const getFormAnswers = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/forms/answers/:customerAppointmentId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Antworten eines Termins (400 mit error "answers", wenn keine vorliegen)',
  params: z.object({ ...staffParams, customerAppointmentId: z.coerce.number().int().positive() }),
  response: filledFormSchema,
});

const messageResponse = z.object({ message: z.string() });

export const inviteToForm = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/forms/invitations/:customerAppointmentId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Kunden per E-Mail zum Fragebogen einladen (nur ohne Bit 4)',
  params: z.object({ ...staffParams, customerAppointmentId: z.coerce.number().int().positive() }),
  response: messageResponse,
});

export const sendFormQrMail = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/forms/qr-mail/:customerAppointmentId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'QR-Code zum Fragebogen per E-Mail an den Kunden senden',
  params: z.object({ ...staffParams, customerAppointmentId: z.coerce.number().int().positive() }),
  response: messageResponse,
});

export const vaccinationDataSchema = z.object({
  vaccine: z.string().trim().min(1, MSG.vaccineRequired).max(100),
  batch_number: z.string().trim().min(1, MSG.batchNumberRequired).max(50),
  dose: z.number().int().min(1).max(10),
  /** YYYY-MM-DD */
  vaccination_date: z.iso.date('Bitte ein gültiges Impfdatum angeben'),
});
export type VaccinationData = z.infer<typeof vaccinationDataSchema>;

export const vaccinationViewSchema = z.object({
  token: z.string(),
  customer_appointment_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  birthday: z.string().nullable(),
  service_title: z.string(),
  vaccination_id: z.number().int().nullable(),
  vaccination: vaccinationDataSchema.nullable(),
});

const vaccinationParams = z.object({ ...staffParams, token: z.string().min(1).max(200) });

export const getVaccinationData = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/vaccinations/:token',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Impfdaten eines Termins (per Termin-Token)',
  params: vaccinationParams,
  response: vaccinationViewSchema,
});

export const saveVaccinationData = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/vaccinations/:token',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Impfdaten speichern (setzt vaccination_id: Termin gilt als bearbeitet und geimpft)',
  params: vaccinationParams,
  body: vaccinationDataSchema.extend({ staff_id: z.number().int().optional() }),
  response: z.object({ message: z.string(), vaccination_id: z.number().int() }),
});
