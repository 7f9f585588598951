import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Stack>
      <Title order={1} size="h2">
        Seite nicht gefunden
      </Title>
      <Text>Diese Adresse gibt es in der Anwendung nicht.</Text>
      <Button component={Link} to="/" w="fit-content">
        Zur Startseite
      </Button>
    </Stack>
  );
}
