import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { now } from '../../clock';
import { appointments } from './appointments';
import { centres } from './centres';

/**
 * A check-in questionnaire. staff_id null means platform-wide. default_for
 * ('test' | 'vaccination') marks the default form of that centre type; the
 * centre type selects it (type '2' vaccination, every other type test).
 */
export const forms = pgTable(
  'forms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id').references(() => centres.id),
    title: text('title').notNull(),
    default_for: text('default_for'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [uniqueIndex('forms_default_for_unique').on(t.default_for)],
);

export interface QuestionOption {
  id: number;
  value: string;
}

/** A question; parent_id set makes it a follow-up (extended) question of its parent. */
export const formQuestions = pgTable(
  'form_questions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    form_id: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    parent_id: integer('parent_id').references((): AnyPgColumn => formQuestions.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    text: text('text').notNull(),
    description: text('description'),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    validation: text('validation').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('form_questions_form_idx').on(t.form_id, t.position)],
);

/**
 * One filled-out questionnaire per appointment. The unique appointment_id is
 * what refuses a second submission, even when two arrive at the same time.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    appointment_id: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    form_id: integer('form_id')
      .notNull()
      .references(() => forms.id),
    has_warnings: boolean('has_warnings').notNull(),
    submitted_at: timestamp('submitted_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [
    uniqueIndex('form_submissions_appointment_unique').on(t.appointment_id),
    index('form_submissions_staff_idx').on(t.staff_id),
  ],
);

/** Answers of a submission; a signature answer holds its PNG as a data URL. Never updated. */
export const formAnswers = pgTable(
  'form_answers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id').notNull(),
    submission_id: integer('submission_id')
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    question_id: integer('question_id')
      .notNull()
      .references(() => formQuestions.id),
    value: text('value').notNull(),
    extended: boolean('extended').notNull().default(false),
  },
  (t) => [uniqueIndex('form_answers_submission_question_unique').on(t.submission_id, t.question_id)],
);

/** Vaccination data of one appointment; appointments.vaccination_id points here. */
export const vaccinations = pgTable(
  'vaccinations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staff_id: integer('staff_id')
      .notNull()
      .references(() => centres.id),
    appointment_id: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    vaccine: text('vaccine').notNull(),
    batch_number: text('batch_number').notNull(),
    dose: integer('dose').notNull(),
    vaccination_date: date('vaccination_date').notNull(),
    created_by: integer('created_by'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`).$defaultFn(now),
  },
  (t) => [uniqueIndex('vaccinations_appointment_unique').on(t.appointment_id)],
);
