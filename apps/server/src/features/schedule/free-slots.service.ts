import { type FreeSlot, type FreeSlotsInput, freeSlots } from '@tz/shared/rules/free-slots';
import { wallClockOf } from '@tz/shared/rules/time-zone';
import { now as clockNow } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { getService } from '../services/services.service';
import * as repo from './schedule.repository';
import { withBreaks } from './schedule.service';

export interface SlotService {
  id: number;
  slot_length: number;
  duration: number;
  capacity_max: number;
}

/**
 * Everything the pure free-slot and booking rules need for one service and
 * local date of a centre: opening hours, the date's special hours, whether it
 * is a holiday and what is booked that day (leaving out `exceptIds`, the rows
 * an edit replaces); one statement (dayInputRow).
 */
export async function dayInput(
  db: DbOrTx,
  staffId: number,
  service: SlotService,
  date: string,
  timeZone: string,
  exceptIds: number[] = [],
): Promise<Omit<FreeSlotsInput, 'notBefore'>> {
  const row = await repo.dayInputRow(db, { staffId, serviceId: service.id, date, timeZone, exceptIds });
  return {
    date,
    weekly: row.weekly.map(withBreaks),
    specialDays: row.special_day ? [row.special_day] : [],
    holidays: row.holiday ? [date] : [],
    slotLength: service.slot_length,
    duration: service.duration,
    capacity: service.capacity_max,
    // Summed per time span (DayInputRow): a blocked span carries the number of blocked slots in it.
    appointments: row.occupations.filter((o) => !o.blocked),
    blockedSlots: row.occupations.filter((o) => o.blocked),
  };
}

/** The free slots of one service on a local date of the centre; none in the past. */
export async function freeSlotsOfDay(
  db: DbOrTx,
  staffId: number,
  serviceId: number,
  date: string,
  now: Date = clockNow(),
): Promise<FreeSlot[]> {
  const service = await getService(db, staffId, serviceId);
  if (!service.active) return [];
  const timeZone = await repo.centreTimeZone(db, staffId);
  const local = wallClockOf(now, timeZone);
  if (date < local.date) return [];
  const input = await dayInput(db, staffId, service, date, timeZone);
  return freeSlots({ ...input, notBefore: date === local.date ? local.time : undefined });
}
