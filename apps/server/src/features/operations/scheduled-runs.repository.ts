import { desc, eq, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { scheduledRuns } from '../../db/schema/operations';

/**
 * The slot's row, if this call is the first to ask for it: the unique (job, slot_at) turns every
 * other instance's insert into nothing, so exactly one runs the slot. Its id, or undefined.
 */
export async function claimSlot(db: DbOrTx, job: string, slotAt: Date, instance: string): Promise<number | undefined> {
  const [row] = await db
    .insert(scheduledRuns)
    .values({ job, slot_at: slotAt, instance, outcome: 'running' })
    .onConflictDoNothing({ target: [scheduledRuns.job, scheduledRuns.slot_at] })
    .returning({ id: scheduledRuns.id });
  return row?.id;
}

export async function finishRun(
  db: DbOrTx,
  id: number,
  result: { outcome: 'success'; detail: Record<string, unknown> } | { outcome: 'failure'; error: string },
) {
  await db
    .update(scheduledRuns)
    .set({
      outcome: result.outcome,
      finished_at: now(),
      detail: result.outcome === 'success' ? result.detail : null,
      error: result.outcome === 'failure' ? result.error : null,
    })
    .where(eq(scheduledRuns.id, id));
}

/** The newest run of each job, and the newest that went well. */
export async function latestRuns(db: DbOrTx, job: string) {
  const [last] = await db
    .select()
    .from(scheduledRuns)
    .where(eq(scheduledRuns.job, job))
    .orderBy(desc(scheduledRuns.slot_at))
    .limit(1);
  const [lastSuccess] = await db
    .select()
    .from(scheduledRuns)
    .where(sql`${scheduledRuns.job} = ${job} and ${scheduledRuns.outcome} = 'success'`)
    .orderBy(desc(scheduledRuns.slot_at))
    .limit(1);
  return { last, lastSuccess };
}

export async function runsOf(db: DbOrTx, job: string) {
  return db.select().from(scheduledRuns).where(eq(scheduledRuns.job, job)).orderBy(scheduledRuns.slot_at);
}
