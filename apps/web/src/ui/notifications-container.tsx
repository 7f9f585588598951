import { Notifications } from '@mantine/notifications';

/** Mantine's notification container, as its own chunk (see NotificationsOnDemand). */
export default function NotificationsContainer() {
  return <Notifications position="top-right" />;
}
