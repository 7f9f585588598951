import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listNews, touchNews } from '@tz/shared/news/news.contract';
import { api } from '../../api/client';
import { sessionStore } from '../../auth/session-store';

export const useNews = () => useQuery({ queryKey: ['news'], queryFn: () => api(listNews) });

/** Marks the news as seen, on the server and in the stored session. */
export function useTouchNews() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(touchNews),
    onSuccess: (r) => {
      const s = sessionStore.get();
      if (s) sessionStore.set({ ...s, login: { ...s.login, last_seen_news_item: r.last_seen_news_item } });
      void qc.invalidateQueries({ queryKey: ['session'] });
      // seen: the prompt is not due any more, in this session or any later one
      void qc.invalidateQueries({ queryKey: ['news', 'prompt'] });
    },
  });
}
