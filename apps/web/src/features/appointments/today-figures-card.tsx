import { Button, Card, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { to } from '../../routes';
import { useTodayFigures } from './use-appointments';

const FIGURES = [
  ['appointments', 'Termine heute'],
  ['checked_in', 'Eingecheckt'],
  ['processed', 'Durchgeführt'],
  ['open', 'Offen'],
  ['cancelled', 'Storniert'],
] as const;

/** Today's appointment figures of the centre for the home screen. */
export function TodayFiguresCard({ staffId }: { staffId: number }) {
  const today = useTodayFigures(staffId);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        Termine
      </Title>
      {today.isLoading && <Loader size="sm" aria-label="Kennzahlen werden geladen" />}
      {today.data && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mb="md">
          {FIGURES.map(([key, label]) => (
            <div key={key}>
              <Text size="xl" fw={700} aria-describedby={`today-${key}`}>
                {today.data[key]}
              </Text>
              <Text size="xs" c="dimmed" id={`today-${key}`}>
                {label}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      )}
      <Group>
        <Button component={Link} to={to('appointments')}>
          Zu den Terminen
        </Button>
      </Group>
    </Card>
  );
}
