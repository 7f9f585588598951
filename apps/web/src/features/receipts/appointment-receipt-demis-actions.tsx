import { Badge, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { DEMIS_STATUS_SUCCESS, OEGD_TEST_TYPES, RESULT, VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { demisMissingLabels } from '@tz/shared/rules/demis-eligibility';
import type { HandoffLanguage } from '@tz/shared/rules/handoff-payload';
import { receiptActionsState } from '@tz/shared/rules/receipt-actions';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { to } from '../../routes';
import { deferred, type StandInProps } from '../../ui/deferred';
import { lazyDialog } from '../../ui/lazy-dialog';
import { labelsOf, summariseServerError } from '../../ui/server-errors';
import { type DemisReportErrorView, demisReportError } from '../demis/demis-report-error';
import { useDemisEligibility, useReportToDemis } from '../demis/use-demis';
import { type HandoffSystem, useHandoff } from '../oegd/use-handoff';
import { HandoffButton, type HandoffMenuProps } from './handoff-button';
import {
  receiptAddress,
  useDownloadReceipt,
  useSendConfirmationMail,
  useSendReceipt,
  useSendReceiptCopy,
} from './use-receipts';

export interface ReceiptDemisAppointment {
  appointment_id: number;
  customer_id: number;
  token: string;
  res_detected: number | null;
  demis_status: string | null;
  service_test_type: number | null;
  customer_email: string | null;
  status: string;
  has_receipt: boolean;
  should_block_slot: boolean;
}

export interface ReceiptDemisCentre {
  type: string;
  email: string | null;
}

// The DEMIS dialogs are in every row but rarely open: their code loads when one does (issue 28).
const MissingDemisSettingsDialog = lazyDialog(
  () => import('../demis/missing-demis-settings-dialog').then((m) => m.MissingDemisSettingsDialog),
  (props) => props.opened,
);
const DemisReportErrorDialog = lazyDialog(
  () => import('../demis/demis-report-error-dialog').then((m) => m.DemisReportErrorDialog),
  (props) => props.view !== null,
);

/** The address prompt's one field, keyed by the request body. */
export const ADDRESS_LABELS = { email: 'E-Mail-Adresse' };

// The address prompt and the hand-off menus are in every row but used now and then: their code
// (Modal, Menu, floating-ui) loads when first used (issue 28).
const ReceiptAddressDialog = lazyDialog(
  () => import('./receipt-address-dialog').then((m) => m.ReceiptAddressDialog),
  (props) => props.prompt !== null,
);
const HandoffMenu = deferred(
  () => import('./handoff-menu').then((m) => m.HandoffMenu),
  ({ reach, ...props }: HandoffMenuProps & StandInProps) => (
    <HandoffButton label={props.label} available={props.available} onClick={() => reach('open')} />
  ),
);

/** 'Etwas ist schief gelaufen (status)' with the server's message, as the spec's error dialogs say. */
function showError(e: unknown) {
  const status = e instanceof ApiError ? ((e.details as { status?: number } | undefined)?.status ?? e.status) : 0;
  modals.open({
    title: `${MSG.genericError}${status ? ` (${status})` : ''}`,
    children: <Text>{e instanceof Error ? e.message : MSG.genericError}</Text>,
  });
}

/**
 * The receipt, confirmation-mail, DEMIS, official-form and hand-off actions of
 * one appointment, for the appointment row and the edit screen.
 */
export function AppointmentReceiptDemisActions({
  appointment,
  centre,
  onChanged,
}: {
  appointment: ReceiptDemisAppointment;
  centre: ReceiptDemisCentre;
  /** Called after the appointment changed on the server (DEMIS reported). */
  onChanged?: () => void;
}) {
  const isVaccinationCentre = centre.type === VACCINATION_CENTRE_TYPE;
  const sendReceipt = useSendReceipt();
  const sendCopy = useSendReceiptCopy();
  const downloadReceipt = useDownloadReceipt();
  const confirmation = useSendConfirmationMail();
  const report = useReportToDemis();
  const handoff = useHandoff();
  const [reported, setReported] = useState(appointment.demis_status === DEMIS_STATUS_SUCCESS);
  const canReport = !isVaccinationCentre && appointment.res_detected === RESULT.positive && !reported;
  const eligibility = useDemisEligibility(canReport);
  /** What the 'Missing DEMIS settings' dialog lists; null while it is closed. */
  const [missingSettings, setMissingSettings] = useState<string[] | null>(null);
  const [reportError, setReportError] = useState<DemisReportErrorView | null>(null);
  const [addressPrompt, setAddressPrompt] = useState<null | 'receipt' | 'copy'>(null);
  const [address, setAddress] = useState('');
  const [copyError, setCopyError] = useState<string | null>(null);
  /** The address the server refused (its message at the field). */
  const [addressError, setAddressError] = useState<string>();
  const addressInput = useRef<HTMLInputElement>(null);
  const id = appointment.appointment_id;
  // Actions that could only fail are disabled, with the reason as their tooltip (as 'Einladen').
  const why = receiptActionsState(appointment);

  const askReceipt = () =>
    modals.openConfirmModal({
      title: 'Beleg versenden',
      children: <Text>{MSG.receiptSendConfirm}</Text>,
      onConfirm: () => {
        setAddress(appointment.customer_email ?? '');
        setAddressError(undefined);
        setAddressPrompt('receipt');
      },
    });

  const askCopy = () => {
    setAddress('');
    setCopyError(null);
    setAddressError(undefined);
    setAddressPrompt('copy');
  };

  const submitAddress = async () => {
    try {
      if (addressPrompt === 'receipt') {
        const res = await sendReceipt.mutateAsync({ appointmentId: id, email: receiptAddress(address, centre.email) });
        setAddressPrompt(null);
        notifications.show({ color: 'green', title: MSG.receiptSent, message: res.email });
      } else {
        const res = await sendCopy.mutateAsync({ appointmentId: id, email: address.trim() });
        setAddressPrompt(null);
        notifications.show({ color: 'green', title: MSG.receiptSent, message: res.email });
      }
    } catch (e) {
      // A refused address stays in the prompt, marked, to be corrected.
      const refused = summariseServerError(e, labelsOf(ADDRESS_LABELS));
      if (refused.errors.email) {
        setAddressError(refused.errors.email);
        addressInput.current?.focus();
        return;
      }
      if (addressPrompt === 'copy') {
        // Receipt copy failure: the status and the error text, in the prompt.
        const status = e instanceof ApiError ? e.status : 0;
        setCopyError(`${MSG.genericError} (${status}): ${e instanceof Error ? e.message : ''}`);
      } else {
        setAddressPrompt(null);
        showError(e);
      }
    }
  };

  const download = () => downloadReceipt.mutate(id, { onError: showError });

  const confirmationMail = () =>
    confirmation.mutate(
      { appointmentId: id, customerId: appointment.customer_id },
      {
        onSuccess: (res) => notifications.show({ color: 'green', title: MSG.confirmationMailSent, message: res.email }),
        onError: showError,
      },
    );

  const startDemis = () => {
    if (eligibility.data && !eligibility.data.eligible) {
      setMissingSettings(demisMissingLabels(eligibility.data.missing, eligibility.data.certificate));
      return;
    }
    modals.openConfirmModal({
      title: 'An DEMIS melden',
      children: <Text>{MSG.demisReportConfirm}</Text>,
      onConfirm: () =>
        report.mutate(appointment.token, {
          onSuccess: (res) => {
            setReported(true);
            // DEMIS accepted, maybe with warnings worth reading (they are kept with the report too).
            notifications.show({
              color: res.warnings.length > 0 ? 'yellow' : 'green',
              title: MSG.demisReported,
              message: res.warnings.length > 0 ? `${MSG.demisWarnings} ${res.warnings.join(' · ')}` : undefined,
              autoClose: res.warnings.length > 0 ? false : undefined,
            });
            onChanged?.();
          },
          onError: (e) => {
            if (e instanceof ApiError && e.code === 'DEMIS_SETTINGS_MISSING') {
              const missing = ((e.details ?? {}) as { missing?: string[] }).missing ?? [];
              setMissingSettings(demisMissingLabels(missing));
            } else setReportError(demisReportError(e));
          },
        }),
    });
  };

  const openHandoff = (system: HandoffSystem, lang: HandoffLanguage) =>
    handoff.open(system, appointment.token, lang).catch(showError);

  const handoffMenu = (system: HandoffSystem, label: string) => (
    <HandoffMenu label={label} available={handoff.available(system)} onPick={(lang) => openHandoff(system, lang)} />
  );

  return (
    <Group gap={4} wrap="wrap">
      <Button
        size="compact-xs"
        variant="light"
        onClick={askReceipt}
        loading={sendReceipt.isPending}
        disabled={!!why.send}
        title={why.send ?? undefined}
      >
        Beleg senden
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        onClick={download}
        loading={downloadReceipt.isPending}
        disabled={!!why.download}
        title={why.download ?? undefined}
      >
        Beleg herunterladen
      </Button>
      <Button size="compact-xs" variant="light" onClick={askCopy} disabled={!!why.copy} title={why.copy ?? undefined}>
        Belegkopie
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        onClick={confirmationMail}
        loading={confirmation.isPending}
        disabled={!!why.confirmationMail}
        title={why.confirmationMail ?? undefined}
      >
        Bestätigungsmail
      </Button>
      {appointment.has_receipt && (
        <Badge color="blue" variant="dot">
          {MSG.receiptIssued}
        </Badge>
      )}
      {!isVaccinationCentre && reported && (
        <Badge color="green" variant="light">
          {MSG.demisReported}
        </Badge>
      )}
      {canReport && (
        <Button size="compact-xs" color="red" variant="light" onClick={startDemis} loading={report.isPending}>
          An DEMIS melden
        </Button>
      )}
      {!isVaccinationCentre && (OEGD_TEST_TYPES as readonly number[]).includes(appointment.service_test_type ?? -1) && (
        <Button
          size="compact-xs"
          variant="light"
          component={Link}
          to={to('cutomer.createOegd', { customer_id: appointment.customer_id, token: appointment.token })}
        >
          ÖGD-Formular
        </Button>
      )}
      {!isVaccinationCentre && handoffMenu('declaration', 'Papiererklärung')}
      {!isVaccinationCentre && handoffMenu('certificate', 'Zertifikat')}

      <ReceiptAddressDialog
        prompt={addressPrompt}
        address={address}
        onAddress={(value) => {
          setAddress(value);
          setAddressError(undefined);
        }}
        addressError={addressError}
        copyError={copyError}
        centreEmail={centre.email}
        pending={sendReceipt.isPending || sendCopy.isPending}
        inputRef={addressInput}
        onClose={() => setAddressPrompt(null)}
        onSubmit={() => void submitAddress()}
      />
      <MissingDemisSettingsDialog
        opened={missingSettings !== null}
        onClose={() => setMissingSettings(null)}
        missing={missingSettings ?? []}
      />
      <DemisReportErrorDialog view={reportError} onClose={() => setReportError(null)} />
    </Group>
  );
}
