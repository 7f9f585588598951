import { describe, expect, it } from 'vitest';
import { ALL, chosenCount, forget, isChosen, NONE, selectionBody, toggle } from './member-selection';

describe('member selection', () => {
  it("'Alle auswählen' is the whole group, sent as all_members without the ids", () => {
    expect(chosenCount(ALL, 10_000)).toBe(10_000);
    expect(isChosen(ALL, 42)).toBe(true);
    expect(selectionBody(ALL)).toEqual({ all_members: true, aSelectedCustomer: [], aExceptCustomer: [] });
  });

  it('unticking a member of the whole group excepts it; ticking it again takes it back', () => {
    const some = toggle(ALL, 7);
    expect(isChosen(some, 7)).toBe(false);
    expect(chosenCount(some, 10_000)).toBe(9_999);
    expect(selectionBody(some)).toEqual({ all_members: true, aSelectedCustomer: [], aExceptCustomer: [7] });
    expect(chosenCount(toggle(some, 7), 10_000)).toBe(10_000);
  });

  it('members ticked one by one are sent by id', () => {
    const two = toggle(toggle(NONE, 3), 5);
    expect(chosenCount(two, 10_000)).toBe(2);
    expect(selectionBody(two)).toEqual({ all_members: false, aSelectedCustomer: [3, 5], aExceptCustomer: [] });
    expect(chosenCount(forget(two, 3), 10_000)).toBe(1);
    expect(selectionBody(forget(toggle(ALL, 3), 3)).aExceptCustomer).toEqual([]);
  });
});
