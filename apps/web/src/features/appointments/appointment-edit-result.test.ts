import { MSG } from '@tz/shared/messages';
import { describe, expect, it } from 'vitest';
import { unappliedSeriesChange } from './appointment-edit-result';

describe('unappliedSeriesChange', () => {
  it('is silent when the saved appointment holds the sent numbers', () => {
    const n = { number_of_new_appointments: 2, number_of_blocked_slots: 1 };
    expect(unappliedSeriesChange(n, { ...n })).toBeNull();
  });

  it('reports a count the server did not keep (2 sent, 1 saved) instead of a success', () => {
    expect(
      unappliedSeriesChange(
        { number_of_new_appointments: 2, number_of_blocked_slots: 0 },
        { number_of_new_appointments: 1, number_of_blocked_slots: 0 },
      ),
    ).toBe(MSG.seriesChangeNotApplied);
    expect(
      unappliedSeriesChange(
        { number_of_new_appointments: 1, number_of_blocked_slots: 2 },
        { number_of_new_appointments: 1, number_of_blocked_slots: 0 },
      ),
    ).toBe(MSG.seriesChangeNotApplied);
  });
});
