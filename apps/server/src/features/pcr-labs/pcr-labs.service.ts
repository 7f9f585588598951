import { MSG } from '@tz/shared/messages';
import {
  type LabelFormat,
  PCR_APPOINTMENTS_MAX_DAYS,
  PCR_MSG,
  type PcrLabBody,
  type PcrOrderBody,
  type pcrLabBodySchema,
} from '@tz/shared/pcr-labs/pcr-labs.contract';
import { isCode128B } from '@tz/shared/rules/code128';
import { germanDateTimeOf } from '@tz/shared/rules/german-date';
import { addDays, zonedInstant } from '@tz/shared/rules/time-zone';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import { enqueueMail } from '../mail/mail-outbox';
import { renderMail } from '../mail/mail-template';
import { findCentre } from '../receipts/appointment-context.repository';
import { centreTimeZone } from '../schedule/schedule.repository';
import * as repo from './pcr-labs.repository';
import { renderSampleLabelPdf } from './sample-label-pdf';

type LabBody = z.output<typeof pcrLabBodySchema>;

async function labOrThrow(db: DbOrTx, staffId: number, labId: number) {
  const lab = await repo.labOfCentre(db, staffId, labId);
  if (!lab) throw AppError.notFound(PCR_MSG.labNotFound, 'PCR_LAB_NOT_FOUND');
  return lab;
}

const labFields = (b: LabBody): repo.LabFields => ({
  name: b.name,
  email: b.email ?? null,
  result_system: b.result_system,
  result_button_label: b.result_button_label,
  show_sidebar: b.show_sidebar,
});

export const listLabs = (deps: AppDeps, staffId: number) => repo.labsOfCentre(deps.db, staffId);

export async function createLab(deps: AppDeps, auth: AuthContext, staffId: number, body: PcrLabBody) {
  const b = body as LabBody;
  const result = await deps.db.transaction(async (tx) => {
    const id = await repo.insertLab(tx, staffId, labFields(b));
    await repo.replaceProducts(
      tx,
      staffId,
      id,
      b.products.map(({ id: _, ...p }) => p),
    );
    const lab = (await repo.labOfCentre(tx, staffId, id))!;
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'pcr_lab',
      entity_id: id,
      action: 'create',
      after: lab,
    });
    return { message: PCR_MSG.labSaved, lab };
  });
  deps.sessions.forgetCentre(staffId);
  return result;
}

export async function updateLab(deps: AppDeps, auth: AuthContext, staffId: number, labId: number, body: PcrLabBody) {
  const b = body as LabBody;
  const result = await deps.db.transaction(async (tx) => {
    const before = await labOrThrow(tx, staffId, labId);
    // A lab several centres use is the platform's: one centre must not rename it or move it into others' sidebars.
    if (before.shared) throw AppError.conflict(PCR_MSG.labShared, 'PCR_LAB_SHARED');
    const known = new Set(await repo.productIdsOf(tx, staffId, labId));
    if (b.products.some((p) => p.id !== undefined && !known.has(p.id))) {
      throw AppError.badRequest(PCR_MSG.productNotOfLab, undefined, 'PRODUCT_NOT_OF_LAB');
    }
    await repo.updateLab(tx, labId, labFields(b));
    await repo.replaceProducts(tx, staffId, labId, b.products);
    const lab = (await repo.labOfCentre(tx, staffId, labId))!;
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'pcr_lab',
      entity_id: labId,
      action: 'update',
      before,
      after: lab,
    });
    return { message: PCR_MSG.labSaved, lab };
  });
  deps.sessions.forgetCentre(staffId);
  return result;
}

export async function listAppointments(deps: AppDeps, staffId: number, q: { from: string; to: string }) {
  if (q.to < q.from) throw AppError.field(400, 'to', PCR_MSG.rangeOrder, 'RANGE_ORDER');
  if (addDays(q.from, PCR_APPOINTMENTS_MAX_DAYS) <= q.to)
    throw AppError.field(400, 'to', PCR_MSG.rangeTooLong, 'RANGE_TOO_LONG');
  const tz = await centreTimeZone(deps.db, staffId);
  return repo.pcrAppointments(
    deps.db,
    staffId,
    zonedInstant(q.from, '00:00', tz),
    zonedInstant(addDays(q.to, 1), '00:00', tz),
  );
}

async function appointmentOrThrow(db: DbOrTx, staffId: number, appointmentId: number) {
  const a = await repo.appointmentOfCentre(db, staffId, appointmentId);
  if (!a) throw AppError.notFound(MSG.notFound, 'APPOINTMENT_NOT_FOUND');
  return a;
}

export async function setSelectedLab(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  appointmentId: number,
  labId: number | null,
) {
  return deps.db.transaction(async (tx) => {
    const a = await appointmentOrThrow(tx, staffId, appointmentId);
    if (!a.isPcr) throw AppError.rule(PCR_MSG.notPcr, 'NOT_PCR');
    if (labId !== null && !(await repo.labOfCentre(tx, staffId, labId))) {
      throw AppError.field(400, 'pcr_lab_id_selected', PCR_MSG.labNotFound, 'PCR_LAB_NOT_FOUND');
    }
    await repo.setSelectedLab(tx, staffId, appointmentId, labId);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'appointment',
      entity_id: appointmentId,
      action: 'pcr_lab',
      before: { pcr_lab_id_selected: a.pcr_lab_id_selected },
      after: { pcr_lab_id_selected: labId },
    });
    const { isPcr: _, ...appointment } = await appointmentOrThrow(tx, staffId, appointmentId);
    return { message: PCR_MSG.labSelected, appointment };
  });
}

export async function sampleLabel(deps: AppDeps, staffId: number, appointmentId: number, format: LabelFormat) {
  const a = await appointmentOrThrow(deps.db, staffId, appointmentId);
  if (!a.isPcr) throw AppError.rule(PCR_MSG.notPcr, 'NOT_PCR');
  const number = String(a.customer_appointment_id);
  if (!isCode128B(number)) throw AppError.rule(PCR_MSG.labelNotAscii, 'LABEL_NOT_PRINTABLE');
  const pdf = await renderSampleLabelPdf(
    {
      name: `${a.customer_firstname} ${a.customer_lastname}`.trim(),
      birthday: a.customer_birthday,
      number,
      date: a.date,
    },
    format,
  );
  return { pdf, filename: `probenetikett-${number}-${format}.pdf` };
}

export async function order(deps: AppDeps, auth: AuthContext, staffId: number, body: PcrOrderBody) {
  return deps.db.transaction(async (tx) => {
    const lab = await repo.labOfCentre(tx, staffId, body.pcr_lab_id);
    if (!lab) throw AppError.field(400, 'pcr_lab_id', PCR_MSG.labNotFound, 'PCR_LAB_NOT_FOUND');
    if (!lab.email) throw AppError.rule(PCR_MSG.labNoEmail, 'PCR_LAB_NO_EMAIL');
    const products = await repo.productsByIds(
      tx,
      staffId,
      body.orders.map((o) => o.product_id),
    );
    const byId = new Map(products.filter((p) => p.pcr_lab_id === lab.id).map((p) => [p.id, p]));
    if (body.orders.some((o) => !byId.has(o.product_id))) {
      throw AppError.field(400, 'orders', PCR_MSG.productNotOfLab, 'PRODUCT_NOT_OF_LAB');
    }
    const lines = body.orders.map((o) => {
      const p = byId.get(o.product_id)!;
      return { product_id: p.id, name: p.name, number: p.number, quantity: o.quantity };
    });
    const centre = (await findCentre(tx, staffId))!;
    const at = germanDateTimeOf(now(), centre.time_zone || 'Europe/Berlin');
    const mail = renderMail(centre, {
      salutation: 'Sehr geehrte Damen und Herren,',
      paragraphs: [
        `hiermit bestellen wir (${centre.full_name}, Zentrum Nr. ${staffId}) am ${at} Uhr folgende Produkte:`,
        lines.map((l) => `${l.quantity} × ${l.name}${l.number ? ` (Art.-Nr. ${l.number})` : ''}`).join('\n'),
        `Bestellt von: ${auth.name}`,
      ],
    });
    const mailId = await enqueueMail(tx, {
      staff_id: staffId,
      kind: 'pcr_order',
      to: lab.email,
      subject: `Bestellung – ${centre.full_name}`,
      text: mail.text,
      html: mail.html,
    });
    const id = await repo.insertOrder(
      tx,
      { staff_id: staffId, pcr_lab_id: lab.id, user_id: auth.userId, email: lab.email, mail_id: mailId },
      lines,
    );
    const [created] = await repo.ordersOfCentre(tx, staffId, id);
    return { message: MSG.pcrOrderSent, order: created! };
  });
}

export const listOrders = (deps: AppDeps, staffId: number) => repo.ordersOfCentre(deps.db, staffId);
