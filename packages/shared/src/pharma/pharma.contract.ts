import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';
import { isRealDate } from '../rules/appointment-time';
import { validPzn } from '../rules/pzn';

/**
 * The pharmacy area (configuration-admin §2 "Pharmacy area", §3 Prescription
 * and Prescription usage): long-term prescriptions (Dauerverordnungen) of a
 * centre's customers, their usages (picking and handover of products),
 * documents, the centre's product catalogue and the billing figures. Only for
 * centres whose consumables feature is on. Money in cents.
 */

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });
const rxParams = staffParams.extend({ rxId: z.coerce.number().int().positive() });
const usageParams = rxParams.extend({ usageId: z.coerce.number().int().positive() });
const documentParams = rxParams.extend({ documentId: z.coerce.number().int().positive() });
const productParams = staffParams.extend({ productId: z.coerce.number().int().positive() });

/** Documents: PDF, JPEG or PNG up to 10 MB. */
export const RX_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const RX_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const RX_NOTES_MAX_LENGTH = 2000;
export const RX_USAGE_MAX_PRODUCTS = 50;
/** Highest price of one product: 100,000.00 €. */
export const PRICE_MAX_CENTS = 10_000_000;

export const PHARMA_MSG = {
  disabled: 'Dauerverordnungen sind für dieses Zentrum nicht freigeschaltet.',
  rxNotFound: 'Die Verordnung wurde nicht gefunden.',
  usageNotFound: 'Die Abgabe wurde nicht gefunden.',
  documentNotFound: 'Das Dokument wurde nicht gefunden.',
  productNotFound: 'Das Produkt wurde nicht gefunden.',
  customerNotFound: 'Der Kunde wurde nicht gefunden.',
  invalidPzn: 'Die PZN ist ungültig (8 Ziffern mit gültiger Prüfziffer).',
  pznTaken: 'Ein Produkt mit dieser PZN gibt es in diesem Zentrum schon.',
  date: 'Bitte ein gültiges Datum angeben.',
  endBeforeStart: 'Das Ende darf nicht vor dem Beginn liegen.',
  handoverBeforeDate: 'Die Übergabe darf nicht vor dem Kommissionieren liegen.',
  titleRequired: 'Bitte eine Bezeichnung angeben.',
  noProducts: 'Bitte mindestens ein Produkt hinzufügen.',
  alreadyBilled: 'Die Abgabe wurde bereits abgerechnet und kann nicht mehr geändert werden.',
  rxSaved: 'Die Verordnung wurde gespeichert.',
  rxActivated: 'Die Verordnung wurde aktiviert.',
  usageSaved: 'Die Abgabe wurde gespeichert.',
  usageDeleted: 'Die Abgabe wurde gelöscht.',
  billed: 'Abgerechnet.',
  noFile: 'Bitte eine Datei auswählen (PDF, JPEG oder PNG).',
  fileType: 'Nur PDF-, JPEG- oder PNG-Dateien sind erlaubt.',
  fileTooLarge: `Die Datei ist zu groß (höchstens ${RX_DOCUMENT_MAX_BYTES / 1024 / 1024} MB).`,
  documentUploaded: 'Das Dokument wurde hochgeladen.',
  documentDeleted: 'Das Dokument wurde gelöscht.',
  confirmDeleteDocument: 'Möchten Sie dieses Dokument wirklich löschen?',
  productSaved: 'Das Produkt wurde gespeichert.',
  productDeleted: 'Das Produkt wurde gelöscht.',
  rangeOrder: 'Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.',
} as const;

const dateSchema = z.string().refine(isRealDate, PHARMA_MSG.date);
const centsSchema = z.number().int().min(0).max(PRICE_MAX_CENTS);
/** A PZN-8 (or PZN-7, read with a leading 0) with a right check digit, stored as 8 digits. */
export const pznSchema = z
  .string()
  .max(20)
  .transform((v, ctx) => {
    const pzn = validPzn(v);
    if (pzn === null) {
      ctx.addIssue({ code: 'custom', message: PHARMA_MSG.invalidPzn });
      return z.NEVER;
    }
    return pzn;
  });

export const rxCustomerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.number().int(),
  birthday: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

export const usageProductSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  customer_title: z.string(),
  customer_price: z.number().int(),
  price: z.number().int(),
  pzn: z.string(),
});
export type UsageProduct = z.infer<typeof usageProductSchema>;

export const rxUsageSchema = z.object({
  id: z.number().int(),
  rx_id: z.number().int(),
  /** Picking date (Kommissionierung), YYYY-MM-DD. */
  date: z.string(),
  /** Handover (pickup) date, YYYY-MM-DD. */
  handover_date: z.string().nullable(),
  billed: z.boolean(),
  billed_at: z.string().nullable(),
  products: z.array(usageProductSchema),
  /** Sum of the products' prices incl. VAT, cents. */
  total: z.number().int(),
});
export type RxUsage = z.infer<typeof rxUsageSchema>;

export const rxSchema = z.object({
  id: z.number().int(),
  /** Issue date of the prescription. */
  date: z.string(),
  /** Start and end of the recurring service. */
  start: z.string(),
  end: z.string().nullable(),
  active: z.boolean(),
  notes: z.string(),
  customer: rxCustomerSchema,
  rx_usages: z.array(rxUsageSchema),
  documents: z.number().int(),
});
export type Rx = z.infer<typeof rxSchema>;

export const rxBodySchema = z
  .object({
    staff_id: z.number().int().positive().optional(),
    customer_id: z.number().int().positive(),
    date: dateSchema,
    start: dateSchema,
    end: dateSchema.nullable(),
    notes: z.string().max(RX_NOTES_MAX_LENGTH).default(''),
    active: z.boolean().default(true),
  })
  .refine((b) => b.end === null || b.end >= b.start, { message: PHARMA_MSG.endBeforeStart, path: ['end'] });
export type RxBody = z.input<typeof rxBodySchema>;

export const usageProductBodySchema = z.object({
  product_id: z.number().int().positive().nullable().default(null),
  customer_title: z.string().trim().min(1, PHARMA_MSG.titleRequired).max(200),
  customer_price: centsSchema,
  price: centsSchema,
  pzn: pznSchema,
});

export const usageBodySchema = z
  .object({
    staff_id: z.number().int().positive().optional(),
    date: dateSchema,
    handover_date: dateSchema.nullable(),
    products: z.array(usageProductBodySchema).min(1, PHARMA_MSG.noProducts).max(RX_USAGE_MAX_PRODUCTS),
  })
  .refine((b) => b.handover_date === null || b.handover_date >= b.date, {
    message: PHARMA_MSG.handoverBeforeDate,
    path: ['handover_date'],
  });
export type UsageBody = z.input<typeof usageBodySchema>;

export const productSchema = z.object({
  id: z.number().int(),
  pzn: z.string(),
  title: z.string(),
  customer_price: z.number().int(),
  price: z.number().int(),
});
export type PharmaProduct = z.infer<typeof productSchema>;

export const productBodySchema = z.object({
  staff_id: z.number().int().positive().optional(),
  pzn: pznSchema,
  title: z.string().trim().min(1, PHARMA_MSG.titleRequired).max(200),
  customer_price: centsSchema,
  price: centsSchema,
});
export type ProductBody = z.input<typeof productBodySchema>;

export const rxDocumentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type RxDocument = z.infer<typeof rxDocumentSchema>;

/** The month list's range, unix seconds (the spec's call: staff, startdate and enddate). */
export const rxListQuerySchema = z
  .object({
    startdate: z.coerce.number().int().min(0).max(32503680000),
    enddate: z.coerce.number().int().min(0).max(32503680000),
  })
  .refine((q) => q.enddate >= q.startdate, { message: PHARMA_MSG.rangeOrder, path: ['enddate'] });

const okMessage = z.object({ error: z.null(), message: z.string() });
const pharma = { maxRole: ROLE.staff, tenant: 'staffId' } as const;
const pharmaManager = { maxRole: ROLE.manager, tenant: 'staffId' } as const;

export const listRx = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/pharma/rx',
  access: pharma,
  summary:
    'Verordnungen eines Zeitraums (Unix-Sekunden): deren Leistungszeitraum ihn berührt oder die darin eine Abgabe haben; je Verordnung nur die Abgaben des Zeitraums',
  params: staffParams,
  query: rxListQuerySchema,
  response: z.array(rxSchema),
});

export const getRx = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/pharma/rx/:rxId',
  access: pharma,
  summary: 'Eine Verordnung mit Kunde und allen Abgaben',
  params: rxParams,
  response: rxSchema,
});

export const createRx = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/pharma/rx',
  access: pharma,
  summary: 'Verordnung anlegen',
  params: staffParams,
  body: rxBodySchema,
  response: okMessage.extend({ rx: rxSchema }),
});

export const updateRx = endpoint({
  method: 'PUT',
  path: '/api/staff/:staffId/pharma/rx/:rxId',
  access: pharma,
  summary: 'Verordnung ändern',
  params: rxParams,
  body: rxBodySchema,
  response: okMessage.extend({ rx: rxSchema }),
});

export const activateRx = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/pharma/rx/:rxId/activate',
  access: pharma,
  summary: 'Inaktive Verordnung aktivieren',
  params: rxParams,
  response: okMessage,
});

export const getUsage = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/pharma/rx/:rxId/usages/:usageId',
  access: pharma,
  summary: 'Eine Abgabe mit ihren Produkten',
  params: usageParams,
  response: rxUsageSchema,
});

export const createUsage = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/pharma/rx/:rxId/usages',
  access: pharma,
  summary: 'Abgabe zu einer Verordnung anlegen (Produkte mit geprüfter PZN)',
  params: rxParams,
  body: usageBodySchema,
  response: okMessage.extend({ usage: rxUsageSchema }),
});

export const updateUsage = endpoint({
  method: 'PUT',
  path: '/api/staff/:staffId/pharma/rx/:rxId/usages/:usageId',
  access: pharma,
  summary: 'Abgabe ändern; eine abgerechnete Abgabe ist schreibgeschützt (409)',
  params: usageParams,
  body: usageBodySchema,
  response: okMessage.extend({ usage: rxUsageSchema }),
});

export const deleteUsage = endpoint({
  method: 'DELETE',
  path: '/api/staff/:staffId/pharma/rx/:rxId/usages/:usageId',
  access: pharma,
  summary: 'Abgabe löschen; eine abgerechnete nicht (409)',
  params: usageParams,
  response: okMessage,
});

export const billUsages = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/pharma/billing',
  access: pharmaManager,
  summary: 'Abgaben als abgerechnet markieren (endgültig)',
  params: staffParams,
  body: z.object({
    staff_id: z.number().int().positive().optional(),
    usage_ids: z.array(z.number().int().positive()).min(1).max(1000),
  }),
  response: okMessage.extend({ billed: z.number().int() }),
});

export const billingMonthSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  count: z.number().int(),
  net: z.number().int(),
  gross: z.number().int(),
});

export const getPharmaBilling = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/pharma/billing',
  access: pharmaManager,
  summary: 'Abrechnung: abgerechnete Abgaben je Monat (nach Kommissionierdatum) und die offenen des gewählten Monats',
  params: staffParams,
  query: z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, PHARMA_MSG.date) }),
  response: z.object({
    selected: billingMonthSchema,
    months: z.array(billingMonthSchema),
    open_usage_ids: z.array(z.number().int()),
    open_gross: z.number().int(),
  }),
});

export const listRxDocuments = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/pharma/rx/:rxId/documents',
  access: pharma,
  summary: 'Dokumente einer Verordnung',
  params: rxParams,
  response: z.array(rxDocumentSchema),
});

export const uploadRxDocument = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/pharma/rx/:rxId/documents',
  access: pharma,
  summary: 'Dokument hochladen (multipart, Feld file): PDF, JPEG oder PNG, nach Inhalt geprüft, höchstens 10 MB',
  params: rxParams,
  response: okMessage.extend({ document: rxDocumentSchema }),
});

export const downloadRxDocument = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/pharma/rx/:rxId/documents/:documentId',
  access: pharma,
  summary: 'Dokument herunterladen',
  params: documentParams,
  response: z.any().describe('die Datei (PDF, JPEG oder PNG)'),
});

export const deleteRxDocument = endpoint({
  method: 'DELETE',
  path: '/api/staff/:staffId/pharma/rx/:rxId/documents/:documentId',
  access: pharma,
  summary: 'Dokument löschen',
  params: documentParams,
  response: okMessage,
});

export const listPharmaProducts = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/pharma/products',
  access: pharma,
  summary: 'Produktkatalog des Zentrums (PZN, Bezeichnung, Preise)',
  params: staffParams,
  response: z.array(productSchema),
});

export const createPharmaProduct = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/pharma/products',
  access: pharmaManager,
  summary: 'Produkt anlegen (PZN je Zentrum eindeutig)',
  params: staffParams,
  body: productBodySchema,
  response: okMessage.extend({ product: productSchema }),
});

export const updatePharmaProduct = endpoint({
  method: 'PUT',
  path: '/api/staff/:staffId/pharma/products/:productId',
  access: pharmaManager,
  summary: 'Produkt ändern',
  params: productParams,
  body: productBodySchema,
  response: okMessage.extend({ product: productSchema }),
});

export const deletePharmaProduct = endpoint({
  method: 'DELETE',
  path: '/api/staff/:staffId/pharma/products/:productId',
  access: pharmaManager,
  summary: 'Produkt löschen (bestehende Abgaben behalten ihre Angaben)',
  params: productParams,
  response: okMessage,
});
