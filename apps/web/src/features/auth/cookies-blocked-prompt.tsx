import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '@tz/shared/messages';

/**
 * Asked after login when the certificate system is configured but cookies are
 * blocked. Its own chunk: Modal brings ScrollArea and floating-ui, which the
 * login screen itself does not need.
 */
export default function CookiesBlockedPrompt(props: { onSkip: () => void; onDirectLogin: () => void }) {
  return (
    <Modal opened onClose={props.onSkip} title="Zertifikatssystem" centered>
      <Text mb="md">{MSG.cookiesBlocked}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onSkip}>
          Nein
        </Button>
        <Button onClick={props.onDirectLogin}>Direkt anmelden</Button>
      </Group>
    </Modal>
  );
}
