import { DEFAULT_WINDOW_DAYS_BACK } from '@tz/shared/constants';
import dayjs from 'dayjs';

/** A day range of the list as YYYY-MM-DD, both days included. */
export interface DayRange {
  from: string;
  to: string;
}

export const PRESETS = ['yesterday', 'today', 'fromNow', 'tomorrow'] as const;
export type Preset = (typeof PRESETS)[number];
export const PRESET_LABELS: Record<Preset, string> = {
  yesterday: 'Gestern',
  today: 'Heute',
  fromNow: 'Ab jetzt',
  tomorrow: 'Morgen',
};

const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** The presets of the date picker; 'Ab jetzt' is the spec's default window (30 days back to the end of today). */
export function presetRange(preset: Preset, now = dayjs()): DayRange {
  switch (preset) {
    case 'yesterday':
      return { from: day(now.subtract(1, 'day')), to: day(now.subtract(1, 'day')) };
    case 'today':
      return { from: day(now), to: day(now) };
    case 'tomorrow':
      return { from: day(now.add(1, 'day')), to: day(now.add(1, 'day')) };
    case 'fromNow':
      return { from: day(now.subtract(DEFAULT_WINDOW_DAYS_BACK, 'day')), to: day(now) };
  }
}

/** The preset a range equals, if any (to highlight its button). */
export function matchingPreset(range: DayRange, now = dayjs()): Preset | undefined {
  return PRESETS.find((p) => {
    const r = presetRange(p, now);
    return r.from === range.from && r.to === range.to;
  });
}

/** Unix seconds from the start of the first day to the end of the last day (browser time zone). */
export function rangeToUnix(range: DayRange) {
  return {
    startdate: dayjs(range.from).startOf('day').unix(),
    enddate: dayjs(range.to).endOf('day').unix(),
  };
}
