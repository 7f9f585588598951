import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import { hasUnseenNews } from '@tz/shared/news/news.contract';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { useNews } from './use-news';

/**
 * 'Ignorieren' holds for the whole login session in every tab: the answer is stored in
 * localStorage under the session's token, so a new login asks again.
 */
const DISMISSED = 'tz.newsPromptDismissed';

/** Asks to view news when last_seen_news_item is empty or older than the newest article. */
export function NewsPrompt() {
  const auth = useAuth();
  const news = useNews();
  const navigate = useNavigate();
  const location = useLocation();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED) === auth.token);
  // Answered in another tab of the same login: close here too.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === DISMISSED && e.newValue === auth.token) setDismissed(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [auth.token]);
  const open =
    !dismissed && location.pathname !== '/news' && !!news.data && hasUnseenNews(auth.last_seen_news_item, news.data);
  const dismiss = () => {
    localStorage.setItem(DISMISSED, auth.token);
    setDismissed(true);
  };
  return (
    <Modal opened={open} onClose={dismiss} title="Neuigkeiten" centered>
      <Text mb="md">{MSG.newsPrompt} Möchten Sie sie jetzt ansehen?</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={dismiss}>
          {MSG.newsIgnore}
        </Button>
        <Button
          onClick={() => {
            dismiss();
            navigate('/news');
          }}
        >
          {MSG.newsView}
        </Button>
      </Group>
    </Modal>
  );
}
