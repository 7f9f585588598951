import { OEGD_TEST_TYPES, ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { OegdFormBody } from '@tz/shared/oegd/oegd.contract';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { validateOegdForm } from '@tz/shared/rules/oegd-form';
import { wallClockOf } from '@tz/shared/rules/time-zone';
import type { AppDeps } from '../../app-deps';
import { type AuthContext, authenticateToken, checkAccess } from '../../auth/guard';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import { type AppointmentContext, findCentre, findContextByToken } from '../receipts/appointment-context.repository';
import * as repo from './oegd.repository';
import { renderOegdPdf } from './oegd-pdf';

const EMPTY_VALUES: OegdFormBody = { kind: 0, kind_num: '', reason: 0, diagnostic: 0, risk: [], optin: false };

async function loadCentre(db: DbOrTx, staffId: number) {
  const centre = await findCentre(db, staffId);
  if (!centre) throw AppError.notFound('Dieses Testzentrum gibt es nicht.');
  return centre;
}

async function loadContext(db: DbOrTx, staffId: number, token: string) {
  const ctx = await findContextByToken(db, staffId, token);
  if (!ctx || ctx.appointment.should_block_slot) throw AppError.notFound(MSG.appointmentNotFound);
  return ctx;
}

function appointmentView(ctx: AppointmentContext, timeZone: string) {
  const start = wallClockOf(ctx.appointment.start_date, timeZone);
  return {
    appointment_id: ctx.appointment.id,
    customer_appointment_id: ctx.appointment.customer_appointment_id,
    token: ctx.appointment.token,
    date: start.date,
    time: start.time,
    service_id: ctx.service.id,
    service_title: ctx.service.title,
    service_test_type: ctx.service.test_type,
    res_detected: ctx.appointment.res_detected,
    res_date: ctx.appointment.res_date?.toISOString() ?? null,
  };
}

/** The official form of one appointment (test types 3 and 5 only) with its saved values. */
export async function loadForm(db: DbOrTx, staffId: number, customerId: number, token: string) {
  const ctx = await loadContext(db, staffId, token);
  if (ctx.appointment.customer_id !== customerId) throw AppError.notFound(MSG.appointmentNotFound);
  if (!(OEGD_TEST_TYPES as readonly number[]).includes(ctx.service.test_type ?? -1))
    throw AppError.rule(MSG.oegdWrongTestType, 'NOT_OEGD_TEST_TYPE');
  const centre = await loadCentre(db, staffId);
  const saved = await repo.findForm(db, ctx.appointment.id);
  return {
    customer: ctx.customer,
    appointment: appointmentView(ctx, centre.time_zone),
    values: saved
      ? {
          kind: saved.kind,
          kind_num: saved.kind_num,
          reason: saved.reason,
          diagnostic: saved.diagnostic,
          risk: saved.risk,
          optin: saved.optin,
        }
      : EMPTY_VALUES,
    saved: !!saved,
  };
}

/** Saves the form values after the rules of configuration-admin §5 (gender is on the customer). */
export async function saveForm(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  customerId: number,
  token: string,
  values: OegdFormBody,
) {
  return deps.db.transaction(async (tx) => {
    const form = await loadForm(tx, staffId, customerId, token);
    const errors = validateOegdForm({ gender: form.customer.gender, kind: values.kind, kind_num: values.kind_num });
    if (Object.keys(errors).length > 0) {
      throw AppError.rule(
        `${MSG.checkFormHint}: ${Object.values(errors).join(' ')}`,
        'OEGD_INVALID',
        Object.entries(errors).map(([field, message]) => ({ field, message })),
      );
    }
    await repo.upsertForm(tx, {
      appointment_id: form.appointment.appointment_id,
      staff_id: staffId,
      ...values,
      kind_num: values.kind === 3 ? values.kind_num.trim() : '',
      risk: [...new Set(values.risk)].sort(),
      updated_by: auth.userId,
    });
    return loadForm(tx, staffId, customerId, token);
  });
}

export async function updateGender(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  input: { customer_id: number; gender: number },
) {
  return deps.db.transaction(async (tx) => {
    const customer = await repo.findCustomerGender(tx, staffId, input.customer_id);
    if (!customer) throw AppError.notFound('Dieser Kunde wurde nicht gefunden.');
    await repo.setCustomerGender(tx, customer.id, input.gender);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'customer',
      entity_id: customer.id,
      action: 'gender',
      before: { gender: customer.gender },
      after: { gender: input.gender },
    });
    return { customer_id: customer.id, gender: input.gender };
  });
}

/**
 * The preview comes from a form post in a new window: no bearer header, so
 * the session token arrives in `jwt` and gets the guard's own checks here.
 */
export async function preview(
  deps: AppDeps,
  params: { staffId: number; customerId: number },
  body: { jwt: string; token: string; iShowBackground: '0' | '1' },
) {
  const auth = await authenticateToken(body.jwt, {
    db: deps.db,
    jwtSecret: deps.config.jwtSecret,
    sessions: deps.sessions,
  });
  checkAccess(auth, { maxRole: ROLE.staff, tenant: 'staffId' }, params, body);
  const form = await loadForm(deps.db, params.staffId, params.customerId, body.token);
  const centre = await loadCentre(deps.db, params.staffId);
  const pdf = await renderOegdPdf(centre, form, body.iShowBackground === '1', now());
  return { pdf, filename: `oegd-${displayCustomerAppointmentId(form.appointment.customer_appointment_id)}.pdf` };
}

/** What the paper declaration and certificate system hand-offs carry about one appointment. */
export async function handoffData(deps: AppDeps, staffId: number, token: string) {
  const ctx = await loadContext(deps.db, staffId, token);
  const centre = await loadCentre(deps.db, staffId);
  const { customer_appointment_id, ...appointment } = appointmentView(ctx, centre.time_zone);
  const c = ctx.customer;
  return {
    customer_id: c.id,
    customer_appointment_id,
    customer: {
      first_name: c.first_name,
      last_name: c.last_name,
      birthday: c.birthday,
      gender: c.gender,
      email: c.email,
      phone: c.phone,
      passport: c.passport,
    },
    address: { street: c.street, postcode: c.postcode, city: c.city },
    appointment,
  };
}
