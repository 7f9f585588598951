import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../error-reporting';

const isChunkError = (e: unknown) =>
  e instanceof Error &&
  /chunk load timeout|dynamically imported module|Importing a module script failed|Failed to fetch/i.test(e.message);

/** Never a blank page: a failed screen load offers a reload; other errors are reported and shown. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
  const chunk = isChunkError(error);
  return (
    <Center p="xl">
      <Stack maw={520}>
        <Alert color={chunk ? 'yellow' : 'red'} title={chunk ? MSG.noticeTitle : MSG.errorTitle} role="alert">
          <Text>{chunk ? MSG.reloadPrompt : MSG.genericError}</Text>
        </Alert>
        <Button onClick={() => window.location.reload()}>{MSG.reload}</Button>
      </Stack>
    </Center>
  );
}
