import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import { hasUnseenNews } from '@tz/shared/news/news.contract';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { useNews } from './use-news';

const DISMISSED = 'tz.newsPromptDismissed';

/** Asks to view news when last_seen_news_item is empty or older than the newest article. */
export function NewsPrompt() {
  const auth = useAuth();
  const news = useNews();
  const navigate = useNavigate();
  const location = useLocation();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED) === auth.token);
  const open =
    !dismissed && location.pathname !== '/news' && !!news.data && hasUnseenNews(auth.last_seen_news_item, news.data);
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED, auth.token);
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
