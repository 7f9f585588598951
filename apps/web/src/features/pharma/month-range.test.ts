import { describe, expect, it } from 'vitest';
import { monthRange } from './month-range';

describe('month range of the prescription list', () => {
  it('gives last, this and next month, across the turn of the year', () => {
    expect(monthRange('2026-12-15', -1)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthRange('2026-12-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthRange('2026-12-15', 1)).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(monthRange('2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});
