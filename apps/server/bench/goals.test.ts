import { describe, expect, it } from 'vitest';
import { checkGoals, FLOOR_OF, goalsMarkdown, missedGoals } from './goals';
import type { DbRun, OperationResult } from './run';

const FIRST_PAGE = 'list: 30 days, first page only';
const WITHIN = 'every paged list call within 1.3× of its bare SQL (medians)';
const BEYOND = 'the server adds ≤ 0.3× of the bare SQL to a server of nothing but node:http and pg (same turns)';

const op = (operation: string, ratio: number, extra: Partial<OperationResult> = {}): OperationResult => ({
  operation,
  samples: 100,
  errors: 0,
  median_ms: ratio * 3,
  p95_ms: ratio * 4,
  throughput_per_s: 100,
  bare_sql_median_ms: 3,
  ratio,
  ...extra,
});

/** The first page and its floor in the same turns, as bench/run.ts records them. */
const firstPage = (ratio: number, floorRatio: number, floorErrors = 0) =>
  checkGoals([
    {
      size: { name: 'large-centre' },
      db: 'postgres',
      operations: [
        // run.ts records the floor's ratio on the page only when the floor answered without errors
        op(FIRST_PAGE, ratio, floorErrors === 0 ? { floor_ratio: floorRatio } : {}),
        op(FLOOR_OF[FIRST_PAGE], floorRatio, { errors: floorErrors }),
      ],
    } as unknown as DbRun,
  ]);
const goal = (results: ReturnType<typeof checkGoals>, name: string) => results.find((g) => g.goal === name)!;

describe('the bench goals for a page against its floor', () => {
  it('meets 1.3× when the page is within it, whatever the floor', () => {
    const results = firstPage(1.25, 1.2);
    expect(goal(results, WITHIN)).toMatchObject({ met: true, value: 1.25 });
    expect(goal(results, WITHIN).outOfReach).toBeUndefined();
    expect(goal(results, BEYOND)).toMatchObject({ met: true, value: 0.05 });
    expect(missedGoals(results)).toEqual([]);
  });

  it('misses 1.3× and fails the run when a server of nothing but node:http and pg met it', () => {
    const results = firstPage(1.45, 1.25);
    expect(goal(results, WITHIN)).toMatchObject({ met: false, value: 1.45 });
    expect(goal(results, WITHIN).outOfReach).toBeUndefined();
    expect(missedGoals(results).map((g) => g.goal)).toEqual([WITHIN]);
    expect(goalsMarkdown(results).join('\n')).toContain('**MISSED**');
  });

  it('calls 1.3× out of reach when the floor misses it too, and judges what the server adds to the floor', () => {
    const results = firstPage(1.45, 1.35);
    expect(goal(results, WITHIN)).toMatchObject({ met: false, outOfReach: 1.35 });
    expect(goal(results, BEYOND)).toMatchObject({ met: true, value: 0.1 });
    expect(missedGoals(results)).toEqual([]);
    expect(goalsMarkdown(results).join('\n')).toContain('out of reach: the floor is 1.35 ×');
  });

  it('fails the run when the server adds more than 0.3× of its SQL to the floor', () => {
    const results = firstPage(1.75, 1.35);
    expect(goal(results, BEYOND)).toMatchObject({ met: false, value: 0.4 });
    expect(missedGoals(results).map((g) => g.goal)).toEqual([BEYOND]);
  });

  it('takes no floor from a reference call that answered errors', () => {
    const results = firstPage(1.45, 1.35, 3);
    expect(goal(results, WITHIN).outOfReach).toBeUndefined();
    expect(goal(results, BEYOND)).toMatchObject({ met: false, value: null });
    expect(missedGoals(results).map((g) => g.goal)).toEqual([WITHIN, BEYOND]);
  });
});
