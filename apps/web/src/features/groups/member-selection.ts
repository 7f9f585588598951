/**
 * Which members of a group are chosen for bulk appointments. 'Alle auswählen'
 * means the whole group as the server knows it (all but `except`), so a group
 * of 10,000 never becomes 10,000 ids in the page; otherwise the ids ticked one
 * by one.
 */
export type MemberSelection = { all: false; ids: ReadonlySet<number> } | { all: true; except: ReadonlySet<number> };

export const NONE: MemberSelection = { all: false, ids: new Set() };
export const ALL: MemberSelection = { all: true, except: new Set() };

export const isChosen = (s: MemberSelection, id: number) => (s.all ? !s.except.has(id) : s.ids.has(id));

/** How many members are chosen, of `total` in the group. */
export const chosenCount = (s: MemberSelection, total: number) =>
  s.all ? Math.max(0, total - [...s.except].length) : s.ids.size;

export function toggle(s: MemberSelection, id: number): MemberSelection {
  const flip = (set: ReadonlySet<number>) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  return s.all ? { all: true, except: flip(s.except) } : { all: false, ids: flip(s.ids) };
}

/** A member left the group: it is neither chosen nor excepted any more. */
export function forget(s: MemberSelection, id: number): MemberSelection {
  const without = (set: ReadonlySet<number>) => new Set([...set].filter((x) => x !== id));
  return s.all ? { all: true, except: without(s.except) } : { all: false, ids: without(s.ids) };
}

/** The request's part of the selection (addInstitutionAppointments). */
export const selectionBody = (s: MemberSelection) =>
  s.all
    ? { all_members: true, aSelectedCustomer: [], aExceptCustomer: [...s.except] }
    : { all_members: false, aSelectedCustomer: [...s.ids], aExceptCustomer: [] };
