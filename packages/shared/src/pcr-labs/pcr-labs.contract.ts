import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';
import { isRealDate } from '../rules/appointment-time';

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });
const labParams = staffParams.extend({ labId: z.coerce.number().int().positive() });
const appointmentParams = staffParams.extend({ appointmentId: z.coerce.number().int().positive() });

/** Most pieces of one product per order (a box of swabs is ordered by the hundred, not by the million). */
export const PCR_ORDER_MAX_QUANTITY = 1000;
/** Most lines of one order and most products in one lab's catalogue. */
export const PCR_ORDER_MAX_LINES = 50;
export const PCR_PRODUCTS_MAX = 200;
/** Widest date range of the PCR appointment list, in days. */
export const PCR_APPOINTMENTS_MAX_DAYS = 62;

export const PCR_MSG = {
  labNotFound: 'Dieses Labor ist dem Zentrum nicht zugeordnet.',
  labShared: 'Dieses Labor wird von mehreren Zentren genutzt und kann nur von der Plattform geändert werden.',
  labSaved: 'Das Labor wurde gespeichert.',
  productNotOfLab: 'Mindestens ein Produkt gehört nicht zu diesem Labor.',
  productsTwice: 'Jedes Produkt darf nur einmal in der Bestellung stehen.',
  noOrderLines: 'Bitte mindestens ein Produkt mit Menge angeben.',
  quantity: `Die Menge muss eine ganze Zahl von 1 bis ${PCR_ORDER_MAX_QUANTITY} sein.`,
  labNoEmail: 'Für dieses Labor ist keine E-Mail-Adresse hinterlegt.',
  notPcr: 'Dieser Termin ist kein PCR-Termin.',
  labSelected: 'Das Labor des Termins wurde gespeichert.',
  dateFormat: 'Bitte ein Datum im Format JJJJ-MM-TT angeben.',
  rangeTooLong: `Der Zeitraum darf höchstens ${PCR_APPOINTMENTS_MAX_DAYS} Tage umfassen.`,
  rangeOrder: 'Das Ende des Zeitraums liegt vor dem Anfang.',
  labelNotAscii: 'Die Terminnummer kann nicht als Barcode gedruckt werden.',
} as const;

export const pcrLabProductSchema = z.object({ id: z.number().int(), name: z.string(), number: z.string() });
export type PcrLabProduct = z.infer<typeof pcrLabProductSchema>;

/** A PCR lab of the centre (spec §3: id, email, result_system, result_button_label, show_sidebar) with its products. */
export const pcrLabSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  result_system: z.string().nullable(),
  result_button_label: z.string().nullable(),
  show_sidebar: z.number().int(),
  /** Linked to other centres as well: only the platform may change it. */
  shared: z.boolean(),
  products: z.array(pcrLabProductSchema),
});
export type PcrLab = z.infer<typeof pcrLabSchema>;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const pcrLabBodySchema = z.object({
  name: text(120).min(1, 'Bitte einen Namen angeben.'),
  email: z
    .union([z.literal(''), z.email('Bitte eine gültige E-Mail-Adresse angeben').max(254)])
    .nullish()
    .transform((v) => v || null),
  result_system: optionalText(60),
  result_button_label: optionalText(60),
  show_sidebar: z.union([z.literal(0), z.literal(1)]),
  /** The catalogue: entries with id are kept (renamed), without id added; missing ones removed. */
  products: z
    .array(
      z.object({
        id: z.number().int().positive().optional(),
        name: text(120).min(1, 'Bitte einen Produktnamen angeben.'),
        number: text(60),
      }),
    )
    .max(PCR_PRODUCTS_MAX),
});
export type PcrLabBody = z.infer<typeof pcrLabBodySchema>;

export const listPcrLabs = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/pcr-labs',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'PCR-Labore des Zentrums mit ihrem Produktkatalog',
  params: staffParams,
  response: z.array(pcrLabSchema),
});

export const createPcrLab = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/pcr-labs',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'PCR-Labor anlegen und dem Zentrum zuordnen (Administrator)',
  params: staffParams,
  body: pcrLabBodySchema,
  response: z.object({ message: z.string(), lab: pcrLabSchema }),
});

export const updatePcrLab = endpoint({
  method: 'PUT',
  path: '/api/staff/:staffId/pcr-labs/:labId',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'PCR-Labor und Produktkatalog ändern (nur Labore, die nur diesem Zentrum zugeordnet sind)',
  params: labParams,
  body: pcrLabBodySchema,
  response: z.object({ message: z.string(), lab: pcrLabSchema }),
});

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PCR_MSG.dateFormat)
  .refine(isRealDate, PCR_MSG.dateFormat);

export const pcrAppointmentsQuerySchema = z.object({ from: isoDay, to: isoDay });

/** A PCR appointment with its lab (pcr_lab_id_selected) and that lab's result button label. */
export const pcrAppointmentSchema = z.object({
  appointment_id: z.number().int(),
  customer_id: z.number().int(),
  customer_appointment_id: z.number().int(),
  date: z.string(),
  time: z.string(),
  status: z.string(),
  customer_firstname: z.string(),
  customer_lastname: z.string(),
  customer_birthday: z.string().nullable(),
  service_title: z.string(),
  res_detected: z.number().int().nullable(),
  pcr_lab_id_selected: z.number().int().nullable(),
  result_button_label: z.string().nullable(),
});
export type PcrAppointment = z.infer<typeof pcrAppointmentSchema>;

export const listPcrAppointments = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/pcr-labs/appointments',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'PCR-Termine des Zentrums (Testart PCR) in einem Zeitraum (Tage im Zeitzonen des Zentrums) mit ihrem Labor',
  params: staffParams,
  query: pcrAppointmentsQuerySchema,
  response: z.array(pcrAppointmentSchema),
});

export const setPcrLabSelected = endpoint({
  method: 'PUT',
  path: '/api/staff/:staffId/pcr-labs/appointments/:appointmentId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Labor eines PCR-Termins wählen (pcr_lab_id_selected; nur Labore des Zentrums) oder entfernen (null)',
  params: appointmentParams,
  body: z.object({ pcr_lab_id_selected: z.number().int().positive().nullable() }),
  response: z.object({ message: z.string(), appointment: pcrAppointmentSchema }),
});

export const LABEL_FORMATS = ['62mm', 'a4'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const LABEL_FORMAT_TEXT: Record<LabelFormat, string> = {
  '62mm': 'Etikettendrucker 62 mm',
  a4: 'A4-Etikettenbogen (3 × 8)',
};

export const sampleLabelPdf = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/pcr-labs/appointments/:appointmentId/label',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Probenetikett als PDF (Name, Geburtstag, Terminnummer als Code 128, Datum): 62×29 mm oder A4-Bogen 3 × 8',
  params: appointmentParams,
  query: z.object({ format: z.enum(LABEL_FORMATS).default('62mm') }),
  response: z.any().describe('application/pdf'),
});

export const pcrOrderBodySchema = z.object({
  pcr_lab_id: z.number().int().positive(),
  orders: z
    .array(
      z.object({
        product_id: z.number().int().positive(),
        quantity: z
          .number()
          .int(PCR_MSG.quantity)
          .min(1, PCR_MSG.quantity)
          .max(PCR_ORDER_MAX_QUANTITY, PCR_MSG.quantity),
      }),
    )
    .min(1, PCR_MSG.noOrderLines)
    .max(PCR_ORDER_MAX_LINES)
    .refine((lines) => new Set(lines.map((l) => l.product_id)).size === lines.length, PCR_MSG.productsTwice),
});
export type PcrOrderBody = z.infer<typeof pcrOrderBodySchema>;

/** The state of an order is its mail's: queued (in the outbox), sent, failed (given up after retries). */
export const PCR_ORDER_STATES = ['queued', 'sent', 'failed'] as const;
export const PCR_ORDER_STATE_TEXT: Record<(typeof PCR_ORDER_STATES)[number], string> = {
  queued: 'In Warteschlange',
  sent: 'Versendet',
  failed: 'Fehlgeschlagen',
};

export const pcrOrderSchema = z.object({
  id: z.number().int(),
  pcr_lab_id: z.number().int(),
  lab_name: z.string(),
  email: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  state: z.enum(PCR_ORDER_STATES),
  lines: z.array(z.object({ name: z.string(), number: z.string(), quantity: z.number().int() })),
});
export type PcrOrder = z.infer<typeof pcrOrderSchema>;

export const orderPcrProducts = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/pcr-labs/orders',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Produkte bei einem Labor bestellen (pcr_lab_id, orders): gespeichert und per E-Mail an das Labor',
  params: staffParams,
  body: pcrOrderBodySchema,
  response: z.object({ message: z.string(), order: pcrOrderSchema }),
});

export const listPcrOrders = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/pcr-labs/orders',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Bestellungen des Zentrums bei PCR-Laboren, neueste zuerst, mit Versandstatus',
  params: staffParams,
  response: z.array(pcrOrderSchema),
});
