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

/** The prompt shows when nothing was seen yet or the newest article is newer. */
export function hasUnseenNews(lastSeen: string | null, articles: { updated_at: string }[]): boolean {
  if (articles.length === 0) return false;
  const newest = Math.max(...articles.map((a) => Date.parse(a.updated_at)));
  return lastSeen === null || Date.parse(lastSeen) < newest;
}
