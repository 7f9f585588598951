import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import type { SearchResult } from '@tz/shared/search/search.contract';
import { describe, expect, it } from 'vitest';
import { patchSearchResult, searchKey } from './search-cache';

const row = (appointment_id: number, checked_in = 0) => ({ appointment_id, checked_in }) as Appointment;
const result = (...rows: Appointment[]): SearchResult => ({ data: { customers: [], appointments: rows } });

describe('search results in the cache', () => {
  it('takes a change into the one row it concerns, the others stay as they are', () => {
    const before = result(row(1), row(2));
    const after = patchSearchResult(before, 2, { checked_in: 1 })!;
    expect(after.data.appointments.map((a) => a.checked_in)).toEqual([0, 1]);
    expect(after.data.appointments[0]).toBe(before.data.appointments[0]);
  });

  it('leaves results without the appointment untouched', () => {
    const before = result(row(1));
    expect(patchSearchResult(before, 9, { checked_in: 1 })).toBe(before);
    expect(patchSearchResult(undefined, 9, { checked_in: 1 })).toBeUndefined();
  });

  it('has one key prefix for all searches of a centre', () => {
    expect(searchKey(7, 'Beck').slice(0, 2)).toEqual(searchKey(7));
  });
});
