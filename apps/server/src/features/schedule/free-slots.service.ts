import { type FreeSlot, freeSlots } from '@tz/shared/rules/free-slots';
import { wallClockOf } from '@tz/shared/rules/time-zone';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { getService } from '../services/services.service';
import * as repo from './schedule.repository';
import { scheduleItems } from './schedule.service';

/**
 * Loads everything the pure freeSlots rule needs for one service and local
 * date of a centre. A later booking page or appointment form calls this.
 */
export async function freeSlotsOfDay(
  db: DbOrTx,
  staffId: number,
  serviceId: number,
  date: string,
): Promise<FreeSlot[]> {
  const service = await getService(db, staffId, serviceId);
  if (!service.active) return [];
  const timeZone = await repo.centreTimeZone(db, staffId);
  const [weekly, specialDays, holidays, occupations] = await Promise.all([
    scheduleItems(db, staffId),
    repo.listSpecialDays(db, staffId, date),
    repo.listHolidays(db, staffId, date),
    repo.occupationsOfDay(db, staffId, serviceId, date, timeZone),
  ]);
  const { date: today, time: nowTime } = wallClockOf(now(), timeZone);
  if (date < today) return [];
  return freeSlots({
    date,
    weekly,
    specialDays,
    holidays: holidays.map((h) => h.date),
    slotLength: service.slot_length,
    duration: service.duration,
    capacity: service.capacity_max,
    appointments: occupations.filter((o) => !o.blocked),
    blockedSlots: occupations.filter((o) => o.blocked).map((o) => ({ ...o, persons: 1 })),
    notBefore: date === today ? nowTime : undefined,
  });
}
