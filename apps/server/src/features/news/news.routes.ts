import * as c from '@tz/shared/news/news.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as repo from './news.repository';

export function newsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.listNews, () => repo.listNews(deps.db));
  registerEndpoint(app, deps, c.touchNews, async ({ auth }) => {
    const answer = await repo.touchNews(deps.db, auth.userId);
    // last_seen_news_item is part of the session answer.
    deps.sessions.forgetUser(auth.userId);
    return answer;
  });
  registerEndpoint(app, deps, c.getNewsPrompt, ({ auth }) => repo.newsPromptDue(deps.db, auth.sessionId));
  registerEndpoint(app, deps, c.dismissNewsPrompt, ({ auth }) => repo.dismissNewsPrompt(deps.db, auth.sessionId));
}
