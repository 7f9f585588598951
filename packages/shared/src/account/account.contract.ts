import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });

/** Booking page: publish (online) or private (paused). */
export const BOOKING_STATUS = ['publish', 'private'] as const;
export const bookingStatusSchema = z.enum(BOOKING_STATUS);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

export const accountStatusSchema = z.object({
  status: bookingStatusSchema,
  /** Scheduled pause, yyyy-MM-dd, or null. */
  pause_date: z.string().nullable(),
  /** Pause date due or passed, or status private (core-workflow §4). */
  deactivated: z.boolean(),
  /** "Today" in the centre's time zone, yyyy-MM-dd: the earliest pause date allowed. */
  today: z.string(),
});
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** Whether a centre counts as deactivated; dates are yyyy-MM-dd in the centre's time zone. */
export function isDeactivated(status: BookingStatus, pauseDate: string | null, today: string): boolean {
  return status === 'private' || (pauseDate !== null && pauseDate <= today);
}

export const getAccountStatus = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/account/status',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Status der Buchungsseite (publish/private) und geplante Pause',
  params: staffParams,
  response: accountStatusSchema,
});

export const setAccountStatus = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/account/status',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Buchungsseite ein- oder ausschalten (löscht eine geplante Pause)',
  params: staffParams,
  body: z.object({ status: bookingStatusSchema, staff_id: z.number().int().positive().optional() }),
  response: accountStatusSchema.extend({ message: z.string() }),
});

export const getSuspension = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/account/suspension',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Datum der geplanten Pause',
  params: staffParams,
  response: z.object({ pause_date: z.string().nullable() }),
});

export const suspendAccount = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/account/suspension',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Pause ab einem Datum planen; löscht Sondertage der 31 Tage ab diesem Datum',
  params: staffParams,
  body: z.object({
    date: z.iso.date('Bitte ein gültiges Datum angeben'),
    staff_id: z.number().int().positive().optional(),
  }),
  response: z.object({ pause_date: z.string(), deleted_special_days: z.number().int(), message: z.string() }),
});

export const removeSuspension = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/account/suspension/remove',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Geplante Pause entfernen',
  params: staffParams,
  response: z.object({ message: z.string() }),
});
