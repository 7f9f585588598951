import { describe, expect, it } from 'vitest';
import { planRow, rowOf, type SeriesVisit } from './series-row';

const T0 = new Date('2026-12-23T08:00:00.000Z');
const HALF_HOUR = 30 * 60 * 1000;
const at = (i: number) => new Date(T0.getTime() + i * HALF_HOUR);
const visit = (id: number, i: number, status = 'approved'): SeriesVisit => ({ id, start_date: at(i), status });

describe('rowOf', () => {
  const series = [visit(1, 0), visit(2, 1), visit(3, 2)];

  it('counts the approved visits of the series; the first is the head with the others as followers', () => {
    const row = rowOf(series, series[0]!);
    expect(row).toMatchObject({ isHead: true, count: 3 });
    expect(row.followers.map((f) => f.id)).toEqual([2, 3]);
  });

  it('knows a later visit is no head but shows the same count', () => {
    expect(rowOf(series, series[1]!)).toMatchObject({ isHead: false, count: 3 });
  });

  it('leaves cancelled visits out; the edited one counts whatever its status', () => {
    const withCancelled = [visit(1, 0, 'cancelled'), visit(2, 1), visit(3, 2, 'cancelled')];
    expect(rowOf(withCancelled, withCancelled[1]!)).toMatchObject({ isHead: true, count: 1 });
    expect(rowOf(withCancelled, withCancelled[0]!)).toMatchObject({ isHead: true, count: 2 });
  });

  it('is a row of one without a series', () => {
    expect(rowOf([], { id: 9, start_date: T0 })).toEqual({ isHead: true, followers: [], count: 1 });
  });
});

describe('planRow', () => {
  it('appends new visits after the last follower when the count grows', () => {
    const plan = planRow([visit(2, 1)], T0, HALF_HOUR, 4);
    expect(plan.keep).toEqual([{ id: 2, start_date: at(1), end_date: at(2) }]);
    expect(plan.cancel).toEqual([]);
    expect(plan.create).toEqual([
      { start_date: at(2), end_date: at(3) },
      { start_date: at(3), end_date: at(4) },
    ]);
  });

  it('cancels the last followers when the count shrinks', () => {
    const plan = planRow([visit(2, 1), visit(3, 2)], T0, HALF_HOUR, 2);
    expect(plan.keep.map((k) => k.id)).toEqual([2]);
    expect(plan.cancel).toEqual([3]);
    expect(plan.create).toEqual([]);
    expect(planRow([visit(2, 1), visit(3, 2)], T0, HALF_HOUR, 1).cancel).toEqual([2, 3]);
  });

  it('lays the followers out again behind a moved head with a new duration', () => {
    const moved = new Date(T0.getTime() + 2 * 3600 * 1000);
    const plan = planRow([visit(2, 1), visit(3, 2)], moved, 15 * 60 * 1000, 3);
    expect(plan.keep.map((k) => k.start_date.toISOString())).toEqual([
      '2026-12-23T10:15:00.000Z',
      '2026-12-23T10:30:00.000Z',
    ]);
  });
});
