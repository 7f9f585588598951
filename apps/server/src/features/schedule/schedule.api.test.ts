import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { dateInZone } from '@tz/shared/rules/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../../clock';
import { centreWithUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const manager = () => centreWithUser(t.app, t.database.db, ROLE.manager);

/** A date n days from today in Berlin, 'YYYY-MM-DD'. */
const inDays = (n: number) => dateInZone(new Date(nowMs() + n * 86_400_000), 'Europe/Berlin');

const brk = (start_time = '', end_time = '') => ({ start_time, end_time });
const day = (day_index: number, start_time = '', end_time = '', breaks = [brk(), brk()]) => ({
  day_index,
  start_time,
  end_time,
  break: breaks,
});

describe('opening hours', () => {
  it('saves a week with breaks; an empty day is closed', async () => {
    const m = await manager();
    const url = `/api/staff/${m.centre.id}/schedule/items`;
    const week = [
      day(1),
      day(2, '08:00', '18:00', [brk('12:00', '12:30'), brk('15:00', '15:15')]),
      day(3, '09:00', '17:00'),
      day(4),
      day(5),
      day(6),
      day(7),
    ];
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: m.headers,
      payload: { staff_id: m.centre.id, schedule_items: week },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.scheduleSaved);
    const list = (await t.app.inject({ method: 'GET', url, headers: m.headers })).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      day_index: 2,
      start_time: '08:00',
      end_time: '18:00',
      break: [
        { start_time: '12:00', end_time: '12:30' },
        { start_time: '15:00', end_time: '15:15' },
      ],
    });
    expect(list[1].break).toEqual([
      { id: null, start_time: '', end_time: '' },
      { id: null, start_time: '', end_time: '' },
    ]);

    // Emptying Monday closes it.
    await t.app.inject({ method: 'POST', url, headers: m.headers, payload: { schedule_items: [day(2)] } });
    const after = (await t.app.inject({ method: 'GET', url, headers: m.headers })).json();
    expect(after.map((d: { day_index: number }) => d.day_index)).toEqual([3]);
  });

  it('refuses a break outside the opening hours and saves nothing', async () => {
    const m = await manager();
    const url = `/api/staff/${m.centre.id}/schedule/items`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: m.headers,
      payload: {
        schedule_items: [day(3, '08:00', '12:00'), day(2, '08:00', '12:00', [brk('11:30', '12:30'), brk()])],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Montag: ${MSG.breakOutsideHours}`);
    const list = (await t.app.inject({ method: 'GET', url, headers: m.headers })).json();
    expect(list).toEqual([]);
  });

  it('refuses times not in HH:MM and longer than five characters', async () => {
    const m = await manager();
    for (const bad of ['8:00', '25:00', '08:00:00', 'acht']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/staff/${m.centre.id}/schedule/items`,
        headers: m.headers,
        payload: { schedule_items: [day(2, bad, '12:00')] },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toContain(MSG.timeFormat);
    }
  });
});

describe('special days', () => {
  const row = (date: string, start_time = '10:00', end_time = '14:00') => ({
    date,
    start_time,
    end_time,
    break_start_time: '12:00',
    break_end_time: '12:15',
    break_start_time2: '',
    break_end_time2: '',
  });

  it('creates five at once, ignores blank rows, lists them and deletes one', async () => {
    const m = await manager();
    const url = `/api/staff/${m.centre.id}/schedule/special-days`;
    const days = [1, 2, 3, 4, 5].map((n) => row(inDays(n)));
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: m.headers,
      payload: { staff_id: m.centre.id, special_days: days },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.daysSaved);
    const list = (await t.app.inject({ method: 'GET', url, headers: m.headers })).json();
    expect(list.map((d: { date: string }) => d.date)).toEqual(days.map((d) => d.date));
    expect(list[0]).toMatchObject({ start_time: '10:00', break_start_time: '12:00', break_end_time2: '' });

    const del = await t.app.inject({ method: 'DELETE', url: `${url}/${list[0].id}`, headers: m.headers });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(MSG.holidayDeleted);
    const again = await t.app.inject({ method: 'DELETE', url: `${url}/${list[0].id}`, headers: m.headers });
    expect(again.statusCode).toBe(404);

    const blanks = await t.app.inject({
      method: 'POST',
      url,
      headers: m.headers,
      payload: { special_days: [row(inDays(9)), { ...row(''), start_time: '', end_time: '' }] },
    });
    expect(blanks.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: m.headers })).json()).toHaveLength(5);
  });

  it('refuses a sixth day in one request', async () => {
    const m = await manager();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/schedule/special-days`,
      headers: m.headers,
      payload: { special_days: [1, 2, 3, 4, 5, 6].map((n) => row(inDays(n))) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(MSG.maxSpecialDays);
  });

  it('refuses a special day with a break outside its hours or without hours', async () => {
    const m = await manager();
    const url = `/api/staff/${m.centre.id}/schedule/special-days`;
    const outside = await t.app.inject({
      method: 'POST',
      url,
      headers: m.headers,
      payload: { special_days: [row(inDays(3), '13:00', '14:00')] },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toContain(MSG.breakOutsideHours);
    const noHours = await t.app.inject({
      method: 'POST',
      url,
      headers: m.headers,
      payload: { special_days: [{ date: inDays(3) }] },
    });
    expect(noHours.statusCode).toBe(400);
    expect(noHours.json().message).toContain(MSG.specialDayHoursRequired);
  });
});

describe('holidays', () => {
  it('takes the five dates of the form, ignoring empty ones, and lists only future holidays', async () => {
    const m = await manager();
    const url = `/api/staff/${m.centre.id}/schedule/holidays`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: m.headers,
      payload: { staff_id: m.centre.id, date: [inDays(20), '', inDays(10), null, ''] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.holidaysUpdated);
    const list = (await t.app.inject({ method: 'GET', url, headers: m.headers })).json();
    expect(list.map((h: { date: string }) => h.date)).toEqual([inDays(10), inDays(20)]);

    const del = await t.app.inject({ method: 'DELETE', url: `${url}/${list[0].id}`, headers: m.headers });
    expect(del.json().message).toBe(MSG.holidayDeleted);
    const after = (await t.app.inject({ method: 'GET', url, headers: m.headers })).json();
    expect(after.map((h: { date: string }) => h.date)).toEqual([inDays(20)]);
  });

  it('refuses six dates, only empty dates and past dates', async () => {
    const m = await manager();
    const url = `/api/staff/${m.centre.id}/schedule/holidays`;
    const six = await t.app.inject({
      method: 'POST',
      url,
      headers: m.headers,
      payload: { date: [1, 2, 3, 4, 5, 6].map(inDays) },
    });
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toContain(MSG.maxHolidays);
    const empty = await t.app.inject({ method: 'POST', url, headers: m.headers, payload: { date: ['', '', ''] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.noDates);
    const past = await t.app.inject({ method: 'POST', url, headers: m.headers, payload: { date: [inDays(-3)] } });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain(MSG.dateInPast);
  });

  it('does not delete another centre’s holiday', async () => {
    const m = await manager();
    const other = await manager();
    await t.app.inject({
      method: 'POST',
      url: `/api/staff/${other.centre.id}/schedule/holidays`,
      headers: other.headers,
      payload: { date: [inDays(5)] },
    });
    const [h] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/staff/${other.centre.id}/schedule/holidays`,
        headers: other.headers,
      })
    ).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/${m.centre.id}/schedule/holidays/${h.id}`,
      headers: m.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('refuses role 30 to read or change opening hours, special days and holidays', async () => {
    const s = await centreWithUser(t.app, t.database.db, ROLE.staff);
    const base = `/api/staff/${s.centre.id}/schedule`;
    const calls = [
      { method: 'GET' as const, url: `${base}/items` },
      { method: 'POST' as const, url: `${base}/items`, payload: { schedule_items: [day(2, '08:00', '12:00')] } },
      { method: 'POST' as const, url: `${base}/special-days`, payload: { special_days: [] } },
      { method: 'DELETE' as const, url: `${base}/special-days/1` },
      { method: 'POST' as const, url: `${base}/holidays`, payload: { date: [inDays(3)] } },
      { method: 'DELETE' as const, url: `${base}/holidays/1` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: s.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });
});

describe('refusals name the field: the path in details, never in the message', () => {
  const noPath = (message: string) => expect(message).not.toMatch(/schedule_items|special_days|_time|\.\d+\./);

  it('marks 25:00 on Monday as schedule_items.1.start_time (the day order of the request)', async () => {
    const m = await manager();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/schedule/items`,
      headers: m.headers,
      payload: { schedule_items: [day(1), day(2, '25:00', '12:00'), day(3)] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VALIDATION');
    expect(res.json().details).toEqual([{ field: 'schedule_items.1.start_time', message: MSG.timeFormat }]);
    expect(res.json().message).toBe(`${MSG.invalidInput} ${MSG.timeFormat}`);
    noPath(res.json().message);
  });

  it('marks every day that breaks a rule, each with its field, and names the weekdays in the message', async () => {
    const m = await manager();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/schedule/items`,
      headers: m.headers,
      payload: {
        schedule_items: [
          day(1),
          day(2, '08:00', '12:00', [brk(), brk('11:30', '12:30')]),
          day(3, '12:00', '08:00'),
          day(4, '08:00', ''),
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('SCHEDULE');
    expect(res.json().details).toEqual([
      { field: 'schedule_items.1.break.1.end_time', message: MSG.breakOutsideHours },
      { field: 'schedule_items.2.end_time', message: MSG.startBeforeEnd },
      { field: 'schedule_items.3.end_time', message: MSG.hoursIncomplete },
    ]);
    expect(res.json().message).toBe(
      `Montag: ${MSG.breakOutsideHours} Dienstag: ${MSG.startBeforeEnd} Mittwoch: ${MSG.hoursIncomplete}`,
    );
  });

  it('marks the special day row and its field: format, date in the past, a break outside the hours', async () => {
    const m = await manager();
    const url = `/api/staff/${m.centre.id}/schedule/special-days`;
    const blank = { date: '' };
    const format = await t.app.inject({
      method: 'POST',
      url,
      headers: m.headers,
      payload: { special_days: [{ date: inDays(2), start_time: '10:00', end_time: '25:00' }] },
    });
    expect(format.statusCode).toBe(400);
    expect(format.json().details).toEqual([{ field: 'special_days.0.end_time', message: MSG.timeFormat }]);
    noPath(format.json().message);

    const rules = await t.app.inject({
      method: 'POST',
      url,
      headers: m.headers,
      payload: {
        special_days: [
          blank,
          { date: inDays(-2), start_time: '10:00', end_time: '14:00' },
          blank,
          {
            date: inDays(4),
            start_time: '10:00',
            end_time: '14:00',
            break_start_time2: '13:30',
            break_end_time2: '15:00',
          },
        ],
      },
    });
    expect(rules.statusCode).toBe(400);
    expect(rules.json().details).toEqual([
      { field: 'special_days.1.date', message: MSG.dateInPast },
      { field: 'special_days.3.break_end_time2', message: MSG.breakOutsideHours },
    ]);
    const german = (iso: string) => iso.split('-').reverse().join('.');
    expect(rules.json().message).toBe(
      `${german(inDays(-2))}: ${MSG.dateInPast} ${german(inDays(4))}: ${MSG.breakOutsideHours}`,
    );
    expect((await t.app.inject({ method: 'GET', url, headers: m.headers })).json()).toEqual([]);
  });

  it('marks each past holiday by its place among the five dates', async () => {
    const m = await manager();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/schedule/holidays`,
      headers: m.headers,
      payload: { date: [inDays(3), '', inDays(-1), null, inDays(-5)] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'date.2', message: MSG.dateInPast },
      { field: 'date.4', message: MSG.dateInPast },
    ]);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${m.centre.id}/schedule/holidays`,
      headers: m.headers,
      payload: { date: ['', '31.12.2030'] },
    });
    expect(bad.json().details).toEqual([{ field: 'date.1', message: MSG.dateFormat }]);
    noPath(bad.json().message);
  });
});
