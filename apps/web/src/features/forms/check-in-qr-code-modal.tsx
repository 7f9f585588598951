import { Alert, Anchor, Button, Center, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QR_SIZE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { formActionState } from '@tz/shared/rules/form-rules';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { RouteModal } from './route-modal';
import { useFormLink, useSendFormQrMail } from './use-forms';

function formStatus(checkedIn: number) {
  const s = formActionState(checkedIn, null);
  if (!s.filled) return 'Fragebogen: noch nicht ausgefüllt';
  return s.withWarnings ? 'Fragebogen: ausgefüllt, mit Auffälligkeiten' : 'Fragebogen: ausgefüllt';
}

/** Route check-in-qr-code: the QR code of the form link (size 250) and the link itself. */
export default function CheckInQrCodeModal() {
  const { token = '' } = useParams();
  return (
    <RouteModal title={CHECK_IN_QR_TITLE} size="md">
      <CheckInQrCode token={token} />
    </RouteModal>
  );
}

export const CHECK_IN_QR_TITLE = 'QR-Code zum Fragebogen';

/**
 * The QR code of an appointment's form link, the link to open the form for
 * input, and the QR mail: in the route modal over the list and in the edit
 * screen's dialog.
 */
export function CheckInQrCode({ token }: { token: string }) {
  const link = useFormLink(token);
  const mail = useSendFormQrMail();
  const [qr, setQr] = useState<string | null>(null);
  const url = link.data ? `${window.location.origin}${link.data.path}` : null;

  useEffect(() => {
    if (!url) return;
    let live = true;
    void QRCode.toDataURL(url, { width: QR_SIZE, margin: 1 }).then((d) => live && setQr(d));
    return () => {
      live = false;
    };
  }, [url]);

  const sendMail = async () => {
    if (!link.data) return;
    try {
      const res = await mail.mutateAsync(link.data.customer_appointment_id);
      notifications.show({ color: 'green', message: res.message });
    } catch (e) {
      notifications.show({
        color: 'red',
        title: MSG.errorTitle,
        message: e instanceof ApiError ? e.message : MSG.genericError,
      });
    }
  };

  return (
    <>
      {!token && <Alert color="yellow">{MSG.appointmentNotFound}</Alert>}
      {token && link.isLoading && <Loader aria-label="QR-Code wird geladen" />}
      {link.error && (
        <Alert color="red" role="alert">
          {link.error instanceof ApiError ? link.error.message : MSG.genericError}
        </Alert>
      )}
      {link.data && url && (
        <Stack>
          <Text size="sm">
            {link.data.first_name} {link.data.last_name} · Termin-Nr.{' '}
            {displayCustomerAppointmentId(link.data.customer_appointment_id)}
          </Text>
          <Text size="sm">{formStatus(link.data.checked_in)}</Text>
          <Center>
            {qr ? (
              <Image src={qr} alt="QR-Code mit dem Link zum Fragebogen" w={QR_SIZE} h={QR_SIZE} />
            ) : (
              <Loader aria-label="QR-Code wird erzeugt" />
            )}
          </Center>
          <Anchor href={url} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }} size="sm">
            {url}
          </Anchor>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigator.clipboard?.writeText(url)}>
              Link kopieren
            </Button>
            <Button onClick={sendMail} loading={mail.isPending} disabled={!link.data.email}>
              QR-Code per E-Mail senden
            </Button>
          </Group>
        </Stack>
      )}
    </>
  );
}
