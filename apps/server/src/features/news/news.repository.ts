import { desc, eq } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { news } from '../../db/schema/platform';
import { users } from '../../db/schema/users';

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
