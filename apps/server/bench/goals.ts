import type { DbRun, OperationResult } from './run';
import type { WebRun } from './web';
import { DEFAULT_WEB_LIST } from './web-list';

/**
 * The goals of issue 28, checked against every run they apply to: `npm run
 * bench` exits non-zero when one is missed (or its operation failed), so a
 * regression is visible to whoever runs it. `bench:quick` never judges figures.
 *
 * The server goals apply to the large centre on PostgreSQL (the run:
 * `--size large-centre --db postgres --scale 1`); at a smaller scale the
 * day, the 30-day window and the busy booking day are as large as at scale 1,
 * only the monthly export is shorter. The web goals apply to the web run.
 */
export interface Goal {
  /** The goal as the issue says it. */
  goal: string;
  operation: string;
  /** The figure compared with the limit; undefined when the operation did not measure it. */
  value: (o: OperationResult) => number | undefined;
  limit: number;
  unit: string;
  /** The figure must reach the limit (a share of frames), not stay under it. */
  atLeast?: boolean;
  /**
   * The operation that measured this one's floor in the same turns: a server of nothing but
   * node:http and pg answering the same call (bench/minimal-server.ts). When the floor itself misses
   * the limit, no Node server can meet it on this machine in this run: the goal is reported as out of
   * reach, not as missed, and `beyondFloor` judges what the server adds to the floor instead.
   */
  floor?: string;
}

export interface GoalResult {
  goal: string;
  /** Which run: 'large-centre/postgres', 'web'. */
  run: string;
  operation: string;
  value: number | null;
  limit: number;
  unit: string;
  atLeast?: boolean;
  met: boolean;
  /** Missed, but the floor (Goal.floor) missed the limit too: its value. Does not fail the run. */
  outOfReach?: number;
}

const p95 = (o: OperationResult) => o.p95_ms;
const ratio = (o: OperationResult) => o.ratio;
const rssGrowthMb = (o: OperationResult) =>
  o.rss_peak_during_kb != null && o.rss_before_kb != null
    ? Math.round(((o.rss_peak_during_kb - o.rss_before_kb) / 1024) * 10) / 10
    : undefined;

/** The bench's reference rows: the same page from a server of nothing but node:http and pg (run.ts). */
export const FLOOR_OF = {
  'list: 30 days, first page only': 'reference: first page only, minimal node:http + pg server',
  'list: 30 days, page from the middle': 'reference: page from the middle, minimal node:http + pg server',
} as const;

const ALLOWANCE = 0.3;

const withinBareSql = (operation: string, floor?: string): Goal => ({
  goal: `every paged list call within ${1 + ALLOWANCE}× of its bare SQL (medians)`,
  operation,
  value: ratio,
  limit: 1 + ALLOWANCE,
  unit: '×',
  floor,
});

/**
 * What the server adds to the floor, in shares of the bare SQL: the allowance of 0.3× for
 * the per-request path (guard, session, validation, serialisation), measured above a server that
 * pays nothing but node:http and pg — the same two HTTP messages and the same hop to PostgreSQL.
 * `floorRatio` is the floor's own API ÷ SQL from the same turns.
 */
const beyondFloor = (operation: keyof typeof FLOOR_OF): Goal => ({
  goal: `the server adds ≤ ${ALLOWANCE}× of the bare SQL to a server of nothing but node:http and pg (same turns)`,
  operation,
  value: (o) =>
    o.ratio != null && o.floor_ratio != null ? Math.round((o.ratio - o.floor_ratio) * 100) / 100 : undefined,
  limit: ALLOWANCE,
  unit: '× of the SQL',
});

export const SERVER_GOALS: Goal[] = [
  withinBareSql('list: 30 days, first page only', FLOOR_OF['list: 30 days, first page only']),
  beyondFloor('list: 30 days, first page only'),
  withinBareSql('list: 30 days, first page + total'),
  withinBareSql('list: 30 days, page from the middle', FLOOR_OF['list: 30 days, page from the middle']),
  beyondFloor('list: 30 days, page from the middle'),
  withinBareSql('list: one day, filters off'),
  { goal: "one day's list p95 ≤ 40 ms", operation: 'list: one day, filters off', value: p95, limit: 40, unit: 'ms' },
  {
    goal: 'CSV: server RSS growth ≤ 50 MB for any size',
    operation: 'CSV: one day, streamed to the end',
    value: rssGrowthMb,
    limit: 50,
    unit: 'MB',
  },
  {
    goal: 'CSV: server RSS growth ≤ 50 MB for any size',
    operation: 'CSV: 30 days, streamed to the end',
    value: rssGrowthMb,
    limit: 50,
    unit: 'MB',
  },
  {
    goal: 'monthly export of the whole range ≤ 30 s',
    operation: 'export: monthly, whole range, by the worker',
    value: p95,
    limit: 30_000,
    unit: 'ms',
  },
  {
    goal: 'monthly export: server RSS growth ≤ 50 MB',
    operation: 'export: monthly, whole range, by the worker',
    value: rssGrowthMb,
    limit: 50,
    unit: 'MB',
  },
  {
    goal: 'free times of a busy day ≤ 100 ms p95',
    operation: 'booking page: free slots of a busy day',
    value: p95,
    limit: 100,
    unit: 'ms',
  },
  {
    goal: "customers browsing free times move the staff's day-list p95 by ≤ 20 %",
    operation: 'staff: day list (first page), staff + customers browsing',
    value: (o) => o.vs_alone,
    limit: 1.2,
    unit: '× alone',
  },
];

const gzipKb = (o: OperationResult) => (o.bytes != null ? Math.round(o.bytes / 100) / 10 : undefined);

/**
 * Rendered row elements the list may have at most. In the bench's 1280×800 window the list draws
 * the rows in view plus its overscan: ~19 compact lines (41 px) + 2 × 12, or ~6 cards + 2 × 6, so
 * 40–50; a 2160 px high screen stays under 80. 100 leaves room for that and for placeholders, and
 * still tells a list that renders whole pages (200 rows) or a whole day (1,369) at once.
 */
export const MAX_RENDERED_ROWS = 100;

const LIST_VIEWS = ['cards', 'compact'] as const;
const DAY_SCROLL = `web: scroll through the day, ${DEFAULT_WEB_LIST.scrollStepPx} px per frame (frame times)`;
const WINDOW_SCROLL = `web: scroll through the 30-day window, ${DEFAULT_WEB_LIST.windowStepPx} px per frame (frame times)`;

/** The list's goals, one per view: each view is judged on its own. */
const perView = (goals: Goal[]) =>
  LIST_VIEWS.flatMap((view) => goals.map((g) => ({ ...g, operation: `${g.operation} [${view}]` })));

/**
 * The browser goals of issue 28 (bench/web.ts, bench/web-list.ts): the initial JavaScript, and
 * the appointments list on the large centre — 'Heute' and 'Ab jetzt' until their first rows show,
 * the frames while scrolling through the day, the rendered rows and the heap after 30 days.
 */
export const WEB_GOALS: Goal[] = [
  {
    goal: 'initial JavaScript (gzip) ≤ 250 kB',
    operation: 'web: login screen, fresh load (until the form is rendered)',
    value: gzipKb,
    limit: 250,
    unit: 'kB',
  },
  {
    goal: 'initial JavaScript (gzip) ≤ 250 kB',
    operation: 'web: appointments list, fresh load (until the rows are rendered)',
    value: gzipKb,
    limit: 250,
    unit: 'kB',
  },
  ...perView([
    {
      goal: "'Heute' shows its first rows ≤ 500 ms p95",
      operation: "web: click 'Heute' → rows + total visible (screen just opened)",
      value: p95,
      limit: 500,
      unit: 'ms',
    },
    {
      goal: "'Ab jetzt' shows its first rows ≤ 500 ms p95 after navigation",
      operation: "web: 'Ab jetzt' → rows at now + total visible (sidebar link, from another screen)",
      value: p95,
      limit: 500,
      unit: 'ms',
    },
    {
      goal: 'scrolling through a whole day keeps 95 % of frames ≤ 16.7 ms (one 60 Hz interval)',
      operation: DAY_SCROLL,
      value: (o) => o.frames_within_budget_pct,
      limit: 95,
      unit: '% of frames',
      atLeast: true,
    },
    {
      goal: `rendered row elements stay bounded (≤ ${MAX_RENDERED_ROWS})`,
      operation: DAY_SCROLL,
      value: (o) => o.max_rows,
      limit: MAX_RENDERED_ROWS,
      unit: 'rows',
    },
    {
      goal: `rendered row elements stay bounded (≤ ${MAX_RENDERED_ROWS})`,
      operation: WINDOW_SCROLL,
      value: (o) => o.max_rows,
      limit: MAX_RENDERED_ROWS,
      unit: 'rows',
    },
    {
      goal: 'JS heap after scrolling the 30-day window < 150 MB',
      operation: WINDOW_SCROLL,
      value: (o) => o.heap_mb,
      limit: 150,
      unit: 'MB',
    },
  ]),
];

/** Operation names may carry counts ('20 staff + 20 customers'): goals may name them without. */
const withoutCounts = (name: string) => name.replace(/\d+ /g, '');
const sameOperation = (name: string, wanted: string) => withoutCounts(name) === withoutCounts(wanted);

/** A goal whose operation the run left out (`--web-part groups`, …) is not judged; one that failed is missed. */
function check(goals: Goal[], run: string, operations: OperationResult[]): GoalResult[] {
  return goals.flatMap((g) => {
    const o = operations.find((op) => sameOperation(op.operation, g.operation));
    if (!o) return [];
    const value = o.errors === 0 && o.samples > 0 ? g.value(o) : undefined;
    const within = (v: number | undefined): v is number => v !== undefined && (g.atLeast ? v >= g.limit : v <= g.limit);
    const met = within(value);
    const floorOp = g.floor ? operations.find((op) => op.operation === g.floor) : undefined;
    const floor = floorOp && floorOp.errors === 0 && floorOp.samples > 0 ? g.value(floorOp) : undefined;
    return {
      goal: g.goal,
      run,
      operation: g.operation,
      value: value ?? null,
      limit: g.limit,
      unit: g.unit,
      ...(g.atLeast ? { atLeast: true } : {}),
      met,
      ...(!met && value !== undefined && floor !== undefined && !within(floor) ? { outOfReach: floor } : {}),
    };
  });
}

export function checkGoals(runs: DbRun[], web?: WebRun): GoalResult[] {
  const results = runs
    .filter((r) => r.size.name === 'large-centre' && r.db === 'postgres')
    .flatMap((r) => check(SERVER_GOALS, `${r.size.name}/${r.db}`, r.operations));
  if (web) results.push(...check(WEB_GOALS, 'web', web.operations));
  return results;
}

/** The goals that fail the run: missed, and within reach of a Node server on this machine. */
export const missedGoals = (results: GoalResult[]) => results.filter((g) => !g.met && g.outOfReach === undefined);

const verdict = (g: GoalResult) =>
  g.met ? 'yes' : g.outOfReach !== undefined ? `out of reach: the floor is ${g.outOfReach} ${g.unit}` : '**MISSED**';

export function goalsMarkdown(results: GoalResult[]) {
  if (results.length === 0) return [];
  return [
    '## Goals (issue 28)',
    '',
    '| goal | run | operation | value | limit | met |',
    '|---|---|---|---:|---:|---|',
    ...results.map(
      (g) =>
        `| ${g.goal} | ${g.run} | ${g.operation} | ${g.value ?? 'not measured'} | ${g.atLeast ? '≥ ' : ''}${g.limit} ${g.unit} | ${verdict(g)} |`,
    ),
    '',
  ];
}
