import { Card, Loader, Stack, Text, Title, Typography } from '@mantine/core';
import { useEffect } from 'react';
import Markdown from 'react-markdown';
import { formatDayOf } from '../../ui/format';
import { useNews, useTouchNews } from './use-news';

export default function NewsPage() {
  const news = useNews();
  const touch = useTouchNews();
  // Opening the screen marks the news as seen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit
  useEffect(() => {
    touch.mutate();
  }, []);

  return (
    <Stack>
      <Title order={1} size="h2">
        Neuigkeiten
      </Title>
      {news.isLoading && <Loader aria-label="Neuigkeiten werden geladen" />}
      {news.data?.length === 0 && <Text>Keine Neuigkeiten vorhanden.</Text>}
      {news.data?.map((a) => (
        <Card key={a.id} withBorder component="article">
          <Title order={2} size="h4">
            {a.title}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {formatDayOf(a.updated_at)}
          </Text>
          <Typography>
            {/* react-markdown renders no raw HTML: article content cannot inject markup. */}
            <Markdown>{a.content}</Markdown>
          </Typography>
        </Card>
      ))}
    </Stack>
  );
}
