import { Alert, Center, Loader, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@tz/shared/messages';
import { type ReactNode, useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError, setUnauthorizedHandler } from './api/client';
import { sessionStore, setExpiryHandler } from './auth/session-store';
import { useHost } from './layout/use-host';
import { createRouter } from './router';
import { hideStartSpinner } from './start-spinner';
import { cssVariablesResolver, theme } from './theme';
import { NotificationsOnDemand } from './ui/notifications-on-demand';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2, refetchOnWindowFocus: false },
  },
});

/** Session end (expiry time passed or any call answered 401): message, then login. */
let expiring = false;
function expireSession() {
  if (!sessionStore.get() || expiring) return;
  expiring = true;
  sessionStore.expire(MSG.sessionExpired);
  queryClient.clear();
  window.location.assign('/login');
}
setExpiryHandler(expireSession);
setUnauthorizedHandler(expireSession);

/** An unknown host name is an error page with code NT, not an app. */
function HostGate({ children }: { children: ReactNode }) {
  const host = useHost();
  if (host.isLoading) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Wird geladen" />
      </Center>
    );
  }
  if (host.error instanceof ApiError && host.error.code === 'NT') {
    return (
      <Center mih="100vh" p="md" component="main">
        <Stack maw={520}>
          <Title order={1} size="h3">
            Unbekannte Adresse
          </Title>
          <Alert color="red" role="alert">
            <Text>{MSG.unknownHost}</Text>
          </Alert>
        </Stack>
      </Center>
    );
  }
  return <>{children}</>;
}

export function App() {
  const router = useMemo(() => createRouter(), []);
  // The start spinner of index.html stays only until this first screen is drawn (spec: 1 s minimum at start).
  useEffect(hideStartSpinner, []);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <NotificationsOnDemand />
          <HostGate>
            <RouterProvider router={router} />
          </HostGate>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
