import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { getNewsPromptEndpoint } from '../../api/list-endpoints';
import { useStoredSession } from '../../auth/use-stored-session';

/**
 * 'Ignorieren' in this browser, under the session's token: every tab of the login
 * sees it at once (the `storage` event closes an open prompt elsewhere). The server
 * keeps the same answer with the session, for page loads that do not share this storage.
 */
const DISMISSED = 'tz.newsPromptDismissed';

export interface NewsPromptState {
  /** The dialog is open. */
  open: boolean;
  /** Due, but it came after the user had started working: only the sidebar says so. */
  quiet: boolean;
  dismiss: () => void;
}

/**
 * Whether the news prompt shows (issue 26, item 16): the server says it is due for
 * this login session (unseen news, no 'Ignorieren' yet). It opens only if that
 * answer is here before the user has clicked or typed on this page; once they work
 * on a screen it never opens over it, and the sidebar's 'Neuigkeiten' says 'neu'.
 */
export function useNewsPrompt(): NewsPromptState {
  const token = useStoredSession()?.login.token ?? '';
  const qc = useQueryClient();
  const key = ['news', 'prompt', token];
  const dismissedHere = () => localStorage.getItem(DISMISSED) === token;
  const [dismissed, setDismissed] = useState(dismissedHere);
  const prompt = useQuery({
    queryKey: key,
    queryFn: () => api(getNewsPromptEndpoint),
    enabled: !!token && !dismissed,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const working = useStartedWorking();
  const [decision, setDecision] = useState<'open' | 'quiet' | null>(null);
  const due = !dismissed && prompt.data?.due === true;
  useEffect(() => {
    if (due && decision === null) setDecision(working.current ? 'quiet' : 'open');
  }, [due, decision, working]);

  // answered in another tab of the same login
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === DISMISSED && e.newValue === token) setDismissed(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [token]);

  const dismiss = () => {
    localStorage.setItem(DISMISSED, token);
    setDismissed(true);
    qc.setQueryData(key, { due: false });
    // the server keeps it for this session; if the call fails, this browser still remembers
    // The contract is loaded on this click, not with every screen (issue 28).
    void import('@tz/shared/news/news.contract')
      .then(({ dismissNewsPrompt }) => api(dismissNewsPrompt))
      .catch(() => {});
  };
  return { open: due && decision === 'open', quiet: due && decision === 'quiet', dismiss };
}

/** True from the first click, tap or key press on this page after the shell was drawn. */
function useStartedWorking() {
  const started = useRef(false);
  useEffect(() => {
    const mark = () => {
      started.current = true;
    };
    window.addEventListener('pointerdown', mark, { capture: true, once: true });
    window.addEventListener('keydown', mark, { capture: true, once: true });
    return () => {
      window.removeEventListener('pointerdown', mark, { capture: true });
      window.removeEventListener('keydown', mark, { capture: true });
    };
  }, []);
  return started;
}
