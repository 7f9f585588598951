import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAuth, useSessionInfo } from '../../auth/use-session';
import { to } from '../../routes';
import { formatDayOf } from '../../ui/format';
import { TodayFiguresCard } from '../appointments/today-figures-card';
import { useNews } from '../news/use-news';

export default function HomePage() {
  const auth = useAuth();
  const info = useSessionInfo();
  const news = useNews();
  const latest = news.data?.[0];
  return (
    <Stack>
      <Title order={1} size="h2">
        Willkommen, {auth.name}
      </Title>
      <Text c="dimmed">
        {info.data?.centre.full_name ?? ''} · heute ist {formatDayOf(new Date())}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <TodayFiguresCard staffId={auth.staffId} />
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Kunden
          </Title>
          <Text size="sm" mb="md">
            Kundendaten suchen, bearbeiten und neue Termine anlegen.
          </Text>
          <Button component={Link} to={to('customers')} variant="light">
            Zu den Kunden
          </Button>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            Neuigkeiten
          </Title>
          {latest ? (
            <Text size="sm" mb="md">
              {formatDayOf(latest.updated_at)}: {latest.title}
            </Text>
          ) : (
            <Text size="sm" mb="md">
              Keine Neuigkeiten vorhanden.
            </Text>
          )}
          <Group>
            <Button component={Link} to={to('news')} variant="light">
              Alle Neuigkeiten
            </Button>
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
