import { describe, expect, it } from 'vitest';
import { jumpIndex, jumpStep, readView, rowKeyAction, viewStorageKey, writeView } from './appointment-view';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('the remembered view', () => {
  it('starts with the cards and remembers the choice per user', () => {
    const s = memory();
    expect(readView(s, 7)).toBe('cards');
    writeView(s, 7, 'compact');
    expect(readView(s, 7)).toBe('compact');
    // another user on the same browser keeps their own
    expect(readView(s, 8)).toBe('cards');
    expect(s.getItem(viewStorageKey(7))).toBe('compact');
  });

  it('ignores an unknown stored value and a failing storage', () => {
    const s = memory();
    s.setItem(viewStorageKey(1), 'table');
    expect(readView(s, 1)).toBe('cards');
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readView(broken, 1)).toBe('cards');
    expect(() => writeView(broken, 1, 'compact')).not.toThrow();
    expect(readView(undefined, 1)).toBe('cards');
  });
});

describe('the compact list keyboard', () => {
  const key = (k: string, extra = {}) => ({ key: k, ...extra });
  it('moves between rows and stays inside the list', () => {
    expect(rowKeyAction(key('ArrowDown'), 0, 5)).toEqual({ kind: 'move', index: 1 });
    expect(rowKeyAction(key('ArrowDown'), 4, 5)).toEqual({ kind: 'move', index: 4 });
    expect(rowKeyAction(key('ArrowUp'), 0, 5)).toEqual({ kind: 'move', index: 0 });
    expect(rowKeyAction(key('ArrowUp'), 3, 5)).toEqual({ kind: 'move', index: 2 });
    expect(rowKeyAction(key('PageDown'), 2, 50)).toEqual({ kind: 'move', index: 12 });
    expect(rowKeyAction(key('PageUp'), 2, 50)).toEqual({ kind: 'move', index: 0 });
    expect(rowKeyAction(key('Home'), 9, 50)).toEqual({ kind: 'move', index: 0 });
    expect(rowKeyAction(key('End'), 9, 50)).toEqual({ kind: 'move', index: 49 });
  });

  it('opens with Enter, shows details with Space, checks in with c and opens the result with e', () => {
    expect(rowKeyAction(key('Enter'), 0, 5)).toEqual({ kind: 'open' });
    expect(rowKeyAction(key(' '), 0, 5)).toEqual({ kind: 'toggleDetails' });
    expect(rowKeyAction(key('c'), 0, 5)).toEqual({ kind: 'checkIn' });
    expect(rowKeyAction(key('C'), 0, 5)).toEqual({ kind: 'checkIn' });
    expect(rowKeyAction(key('e'), 0, 5)).toEqual({ kind: 'result' });
    expect(rowKeyAction(key('E'), 0, 5)).toEqual({ kind: 'result' });
    expect(rowKeyAction(key('e', { metaKey: true }), 0, 5)).toBeNull();
  });

  it('leaves other keys and browser shortcuts alone', () => {
    expect(rowKeyAction(key('x'), 0, 5)).toBeNull();
    expect(rowKeyAction(key('c', { ctrlKey: true }), 0, 5)).toBeNull();
    expect(rowKeyAction(key('ArrowDown', { altKey: true }), 0, 5)).toBeNull();
    expect(rowKeyAction(key('ArrowDown'), 0, 0)).toBeNull();
  });
});

describe('opening the list at a row', () => {
  const rows = [
    { appointment_id: 3, start_date: '2024-06-10T08:00:00+02:00' },
    { appointment_id: 1, start_date: '2024-06-10T10:00:00+02:00' },
    { appointment_id: 2, start_date: '2024-06-10T10:30:00+02:00' },
  ];
  const now = (iso: string) => ({ kind: 'now', nowMs: Date.parse(iso) }) as const;

  it('finds the first appointment from now', () => {
    expect(jumpIndex(rows, now('2024-06-10T09:59:00+02:00'))).toBe(1);
    expect(jumpIndex(rows, now('2024-06-10T10:00:00+02:00'))).toBe(1);
    expect(jumpIndex(rows, now('2024-06-10T07:00:00+02:00'))).toBe(0);
    expect(jumpIndex(rows, now('2024-06-10T11:00:00+02:00'))).toBe(-1);
  });

  it('counts the rows not loaded before the first loaded one, and does not guess into them', () => {
    expect(jumpIndex(rows, now('2024-06-10T09:59:00+02:00'), 300)).toBe(301);
    expect(jumpIndex(rows, { kind: 'appointment', appointmentId: 2 }, 300)).toBe(302);
    // The first loaded row is already later than now: the 'now' row may lie in the rows not loaded.
    expect(jumpIndex(rows, now('2024-06-10T07:00:00+02:00'), 300)).toBe(-1);
    expect(jumpIndex(rows, now('2024-06-10T11:00:00+02:00'), 300)).toBe(-1);
  });

  it('finds a created appointment by id', () => {
    expect(jumpIndex(rows, { kind: 'appointment', appointmentId: 2 })).toBe(2);
    expect(jumpIndex(rows, { kind: 'appointment', appointmentId: 9 })).toBe(-1);
  });

  it('loads further pages until the target shows, and ends at the last row when all lie in the past', () => {
    const t = now('2024-06-10T11:00:00+02:00');
    expect(jumpStep(1, 3, true, t)).toEqual({ kind: 'scroll', index: 1 });
    expect(jumpStep(-1, 3, true, t)).toEqual({ kind: 'load' });
    expect(jumpStep(-1, 3, false, t)).toEqual({ kind: 'scroll', index: 2 });
    expect(jumpStep(-1, 303, false, t)).toEqual({ kind: 'scroll', index: 302 });
    expect(jumpStep(-1, 0, false, t)).toEqual({ kind: 'none' });
    expect(jumpStep(-1, 3, false, { kind: 'appointment', appointmentId: 9 })).toEqual({ kind: 'none' });
  });
});
