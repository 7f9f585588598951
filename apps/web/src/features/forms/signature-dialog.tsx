import { Alert, Box, Button, Group, Modal, Text } from '@mantine/core';
import { SIGNATURE_PAD_HEIGHT } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

/**
 * Draw, clear, save. An empty pad is refused. The dialog closes only through
 * its buttons: neither Escape nor a click on the backdrop closes it.
 */
export function SignatureDialog({
  opened,
  title,
  onCancel,
  onSave,
}: {
  opened: boolean;
  title: string;
  onCancel: () => void;
  onSave: (dataUrl: string) => void;
}) {
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(false);

  // A callback ref: the canvas mounts with the modal; size it to the device's pixel ratio.
  const canvasRef = useCallback((canvas: HTMLCanvasElement | null) => {
    pad.current?.off();
    pad.current = null;
    if (!canvas) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = SIGNATURE_PAD_HEIGHT * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    pad.current = new SignaturePad(canvas, { penColor: '#1a1b1e' });
    pad.current.addEventListener('beginStroke', () => setEmpty(false));
  }, []);

  useEffect(() => {
    if (opened) setEmpty(false);
  }, [opened]);

  const save = () => {
    if (!pad.current || pad.current.isEmpty()) {
      setEmpty(true);
      return;
    }
    onSave(pad.current.toDataURL('image/png'));
  };

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withCloseButton={false}
      size="lg"
      centered
    >
      <Text size="sm" mb="xs">
        {MSG.pleaseSign}
      </Text>
      <Box style={{ border: '1px solid var(--mantine-color-gray-5)', borderRadius: 4, touchAction: 'none' }} bg="white">
        <canvas
          ref={canvasRef}
          aria-label="Unterschriftenfeld"
          role="img"
          style={{ width: '100%', height: SIGNATURE_PAD_HEIGHT, display: 'block' }}
        />
      </Box>
      {empty && (
        <Alert color="red" mt="sm" role="alert" title={MSG.missingSignature}>
          {MSG.pleaseSign}
        </Alert>
      )}
      <Group justify="space-between" mt="md">
        <Button variant="default" onClick={() => pad.current?.clear()}>
          Löschen
        </Button>
        <Group gap="xs">
          <Button variant="subtle" onClick={onCancel}>
            Abbrechen
          </Button>
          <Button onClick={save}>Speichern</Button>
        </Group>
      </Group>
    </Modal>
  );
}
