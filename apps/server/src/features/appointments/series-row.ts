/**
 * The row ("Termine in Folge") an appointment belongs to: the approved visits
 * of its series, one after the other. An edit works on the row from its first
 * visit (the head): the head's start and service lay the whole row out again,
 * a higher count appends visits, a lower one cancels the last ones.
 */

export interface SeriesVisit {
  id: number;
  start_date: Date;
  status: string;
}

const before = (a: SeriesVisit, b: { id: number; start_date: Date }) =>
  a.start_date.getTime() < b.start_date.getTime() || (a.start_date.getTime() === b.start_date.getTime() && a.id < b.id);

/**
 * Where the edited appointment stands in its row. Cancelled visits of the
 * series are no part of it; the edited one always is, whatever its status.
 */
export function rowOf(visits: SeriesVisit[], edited: { id: number; start_date: Date }) {
  const others = visits.filter((v) => v.id !== edited.id && v.status === 'approved');
  const predecessors = others.filter((v) => before(v, edited));
  const followers = others
    .filter((v) => !before(v, edited))
    .sort((a, b) => a.start_date.getTime() - b.start_date.getTime() || a.id - b.id);
  return { isHead: predecessors.length === 0, followers, count: 1 + others.length };
}

export interface RowPlan {
  /** Followers that stay, with their new times (start + position × duration). */
  keep: { id: number; start_date: Date; end_date: Date }[];
  /** Followers beyond the new count: they are cancelled. */
  cancel: number[];
  /** New visits appended after the last follower. */
  create: { start_date: Date; end_date: Date }[];
}

/** The followers of a head that starts at `start`, for a row of `count` visits of `durationMs` each. */
export function planRow(followers: SeriesVisit[], start: Date, durationMs: number, count: number): RowPlan {
  const at = (position: number) => ({
    start_date: new Date(start.getTime() + position * durationMs),
    end_date: new Date(start.getTime() + (position + 1) * durationMs),
  });
  const kept = followers.slice(0, Math.max(0, count - 1));
  return {
    keep: kept.map((f, i) => ({ id: f.id, ...at(i + 1) })),
    cancel: followers.slice(kept.length).map((f) => f.id),
    create: Array.from({ length: Math.max(0, count - 1 - kept.length) }, (_, j) => at(kept.length + 1 + j)),
  };
}
