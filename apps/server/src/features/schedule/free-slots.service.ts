import { type FreeSlot, type FreeSlotsInput, freeSlots } from '@tz/shared/rules/free-slots';
import { wallClockOf } from '@tz/shared/rules/time-zone';
import { now as clockNow } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { getService } from '../services/services.service';
import * as repo from './schedule.repository';
import { scheduleItems } from './schedule.service';

export interface SlotService {
  id: number;
  slot_length: number;
  duration: number;
  capacity_max: number;
}

/**
 * Everything the pure free-slot and booking rules need for one service and
 * local date of a centre: opening hours, special days, holidays and what is
 * booked that day (leaving out `exceptIds`, the rows an edit replaces).
 */
export async function dayInput(
  db: DbOrTx,
  staffId: number,
  service: SlotService,
  date: string,
  timeZone: string,
  exceptIds: number[] = [],
): Promise<Omit<FreeSlotsInput, 'notBefore'>> {
  // One after the other: `db` is often a transaction (the booking's and the edit's re-check), and one connection
  // runs one query at a time (pg warns about queued concurrent queries and will refuse them in pg 9).
  const weekly = await scheduleItems(db, staffId);
  const specialDays = await repo.listSpecialDays(db, staffId, date);
  const holidays = await repo.listHolidays(db, staffId, date);
  const occupations = await repo.occupationsOfDay(db, staffId, service.id, date, timeZone, exceptIds);
  return {
    date,
    weekly,
    specialDays,
    holidays: holidays.map((h) => h.date),
    slotLength: service.slot_length,
    duration: service.duration,
    capacity: service.capacity_max,
    // Summed per time span (occupationsOfDay): a blocked span carries the number of blocked slots in it.
    appointments: occupations.filter((o) => !o.blocked),
    blockedSlots: occupations.filter((o) => o.blocked),
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
