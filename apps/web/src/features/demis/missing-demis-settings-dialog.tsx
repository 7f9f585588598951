import { Button, Group, List, Modal, Text } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { missingDemisSettingsOffer } from './missing-demis-settings';

/**
 * The spec's error dialog when DEMIS settings or the certificate are incomplete; lists what is
 * missing, offers the settings (focus DEMIS) to roles that may open them and tells everyone else
 * to ask their administration.
 */
export function MissingDemisSettingsDialog({
  opened,
  onClose,
  missing = [],
}: {
  opened: boolean;
  onClose: () => void;
  /** German names of what is missing (demisMissingLabels). */
  missing?: string[];
}) {
  const navigate = useNavigate();
  const { role_id } = useAuth();
  const offer = missingDemisSettingsOffer(role_id);
  return (
    <Modal opened={opened} onClose={onClose} title={MSG.missingDemisSettings} centered>
      <Text mb="md">{offer.text}</Text>
      {missing.length > 0 && (
        <>
          <Text fw={500}>{MSG.missingDemisSettingsList}</Text>
          <List mb="md" aria-label={MSG.missingDemisSettingsList}>
            {missing.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </>
      )}
      <Group justify="flex-end">
        <Button variant={offer.offerSettings ? 'default' : 'filled'} onClick={onClose}>
          Schließen
        </Button>
        {offer.offerSettings && (
          <Button
            onClick={() => {
              onClose();
              navigate(to('settings', { focus: 'demis' }));
            }}
          >
            {MSG.openSettings}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
