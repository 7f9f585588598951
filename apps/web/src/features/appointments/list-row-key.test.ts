import { describe, expect, it } from 'vitest';
import { listRowKey } from './list-row-key';

describe("a list row's key", () => {
  it('follows the appointment, not its place: a row keeps its measured height when earlier pages arrive', () => {
    expect(listRowKey('cards', 381, 7)).toBe(listRowKey('cards', 381, 207));
  });

  it('differs between the views, for loaded rows and for rows not loaded yet', () => {
    expect(listRowKey('cards', 381, 7)).not.toBe(listRowKey('compact', 381, 7));
    expect(listRowKey('cards', undefined, 7)).not.toBe(listRowKey('compact', undefined, 7));
  });

  it('never mixes up rows: every appointment and every place not loaded yet has its own key in each view', () => {
    const keys = new Set<number>();
    for (const view of ['cards', 'compact'] as const) {
      for (let i = 0; i < 500; i++) {
        keys.add(listRowKey(view, i + 1, i));
        keys.add(listRowKey(view, undefined, i));
      }
    }
    expect(keys.size).toBe(2 * 2 * 500);
  });
});
