import { addDays, dateInZone } from '@tz/shared/rules/time-zone';
import type { DbOrTx } from '../db/client';
import { holidays, scheduleBreaks, scheduleItems, specialDays } from '../db/schema/schedule';
import type { DemoIds } from './foundation.demo';

type Day = [dayIndex: number, start: string, end: string, breaks: [string, string][]];

async function week(tx: DbOrTx, staffId: number, days: Day[]) {
  for (const [day_index, start_time, end_time, breaks] of days) {
    const [item] = await tx
      .insert(scheduleItems)
      .values({ staff_id: staffId, day_index, start_time, end_time })
      .returning({ id: scheduleItems.id });
    if (breaks.length > 0) {
      await tx.insert(scheduleBreaks).values(
        breaks.map(([s, e], i) => ({
          staff_id: staffId,
          schedule_item_id: item!.id,
          position: i + 1,
          start_time: s,
          end_time: e,
        })),
      );
    }
  }
}

/** Opening hours with breaks, a special day and the next fixed public holidays of both demo centres. */
export async function seedSchedule(tx: DbOrTx, ids: DemoIds, at: Date) {
  const workday = (i: number): Day => [i, '08:00', '18:00', [['12:00', '12:30']]];
  await week(tx, ids.testCentreId, [2, 3, 4, 5, 6].map(workday).concat([[7, '09:00', '13:00', []]]));
  await week(
    tx,
    ids.vaccinationCentreId,
    [2, 3, 4, 5, 6].map(
      (i): Day => [
        i,
        '09:00',
        '17:00',
        [
          ['11:00', '11:15'],
          ['13:00', '14:00'],
        ],
      ],
    ),
  );

  const today = dateInZone(at, 'Europe/Berlin');
  const year = Number(today.slice(0, 4));
  const fixed = [year, year + 1].flatMap((y) =>
    ['01-01', '05-01', '10-03', '12-25', '12-26'].map((md) => `${y}-${md}`),
  );
  const upcoming = fixed.filter((d) => d > today).slice(0, 4);
  for (const staffId of [ids.testCentreId, ids.vaccinationCentreId]) {
    await tx.insert(holidays).values(upcoming.map((date) => ({ staff_id: staffId, date })));
  }
  await tx.insert(specialDays).values([
    {
      staff_id: ids.testCentreId,
      date: addDays(today, 10),
      start_time: '10:00',
      end_time: '14:00',
      break_start_time: '12:00',
      break_end_time: '12:15',
    },
    { staff_id: ids.testCentreId, date: addDays(today, 17), start_time: '07:00', end_time: '20:00' },
  ]);
}
