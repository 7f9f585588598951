import { describe, expect, it } from 'vitest';
import { billingQuerySchema, monthsBetween } from './billing.contract';
import { euroCells, euroText, firstOfNextMonth, germanMonth, monthsFromTo } from './billing-format';

describe('billing overview formats', () => {
  it('names months in German and lists a range of months across a year', () => {
    expect(germanMonth('2026-05')).toBe('Mai 2026');
    expect(germanMonth('2026-03')).toBe('März 2026');
    expect(monthsFromTo('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsFromTo('2026-05', '2026-05')).toEqual(['2026-05']);
    expect(firstOfNextMonth('2026-12')).toBe('2027-01-01');
    expect(firstOfNextMonth('2026-05')).toBe('2026-06-01');
  });
  it('writes amounts with a decimal comma', () => {
    expect(euroCells(123456)).toBe('1234,56');
    expect(euroCells(0)).toBe('0,00');
    expect(euroText(123456).replace(/\s/g, ' ')).toBe('1.234,56 €');
  });
  it('allows one to twelve months, in order', () => {
    expect(monthsBetween('2026-01', '2026-12')).toBe(12);
    expect(billingQuerySchema.safeParse({ from: '2026-01', to: '2026-12' }).success).toBe(true);
    expect(billingQuerySchema.safeParse({ from: '2025-12', to: '2026-12' }).success).toBe(false);
    expect(billingQuerySchema.safeParse({ from: '2026-05', to: '2026-04' }).success).toBe(false);
    expect(billingQuerySchema.safeParse({ from: '2026-13', to: '2026-13' }).success).toBe(false);
  });
});
