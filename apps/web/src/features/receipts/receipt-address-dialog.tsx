import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import type { RefObject } from 'react';
import { ADDRESS_LABELS } from './appointment-receipt-demis-actions';

/**
 * Asks where a receipt ('receipt') or its copy ('copy') goes. A refused address stays in the
 * field with the server's reason; a failed copy says so in the prompt.
 */
export function ReceiptAddressDialog(props: {
  prompt: null | 'receipt' | 'copy';
  address: string;
  onAddress: (address: string) => void;
  addressError?: string;
  copyError: string | null;
  centreEmail: string | null;
  pending: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
  onSubmit: () => void;
}) {
  const { prompt } = props;
  return (
    <Modal
      opened={prompt !== null}
      onClose={props.onClose}
      title={prompt === 'copy' ? 'Belegkopie senden' : 'Beleg versenden'}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <Stack>
          <TextInput
            label={ADDRESS_LABELS.email}
            type="email"
            value={props.address}
            onChange={(e) => props.onAddress(e.currentTarget.value)}
            error={props.addressError}
            ref={props.inputRef}
            description={prompt === 'receipt' ? MSG.receiptAddressPrompt : undefined}
            placeholder={prompt === 'receipt' ? (props.centreEmail ?? undefined) : undefined}
            required={prompt === 'copy'}
            data-autofocus
          />
          {props.copyError && (
            <Text c="red" role="alert">
              {props.copyError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Abbrechen
            </Button>
            <Button type="submit" loading={props.pending}>
              Senden
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
