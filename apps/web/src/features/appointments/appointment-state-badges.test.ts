import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { describe, expect, it } from 'vitest';
import { COMPACT_BADGES, foldForCompactLine, stateBadges, UPRIGHT_BADGES } from './appointment-state-badges';

/** An appointment in every state at once: the widest compact line there is. */
const everything = {
  status: 'cancelled',
  source: 'customer',
  checked_in: 5,
  res_detected: 2,
  res_date: '2026-06-16T08:20:00.000Z',
  demis_status: 'success',
  service_active: false,
  should_block_slot: true,
  vaccination_id: null,
} as unknown as Appointment;

const plain = {
  status: 'approved',
  source: 'staff',
  checked_in: 0,
  res_detected: null,
  res_date: null,
  demis_status: null,
  service_active: true,
  should_block_slot: false,
  vaccination_id: null,
} as unknown as Appointment;

describe('the state badges', () => {
  it('the card shows every state in full, confirmed and checked-in included', () => {
    const labels = stateBadges({ ...plain, checked_in: 1 } as Appointment, false, false).map((b) => b.label);
    expect(labels).toEqual(['Bestätigt', 'Eingecheckt']);
  });

  it('the compact line leaves out the usual states: confirmed, and checked in (its switch shows it)', () => {
    expect(stateBadges({ ...plain, checked_in: 1 } as Appointment, false, true)).toEqual([]);
  });

  it('the most urgent first: cancelled, the result, then the questionnaire and the rest', () => {
    const badges = stateBadges(everything, false, true);
    expect(badges.slice(0, 2).map((b) => b.label)).toEqual(['Storniert', 'Positiv']);
    expect(badges.map((b) => b.label)).toContain('DEMIS gemeldet');
    expect(badges.find((b) => b.label === 'Positiv')?.title).toMatch(/^Ergebnis vom \d{2}\.\d{2}\.\d{4}/);
  });

  it('a vaccination centre shows no result and no DEMIS state', () => {
    const labels = stateBadges(everything, true, true).map((b) => b.label);
    expect(labels).not.toContain('Positiv');
    expect(labels).not.toContain('DEMIS gemeldet');
  });

  it('short words for the compact line, each different, none longer than its full label', () => {
    const badges = stateBadges(everything, false, true);
    expect(new Set(badges.map((b) => b.short)).size).toBe(badges.length);
    for (const b of badges) expect(b.short.length).toBeLessThanOrEqual(b.label.length);
    expect(badges.find((b) => b.label === 'Dienstleistung inaktiv')?.short).toBe('Inaktiv');
  });

  it('the compact line shows two and folds the rest into one "+n"', () => {
    const badges = stateBadges(everything, false, true);
    const { shown, rest } = foldForCompactLine(badges);
    expect(shown).toHaveLength(COMPACT_BADGES);
    expect(COMPACT_BADGES).toBe(2);
    expect([...shown, ...rest]).toEqual(badges);
    expect(foldForCompactLine(badges.slice(0, 1))).toEqual({ shown: badges.slice(0, 1), rest: [] });
    // a tablet held upright: one badge, the rest in '+n'
    expect(foldForCompactLine(badges, UPRIGHT_BADGES)).toEqual({ shown: badges.slice(0, 1), rest: badges.slice(1) });
  });
});
