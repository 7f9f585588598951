import { Alert, Modal, Stack, Text } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import type { IScannerControls } from '@zxing/browser';
import { useEffect, useRef, useState } from 'react';
import { cameraErrorMessage } from './camera-error';

/** The QR scanner pauses this long after a decode (core-workflow §9). */
const PAUSE_AFTER_DECODE_MS = 500;

/**
 * The camera scan of the header (core-workflow §2): @zxing/browser, bundled
 * (no code from the internet), loaded only when the dialog opens. Each decoded
 * text goes to onScan; the dialog closes when the caller says so.
 */
export function CameraScanModal(props: { opened: boolean; onClose: () => void; onScan: (text: string) => void }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={MSG.cameraTitle} size="lg">
      {props.opened && <CameraView onScan={props.onScan} />}
    </Modal>
  );
}

function CameraView({ onScan }: { onScan: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(onScan);
  latest.current = onScan;

  useEffect(() => {
    let controls: IScannerControls | undefined;
    let stopped = false;
    if (!window.isSecureContext || !navigator.mediaDevices) {
      setError(cameraErrorMessage(null, false));
      return;
    }
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanSuccess: PAUSE_AFTER_DECODE_MS });
        const c = await reader.decodeFromVideoDevice(undefined, video.current ?? undefined, (result) => {
          if (result) latest.current(result.getText());
        });
        if (stopped) c.stop();
        else controls = c;
      } catch (e) {
        if (!stopped) setError(cameraErrorMessage(e, window.isSecureContext));
      }
    })();
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, []);

  return (
    <Stack>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : (
        <Text size="sm">{MSG.cameraHint}</Text>
      )}
      <video ref={video} style={{ width: '100%', maxHeight: 400, background: '#000' }} muted playsInline />
    </Stack>
  );
}
