import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';

const appointmentParams = z.object({
  staffId: z.coerce.number().int().positive(),
  appointmentId: z.coerce.number().int().positive(),
});

const emailSchema = z.email('Bitte eine gültige E-Mail-Adresse angeben').max(254);

export const sendReceiptBodySchema = z.object({
  /** Alternative address; without it the customer's address, else the centre's. */
  email: emailSchema.optional(),
});

export const mailQueuedSchema = z.object({
  /** The receipt id (send, copy) or the queued mail id (confirmation). */
  id: z.number().int(),
  email: z.string(),
  message: z.string(),
});

export const sendReceiptResponseSchema = mailQueuedSchema.extend({ receipt_number: z.string() });

export const sendReceipt = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/receipts/:appointmentId/send',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Beleg als PDF per E-Mail versenden (Belegnummer wird beim ersten Mal vergeben)',
  params: appointmentParams,
  body: sendReceiptBodySchema,
  response: sendReceiptResponseSchema,
});

export const downloadReceipt = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/receipts/:appointmentId/pdf',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Beleg als PDF herunterladen',
  params: appointmentParams,
  response: z.any().describe('application/pdf'),
});

export const sendReceiptCopy = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/receipts/:appointmentId/copy',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Kopie eines Belegs an eine E-Mail-Adresse senden',
  params: appointmentParams,
  body: z.object({ email: emailSchema }),
  response: sendReceiptResponseSchema,
});

export const sendConfirmationMail = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/receipts/confirmation-mail/:appointmentId/:customerId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Terminbestätigung an den Kunden senden',
  params: appointmentParams.extend({ customerId: z.coerce.number().int().positive() }),
  response: mailQueuedSchema,
});
