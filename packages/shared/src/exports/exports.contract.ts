import { z } from 'zod';
import { EXPORT_MAX_RANGE_HOURS, ROLE, VACCINATION_EXPORT_MAX_RANGE_HOURS } from '../constants';
import { endpoint } from '../http/endpoint';
import { MSG } from '../messages';
import { EXPORT_RANGE_MESSAGES, isExportDateTime, isWithinHours } from '../rules/export-range';

/** PostgreSQL's integer: every id and number a request carries stays below it. */
const MAX_INT = 2147483647;
const id = z.coerce.number().int().positive().max(MAX_INT);
const staffParams = z.object({ staffId: id });
/** An instant as unix seconds (the appointments list sends its range the same way). */
const unixSeconds = z.number().int().min(0).max(MAX_INT);

/** Kinds of the immediate export (configuration-admin §7 "Daily export of appointments"). */
export const EXPORT_TYPES = ['positive', 'negative', 'chargeable', 'all'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const EXPORT_TYPE_LABELS: Record<ExportType, string> = {
  positive: 'Positiv',
  negative: 'Negativ',
  chargeable: 'Abrechenbar',
  all: 'Alle',
};

/** Why a range of unix seconds is refused: backward, or longer than `hours` hours (null: fine). */
function rangeRefusal(start: number, end: number, hours: number, tooLong: string): string | null {
  if (end <= start) return MSG.exportEndBeforeStart;
  return isWithinHours(start, end, hours) ? null : tooLong;
}

export const dailyExportBodySchema = z.object({
  /** The interval of appointment start times, unix seconds: at most 25 hours (one day, also when the clocks change). */
  interval: z.object({ start: unixSeconds, end: unixSeconds }).superRefine((r, ctx) => {
    const message = rangeRefusal(r.start, r.end, EXPORT_MAX_RANGE_HOURS, MSG.exportRangeTooLong);
    if (message) ctx.addIssue({ code: 'custom', path: ['end'], message });
  }),
  type: z.enum(EXPORT_TYPES),
});
export type DailyExportBody = z.infer<typeof dailyExportBodySchema>;

/** The vaccination export's range (core-workflow §7: start_date, end_date), unix seconds, at most 24 hours. */
export const vaccinationExportBodySchema = z
  .object({ start_date: unixSeconds, end_date: unixSeconds })
  .superRefine((b, ctx) => {
    const message = rangeRefusal(
      b.start_date,
      b.end_date,
      VACCINATION_EXPORT_MAX_RANGE_HOURS,
      MSG.vaccinationExportRangeTooLong,
    );
    if (message) ctx.addIssue({ code: 'custom', path: ['end_date'], message });
  });
export type VaccinationExportBody = z.infer<typeof vaccinationExportBodySchema>;

/** 'yyyy-MM-dd HH:mm:ss' in the centre's time zone (configuration-admin §3 Export request). */
const exportDateTime = z.string().max(19).refine(isExportDateTime, EXPORT_RANGE_MESSAGES.format);

/** Without from and to: the previous month (configuration-admin §5). */
export const exportRequestSchema = z.object({
  from: exportDateTime.optional(),
  to: exportDateTime.optional(),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/**
 * One entry of the export queue (configuration-admin §3): done 0 until the
 * worker has written the file. export_from and export_to are the requested
 * wall-clock range of the centre; failed: the worker gave up after repeated
 * errors (the entry stays not done; a new request or the admin dispatch
 * tries again); rows: the number of rows of the finished file.
 */
export const exportQueueEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  export_from: z.string(),
  export_to: z.string(),
  bucket_filename: z.string().nullable(),
  done: z.union([z.literal(0), z.literal(1)]),
  failed: z.boolean(),
  rows: z.number().int().nullable(),
});
export type ExportQueueEntry = z.infer<typeof exportQueueEntrySchema>;

/** Requested exports shown per page (issue 26 item 15: the list grew without end above the billing overview). */
export const EXPORT_LIST_PAGE_SIZE = 10;

export const exportListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_INT).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(EXPORT_LIST_PAGE_SIZE),
});
export type ExportListQuery = z.infer<typeof exportListQuerySchema>;

/** One page of the requested exports, newest first; total: all of the centre's. */
export const exportListSchema = z.object({ items: z.array(exportQueueEntrySchema), total: z.number().int() });
export type ExportList = z.infer<typeof exportListSchema>;

const csvFile = z.any().describe('text/csv; charset=utf-8 (UTF-8 mit BOM, Semikolon, deutsche Spalten)');

export const dailyExport = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/exports/daily',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary:
    'Sofort-Export der Termine eines Tages (positiv, negativ, abrechenbar oder alle) als CSV, höchstens 25 Stunden',
  params: staffParams,
  body: dailyExportBodySchema,
  response: csvFile,
});

export const vaccinationExport = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/exports/vaccinations',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Impfzentrum-Export der Impfungen eines Tages als CSV, höchstens 24 Stunden (nur Impfzentren)',
  params: staffParams,
  body: vaccinationExportBodySchema,
  response: csvFile,
});

export const requestExport = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/exports',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary:
    'Monatsexport anfordern (von/bis als yyyy-MM-dd HH:mm:ss; ohne Angabe der Vormonat); er wird im Hintergrund erzeugt',
  params: staffParams,
  body: exportRequestSchema,
  response: exportQueueEntrySchema.extend({ message: z.string() }),
});

export const listExports = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/exports',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Die angeforderten Exporte des Zentrums, neueste zuerst, seitenweise (page, per_page; Standard 10)',
  params: staffParams,
  query: exportListQuerySchema,
  response: exportListSchema,
});

export const downloadExport = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/exports/:exportId/download',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Fertigen Monatsexport herunterladen (nur eigene, nur wenn erzeugt)',
  params: staffParams.extend({ exportId: id }),
  response: csvFile,
});

export const exportQueueStatusSchema = z.object({
  /** Waiting to be produced (including ones whose worker stopped; their claim has run out or will). */
  queued: z.number().int(),
  /** Being produced by a worker right now. */
  running: z.number().int(),
  /** Given up after repeated errors; the dispatch tries them again. */
  failed: z.number().int(),
});

export const getExportQueueStatus = endpoint({
  method: 'GET',
  path: '/api/platform/exports',
  access: { maxRole: ROLE.platformAdmin },
  summary: 'Plattform: wie viele Exporte warten, laufen oder fehlgeschlagen sind',
  response: exportQueueStatusSchema,
});

export const dispatchExports = endpoint({
  method: 'POST',
  path: '/api/platform/exports/dispatch',
  access: { maxRole: ROLE.platformAdmin },
  summary: 'Plattform: wartende Exporte jetzt erzeugen; antwortet mit der Zahl der erzeugten',
  response: z.object({
    dispatched: z.number().int(),
    failed: z.number().int(),
    /** Still waiting (another worker holds them, or the time of one call was used up). */
    remaining: z.number().int(),
    message: z.string(),
  }),
});
