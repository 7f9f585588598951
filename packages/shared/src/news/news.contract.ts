import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';

export const newsArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  updated_at: z.string(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const listNews = endpoint({
  method: 'GET',
  path: '/api/news',
  access: { maxRole: ROLE.staff },
  summary: 'Neuigkeiten, neueste zuerst',
  response: z.array(newsArticleSchema),
});

export const touchNews = endpoint({
  method: 'POST',
  path: '/api/news/touch',
  access: { maxRole: ROLE.staff },
  summary: 'Neuigkeiten als gesehen markieren',
  response: z.object({ last_seen_news_item: z.string() }),
});

/**
 * Whether the news prompt is due for this login session: there is news the user has
 * not seen (hasUnseenNews) and 'Ignorieren' was not answered in this session. The
 * server keeps the answer with the session, so no page load of it asks again.
 */
export const getNewsPrompt = endpoint({
  method: 'GET',
  path: '/api/news/prompt',
  access: { maxRole: ROLE.staff },
  summary: 'Ist die Frage nach Neuigkeiten in dieser Sitzung fällig?',
  response: z.object({ due: z.boolean() }),
});

export const dismissNewsPrompt = endpoint({
  method: 'POST',
  path: '/api/news/prompt/dismiss',
  access: { maxRole: ROLE.staff },
  summary: "'Ignorieren': in dieser Sitzung nicht mehr nach Neuigkeiten fragen",
  response: z.object({ ok: z.literal(true) }),
});

/** The prompt shows when nothing was seen yet or the newest article is newer. */
export function hasUnseenNews(lastSeen: string | null, articles: { updated_at: string }[]): boolean {
  if (articles.length === 0) return false;
  const newest = Math.max(...articles.map((a) => Date.parse(a.updated_at)));
  return lastSeen === null || Date.parse(lastSeen) < newest;
}
