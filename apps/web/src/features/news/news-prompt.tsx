import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import { useLocation, useNavigate } from 'react-router';
import type { NewsPromptState } from './use-news-prompt';

/**
 * Asks to view news when last_seen_news_item is empty or older than the newest article
 * (core-workflow, News prompt); when and whether it opens: use-news-prompt.ts.
 */
export function NewsPrompt({ state }: { state: NewsPromptState }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Modal opened={state.open && location.pathname !== '/news'} onClose={state.dismiss} title="Neuigkeiten" centered>
      <Text mb="md">{MSG.newsPrompt} Möchten Sie sie jetzt ansehen?</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={state.dismiss}>
          {MSG.newsIgnore}
        </Button>
        <Button
          onClick={() => {
            state.dismiss();
            navigate('/news');
          }}
        >
          {MSG.newsView}
        </Button>
      </Group>
    </Modal>
  );
}
