import { Alert, Button, Stack, Title } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import { Link } from 'react-router';

/** A screen the user's role may not open (route-access.ts): a German notice instead of a form whose saves would fail. */
export function NoPermissionPage() {
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {MSG.noPermissionTitle}
      </Title>
      <Alert color="yellow" role="alert">
        {MSG.noPermissionPage}
      </Alert>
      <Button component={Link} to="/" w="fit-content">
        Zur Startseite
      </Button>
    </Stack>
  );
}
