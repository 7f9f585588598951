import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { matchingPreset, presetRange, rangeToUnix } from './appointment-range';

const now = dayjs('2024-06-10T14:30:00');

describe('date presets', () => {
  it('defaults to 30 days back until the end of today', () => {
    expect(presetRange('fromNow', now)).toEqual({ from: '2024-05-11', to: '2024-06-10' });
  });

  it('gives yesterday, today and tomorrow as single days', () => {
    expect(presetRange('yesterday', now)).toEqual({ from: '2024-06-09', to: '2024-06-09' });
    expect(presetRange('today', now)).toEqual({ from: '2024-06-10', to: '2024-06-10' });
    expect(presetRange('tomorrow', now)).toEqual({ from: '2024-06-11', to: '2024-06-11' });
  });

  it('recognises a preset range', () => {
    expect(matchingPreset({ from: '2024-06-10', to: '2024-06-10' }, now)).toBe('today');
    expect(matchingPreset({ from: '2024-06-01', to: '2024-06-10' }, now)).toBeUndefined();
  });

  it('covers whole days in unix seconds', () => {
    const r = rangeToUnix({ from: '2024-06-10', to: '2024-06-10' });
    expect(r.enddate - r.startdate).toBe(86400 - 1);
    expect(dayjs.unix(r.startdate).format('YYYY-MM-DD HH:mm')).toBe('2024-06-10 00:00');
  });
});
