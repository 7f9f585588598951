import { z } from 'zod';
import { MAX_HOLIDAYS_AT_ONCE, MAX_SPECIAL_DAYS_AT_ONCE, ROLE } from '../constants';
import { endpoint } from '../http/endpoint';
import { MSG } from '../messages';

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });

/** 'HH:MM' or empty (empty = not set). At most 5 characters (configuration-admin §9). */
export const optionalTimeSchema = z
  .string()
  .trim()
  .max(5, MSG.timeFormat)
  .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/.test(v), MSG.timeFormat)
  .nullish()
  .transform((v) => v ?? '');

/** 'YYYY-MM-DD' on the wire; the screens show DD.MM.YYYY. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dateFormat)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: MSG.dateFormat,
    },
  );

export const scheduleBreakSchema = z.object({
  id: z.number().int().nullable(),
  start_time: z.string(),
  end_time: z.string(),
});

/** Opening hours of one weekday; day_index 1 = Sunday … 7 = Saturday; always two breaks. */
export const scheduleItemSchema = z.object({
  id: z.number().int().nullable(),
  day_index: z.number().int().min(1).max(7),
  start_time: z.string(),
  end_time: z.string(),
  break: z.array(scheduleBreakSchema),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

export const scheduleItemInputSchema = z.object({
  id: z.number().int().nullish(),
  day_index: z.number().int().min(1, MSG.dayIndexRange).max(7, MSG.dayIndexRange),
  start_time: optionalTimeSchema,
  end_time: optionalTimeSchema,
  break: z
    .array(z.object({ id: z.number().int().nullish(), start_time: optionalTimeSchema, end_time: optionalTimeSchema }))
    .max(2, MSG.twoBreaksOnly)
    .default([]),
});
export type ScheduleItemInput = z.infer<typeof scheduleItemInputSchema>;

export const scheduleUpdateSchema = z.object({
  staff_id: z.number().int().positive().optional(),
  schedule_items: z.array(scheduleItemInputSchema).max(7),
});

export const specialDaySchema = z.object({
  id: z.number().int(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  break_start_time: z.string(),
  break_end_time: z.string(),
  break_start_time2: z.string(),
  break_end_time2: z.string(),
});
export type SpecialDay = z.infer<typeof specialDaySchema>;

/** One of the five rows; a row without a date is ignored. */
export const specialDayInputSchema = z.object({
  date: z.union([isoDateSchema, z.literal('')]).nullish(),
  start_time: optionalTimeSchema,
  end_time: optionalTimeSchema,
  break_start_time: optionalTimeSchema,
  break_end_time: optionalTimeSchema,
  break_start_time2: optionalTimeSchema,
  break_end_time2: optionalTimeSchema,
});
export type SpecialDayInput = z.infer<typeof specialDayInputSchema>;

export const specialDaysCreateSchema = z.object({
  staff_id: z.number().int().positive().optional(),
  special_days: z.array(specialDayInputSchema).max(MAX_SPECIAL_DAYS_AT_ONCE, MSG.maxSpecialDays),
});

export const holidaySchema = z.object({ id: z.number().int(), date: z.string() });
export type Holiday = z.infer<typeof holidaySchema>;

/** The form sends all five dates, including empty ones (configuration-admin §5). */
export const holidaysUpdateSchema = z.object({
  staff_id: z.number().int().positive().optional(),
  date: z.array(z.union([isoDateSchema, z.literal('')]).nullable()).max(MAX_HOLIDAYS_AT_ONCE, MSG.maxHolidays),
});

const messageSchema = z.object({ message: z.string() });

export const listScheduleItems = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/schedule/items',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Öffnungszeiten je Wochentag (1 = Sonntag … 7 = Samstag) mit zwei Pausen',
  params: staffParams,
  response: z.array(scheduleItemSchema),
});

export const updateSchedule = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/schedule/items',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Öffnungszeiten speichern (leerer Tag = geschlossen)',
  params: staffParams,
  body: scheduleUpdateSchema,
  response: messageSchema,
});

export const listSpecialDays = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/schedule/special-days',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Tage mit abweichenden Öffnungszeiten (ab heute)',
  params: staffParams,
  response: z.array(specialDaySchema),
});

export const createSpecialDays = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/schedule/special-days',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Bis zu fünf Tage mit abweichenden Öffnungszeiten anlegen',
  params: staffParams,
  body: specialDaysCreateSchema,
  response: messageSchema,
});

export const deleteSpecialDay = endpoint({
  method: 'DELETE',
  path: '/api/staff/:staffId/schedule/special-days/:specialDayId',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Einen Tag mit abweichenden Öffnungszeiten löschen',
  params: staffParams.extend({ specialDayId: z.coerce.number().int().positive() }),
  response: messageSchema,
});

export const listHolidays = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/schedule/holidays',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Künftige Feiertage',
  params: staffParams,
  response: z.array(holidaySchema),
});

export const updateHolidays = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/schedule/holidays',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Bis zu fünf Feiertage auf einmal eintragen (leere Daten werden ignoriert)',
  params: staffParams,
  body: holidaysUpdateSchema,
  response: messageSchema,
});

export const deleteHoliday = endpoint({
  method: 'DELETE',
  path: '/api/staff/:staffId/schedule/holidays/:holidayId',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Einen Feiertag löschen',
  params: staffParams.extend({ holidayId: z.coerce.number().int().positive() }),
  response: messageSchema,
});

export const freeSlotSchema = z.object({ start_time: z.string(), end_time: z.string(), free: z.number().int() });

export const listFreeSlots = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/schedule/free-slots',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Freie Slots eines Tages für eine Dienstleistung (Öffnungszeiten, Sondertage, Feiertage, Buchungen)',
  params: staffParams,
  query: z.object({ service_id: z.coerce.number().int().positive(), date: isoDateSchema }),
  response: z.array(freeSlotSchema),
});
