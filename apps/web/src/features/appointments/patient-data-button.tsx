import { Anchor, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { to } from '../../routes';
import { type ExtensionPatient, sendPatientToExtension } from './patient-data-link';

/**
 * 'Patientendaten an Erweiterung': hands a patient to the browser extension; when it does not answer,
 * a toast asks to check the installation and links to tracemedicsLink.
 */
export function PatientDataButton({ patient }: { patient: () => ExtensionPatient }) {
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await sendPatientToExtension(patient(), window, { id: crypto.randomUUID() });
      notifications.show({ color: 'green', message: MSG.patientDataSent });
    } catch {
      notifications.show({
        color: 'red',
        title: MSG.errorTitle,
        message: (
          <>
            {MSG.patientDataFailed} {/* Notifications render outside the router: a plain link, no router Link. */}
            <Anchor href={to('tracemedicsLink')}>Zur Browser-Erweiterung</Anchor>
          </>
        ),
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button size="compact-xs" variant="light" onClick={send} loading={sending}>
      Patientendaten an Erweiterung
    </Button>
  );
}
