import { useNotifications } from '@mantine/notifications';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';

// A failed load must not take the app down with it: without the container, messages stay unseen.
const NotificationsContainer = lazy<ComponentType>(() =>
  import('./notifications-container').catch(() => ({ default: () => null })),
);

/**
 * Mantine's notification container (portal, transitions, scroll-lock helpers:
 * ≈ 10 kB of gzip JavaScript) loads with the first message shown, not with
 * every screen (issue 28: initial JavaScript). A message shown before it has
 * arrived waits in Mantine's store and appears when it mounts.
 */
export function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const shown = notifications.length + queue.length > 0;
  const [needed, setNeeded] = useState(false);
  // Stays mounted once loaded, so messages can close with their transition.
  useEffect(() => {
    if (shown) setNeeded(true);
  }, [shown]);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  ) : null;
}
