import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import {
  readScan,
  type WedgeState,
  type WedgeStep,
  wedgeDeadline,
  wedgeIdle,
  wedgeInitial,
  wedgeKey,
} from '@tz/shared/rules/scanner-input';
import type { ScannedPerson } from '@tz/shared/rules/vcard';
import { useEffect, useRef } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { showErrorDialog } from '../../ui/error-dialog';

/** The id of the 'Kunde nicht gefunden' notice: the create form closes it once saved. */
export const SCAN_NOT_FOUND_NOTICE = 'scan-customer-not-found';

/** A scan that was cut off, or scan text that reached the search box: nothing was searched. */
export function notifyScanCutOff() {
  notifications.show({ color: 'yellow', title: MSG.scanCutOff, message: MSG.scanCutOffHint, autoClose: 8000 });
}

/**
 * The scan result flow (core-workflow §4 "QR scan"): one customer opens
 * customer_edit; several give 'Mehrere Kunden gefunden' and open the first;
 * none give 'Kunde nicht gefunden' and open create_appointment_and_customer
 * prefilled with the profile (cwaQrCodeData).
 */
export async function openScannedProfile(staffId: number, person: ScannedPerson, navigate: NavigateFunction) {
  // The contracts (zod) load with the first scan, not with every screen's shell.
  const { lookupProfile } = await import('./use-search');
  const { customers } = await lookupProfile(staffId, person);
  const first = customers[0];
  if (!first) {
    // Staff check the scanned data in the form: the notice stays until dismissed or the form is saved.
    notifications.show({
      id: SCAN_NOT_FOUND_NOTICE,
      color: 'yellow',
      title: MSG.customerNotFound,
      message: MSG.customerNotFoundHint,
      autoClose: false,
    });
    navigate(to('create_appointment_and_customer'), { state: { cwaQrCodeData: person } });
    return;
  }
  if (customers.length > 1) notifications.show({ color: 'yellow', message: MSG.multipleCustomers });
  navigate(to('customer_edit', { id: first.id }));
}

/** What a finished scan (hand scanner or camera) does. */
export async function handleScan(text: string, staffId: number, navigate: NavigateFunction) {
  const scan = readScan(text, window.location.origin);
  if (scan.kind === 'ignored') return;
  if (scan.kind === 'link') {
    navigate(scan.url.slice(window.location.origin.length) || '/');
    return;
  }
  if (scan.kind === 'error') {
    notifications.show({ color: 'red', title: MSG.errorTitle, message: scan.message, autoClose: false });
    return;
  }
  try {
    await openScannedProfile(staffId, scan.person, navigate);
  } catch (e) {
    showErrorDialog(e);
  }
}

/**
 * The key a keydown means to the detector, or null for a shortcut that is no
 * typing. Ctrl+J (line feed) and Ctrl+M (carriage return) are line ends some
 * scanners send; Ctrl+Alt is AltGr on Windows (`@`, `\\`, `{` on the German layout).
 */
export function wedgeKeyOf(ev: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'isComposing'>) {
  if (ev.isComposing || ev.metaKey) return null;
  if (ev.ctrlKey && !ev.altKey)
    return ev.key === 'j' || ev.key === 'J' || ev.key === 'm' || ev.key === 'M' ? 'Enter' : null;
  return ev.key;
}

/**
 * The global hand-scanner listener of every logged-in screen: key events go
 * through the keyboard-wedge detector (packages/shared scanner-input); keys
 * that belong to a scan are kept from their default action (no submit, no
 * text in the focused field beyond the first few characters), also when the
 * page stalls for up to a second in the middle of a scan. onScan runs before
 * a scan is handled or reported as cut off (the header clears its search box).
 */
export function useHandScanner(onScan?: () => void) {
  const { staffId } = useAuth();
  const navigate = useNavigate();
  const state = useRef<WedgeState>(wedgeInitial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ staffId, navigate, onScan });
  latest.current = { staffId, navigate, onScan };

  useEffect(() => {
    // `at`: the time of the step, on the clock of the events' timeStamp.
    const settle = (step: WedgeStep, at: number) => {
      state.current = step.state;
      if (step.scan) {
        latest.current.onScan?.();
        void handleScan(step.scan, latest.current.staffId, latest.current.navigate);
      } else if (step.cutOff) {
        latest.current.onScan?.();
        notifyScanCutOff();
      }
      clearTimeout(timer.current);
      const due = wedgeDeadline(state.current);
      if (due !== null) {
        timer.current = setTimeout(() => settle(wedgeIdle(state.current, due), due), Math.max(0, due - at));
      }
    };
    const onKey = (ev: KeyboardEvent) => {
      const key = wedgeKeyOf(ev);
      if (key === null) return;
      const step = wedgeKey(state.current, key, ev.timeStamp);
      if (step.consumed) ev.preventDefault();
      settle(step, ev.timeStamp);
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      clearTimeout(timer.current);
    };
  }, []);
}
