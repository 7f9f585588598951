import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import { useNavigate } from 'react-router';
import { to } from '../../routes';

/** The spec's error dialog when DEMIS settings or the certificate are incomplete; offers the settings (focus DEMIS). */
export function MissingDemisSettingsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal opened={opened} onClose={onClose} title={MSG.missingDemisSettings} centered>
      <Text mb="md">{MSG.missingDemisSettingsText}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Schließen
        </Button>
        <Button
          onClick={() => {
            onClose();
            navigate(to('settings', { focus: 'demis' }));
          }}
        >
          {MSG.openSettings}
        </Button>
      </Group>
    </Modal>
  );
}
