import { desc, eq, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { news } from '../../db/schema/platform';
import { sessions, users } from '../../db/schema/users';

export async function listNews(db: DbOrTx) {
  const rows = await db.select().from(news).orderBy(desc(news.updated_at), desc(news.id));
  return rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
}

export async function touchNews(db: DbOrTx, userId: number) {
  const [row] = await db
    .update(users)
    .set({ last_seen_news_item: now() })
    .where(eq(users.id, userId))
    .returning({ last_seen_news_item: users.last_seen_news_item });
  return { last_seen_news_item: row!.last_seen_news_item!.toISOString() };
}

/** Unseen news (as hasUnseenNews decides) and no 'Ignorieren' in this session: one query. */
export async function newsPromptDue(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({
      due: sql<boolean>`${sessions.news_prompt_dismissed_at} is null and exists (select 1 from ${news}
        where ${users.last_seen_news_item} is null or ${news.updated_at} > ${users.last_seen_news_item})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(eq(sessions.id, sessionId));
  return { due: row?.due === true };
}

export async function dismissNewsPrompt(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ news_prompt_dismissed_at: now() }).where(eq(sessions.id, sessionId));
  return { ok: true as const };
}
