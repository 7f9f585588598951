import { MSG } from '@tz/shared/messages';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { germanDateOf, germanTimeOf } from '@tz/shared/rules/german-date';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import { enqueueMail } from '../mail/mail-outbox';
import { renderMail, salutation } from '../mail/mail-template';
import * as ctxRepo from './appointment-context.repository';
import { formatReceiptNumber, renderReceiptPdf } from './receipt-pdf';
import * as repo from './receipts.repository';

async function loadCentre(db: DbOrTx, staffId: number) {
  const centre = await ctxRepo.findCentre(db, staffId);
  if (!centre) throw AppError.notFound('Dieses Testzentrum gibt es nicht.');
  return centre;
}

async function loadContext(db: DbOrTx, staffId: number, appointmentId: number) {
  const ctx = await ctxRepo.findContextById(db, staffId, appointmentId);
  if (!ctx || ctx.appointment.should_block_slot) throw AppError.notFound(MSG.appointmentNotFound);
  return ctx;
}

/**
 * The appointment's receipt, issued on first use: the appointment row is
 * locked, so two parallel requests cannot both issue one; the number comes
 * from the centre's counter in the same transaction.
 */
async function issueReceipt(tx: DbOrTx, auth: AuthContext, staffId: number, appointmentId: number) {
  const locked = await ctxRepo.lockAppointment(tx, staffId, appointmentId);
  if (!locked) throw AppError.notFound(MSG.appointmentNotFound);
  const existing = await repo.findReceipt(tx, appointmentId);
  if (existing) return existing;
  const ctx = await loadContext(tx, staffId, appointmentId);
  if (ctx.appointment.status === 'cancelled') throw AppError.rule(MSG.receiptCancelledAppointment, 'CANCELLED');
  const centre = await loadCentre(tx, staffId);
  const number = await repo.allocateReceiptNumber(tx, staffId);
  const receipt = await repo.insertReceipt(tx, {
    staff_id: staffId,
    appointment_id: appointmentId,
    receipt_number: number,
    price: ctx.appointment.price,
    vat_percent: centre.default_IVA,
    created_by: auth.userId,
  });
  await writeAudit(tx, {
    staff_id: staffId,
    user_id: auth.userId,
    entity: 'receipt',
    entity_id: receipt.id,
    action: 'issue',
    after: { appointment_id: appointmentId, receipt_number: number, price: receipt.price },
  });
  return receipt;
}

async function renderFor(db: DbOrTx, staffId: number, receipt: repo.ReceiptRow, copy: boolean) {
  const [centre, ctx] = await Promise.all([loadCentre(db, staffId), loadContext(db, staffId, receipt.appointment_id)]);
  const pdf = await renderReceiptPdf(centre, ctx, {
    receiptNumber: formatReceiptNumber(receipt.receipt_number),
    issuedAt: receipt.created_at,
    price: receipt.price,
    vatPercent: Number(receipt.vat_percent),
    copy,
  });
  return { pdf, centre, ctx };
}

/**
 * The receipt mail. To the customer's own address it greets the customer;
 * to any other address (employer, accounting, the centre itself) it is
 * neutral: no name in the greeting, no "your appointment".
 */
async function queueReceiptMail(tx: DbOrTx, staffId: number, receipt: repo.ReceiptRow, to: string, copy: boolean) {
  const { pdf, centre, ctx } = await renderFor(tx, staffId, receipt, copy);
  const number = formatReceiptNumber(receipt.receipt_number);
  const toCustomer = !!ctx.customer.email && ctx.customer.email.trim().toLowerCase() === to.trim().toLowerCase();
  const what = copy ? `eine Kopie des Belegs Nr. ${number}` : `den Beleg Nr. ${number}`;
  const body = renderMail(centre, {
    salutation: toCustomer ? salutation(ctx.customer.first_name, ctx.customer.last_name) : salutation(),
    paragraphs: [
      toCustomer
        ? `anbei erhalten Sie ${what} für Ihren Termin „${ctx.service.title}“.`
        : `anbei erhalten Sie ${what} von ${centre.full_name}.`,
    ],
  });
  await enqueueMail(tx, {
    staff_id: staffId,
    kind: copy ? 'receipt_copy' : 'receipt',
    to,
    subject: `${copy ? 'Kopie: ' : ''}${toCustomer ? 'Ihr Beleg' : 'Beleg'} Nr. ${number} – ${centre.full_name}`,
    ...body,
    attachments: [{ filename: `beleg-${number}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64') }],
  });
  await repo.markReceiptSent(tx, receipt.id, to);
  return { id: receipt.id, email: to, receipt_number: number };
}

/** Send receipt: to the given address, else the customer's, else the centre's. */
export async function sendReceipt(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  appointmentId: number,
  email: string | undefined,
) {
  return deps.db.transaction(async (tx) => {
    const receipt = await issueReceipt(tx, auth, staffId, appointmentId);
    const ctx = await loadContext(tx, staffId, appointmentId);
    const centre = await loadCentre(tx, staffId);
    const to = email || ctx.customer.email || centre.email;
    if (!to) throw AppError.rule(MSG.receiptNoRecipient, 'NO_RECIPIENT');
    const sent = await queueReceiptMail(tx, staffId, receipt, to, false);
    return { ...sent, message: MSG.receiptSent };
  });
}

/** A copy of an issued receipt to any address. */
export async function sendReceiptCopy(
  deps: AppDeps,
  _auth: AuthContext,
  staffId: number,
  appointmentId: number,
  email: string,
) {
  return deps.db.transaction(async (tx) => {
    await loadContext(tx, staffId, appointmentId);
    const receipt = await repo.findReceipt(tx, appointmentId);
    if (!receipt || receipt.staff_id !== staffId) throw AppError.rule(MSG.receiptNotIssued, 'NO_RECEIPT');
    const sent = await queueReceiptMail(tx, staffId, receipt, email, true);
    return { ...sent, message: MSG.receiptSent };
  });
}

export async function receiptPdf(deps: AppDeps, auth: AuthContext, staffId: number, appointmentId: number) {
  const receipt = await deps.db.transaction((tx) => issueReceipt(tx, auth, staffId, appointmentId));
  const { pdf } = await renderFor(deps.db, staffId, receipt, false);
  return { pdf, filename: `beleg-${formatReceiptNumber(receipt.receipt_number)}.pdf` };
}

/** The appointment confirmation mail to the customer. */
export async function sendConfirmationMail(deps: AppDeps, staffId: number, appointmentId: number, customerId: number) {
  const ctx = await loadContext(deps.db, staffId, appointmentId);
  if (ctx.appointment.customer_id !== customerId) throw AppError.notFound(MSG.appointmentNotFound);
  const to = ctx.customer.email;
  if (!to) throw AppError.rule(MSG.customerHasNoEmail, 'NO_EMAIL');
  const centre = await loadCentre(deps.db, staffId);
  const tz = centre.time_zone || 'Europe/Berlin';
  const start = {
    date: germanDateOf(ctx.appointment.start_date, tz),
    time: germanTimeOf(ctx.appointment.start_date, tz),
  };
  const place = [
    [centre.tz_street, centre.tz_street_number].filter(Boolean).join(' '),
    [centre.tz_zip, centre.tz_city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const cancelled = ctx.appointment.status === 'cancelled';
  const body = renderMail(centre, {
    salutation: salutation(ctx.customer.first_name, ctx.customer.last_name),
    paragraphs: [
      cancelled
        ? `Ihr Termin „${ctx.service.title}“ am ${start.date} um ${start.time} Uhr wurde storniert.`
        : `hiermit bestätigen wir Ihren Termin „${ctx.service.title}“ am ${start.date} um ${start.time} Uhr.`,
      ...(place && !cancelled ? [`Ort: ${centre.full_name}, ${place}`] : []),
      `Ihre Vorgangsnummer: ${displayCustomerAppointmentId(ctx.appointment.customer_appointment_id)}`,
    ],
  });
  const id = await enqueueMail(deps.db, {
    staff_id: staffId,
    kind: 'confirmation',
    to,
    subject: `${cancelled ? 'Stornierung' : 'Terminbestätigung'} – ${centre.full_name}`,
    ...body,
  });
  return { id, email: to, message: MSG.confirmationMailSent };
}
