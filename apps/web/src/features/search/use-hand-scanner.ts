import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import {
  readScan,
  WEDGE_IDLE_MS,
  type WedgeState,
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
    notifications.show({ color: 'yellow', title: MSG.customerNotFound, message: MSG.customerNotFoundHint });
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
 * The global hand-scanner listener of every logged-in screen: key events go
 * through the keyboard-wedge detector (packages/shared scanner-input); keys
 * that belong to a scan are kept from their default action (no submit, no
 * text in the focused field beyond the first few characters). onScan runs
 * before the scan is handled (the header clears its search box).
 */
export function useHandScanner(onScan?: () => void) {
  const { staffId } = useAuth();
  const navigate = useNavigate();
  const state = useRef<WedgeState>(wedgeInitial);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ staffId, navigate, onScan });
  latest.current = { staffId, navigate, onScan };

  useEffect(() => {
    const finish = (text: string) => {
      latest.current.onScan?.();
      void handleScan(text, latest.current.staffId, latest.current.navigate);
    };
    const onKey = (ev: KeyboardEvent) => {
      if (ev.ctrlKey || ev.metaKey || ev.isComposing) return;
      const step = wedgeKey(state.current, ev.key, ev.timeStamp);
      state.current = step.state;
      if (step.consumed) ev.preventDefault();
      clearTimeout(idle.current);
      if (step.scan) finish(step.scan);
      else if (state.current.buffer) {
        const at = ev.timeStamp + WEDGE_IDLE_MS;
        idle.current = setTimeout(() => {
          const done = wedgeIdle(state.current, at);
          state.current = done.state;
          if (done.scan) finish(done.scan);
        }, WEDGE_IDLE_MS);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      clearTimeout(idle.current);
    };
  }, []);
}
