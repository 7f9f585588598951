import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { lazy, Suspense, useState } from 'react';

/** The result dialog's code (date field, radios), fetched when a result button is pointed at or focused. */
export const preloadResultDialog = () => void import('./result-dialog').catch(() => {});
const ResultDialog = lazy(() => import('./result-dialog').then((m) => ({ default: m.ResultDialog })));

/**
 * The result dialog, loaded with its first opening (issue 28: not with the list). Once mounted it
 * stays mounted, so it closes with its transition like before. A click before the code arrived
 * opens the dialog when it has (the fallback draws nothing: the dialog is an overlay).
 */
export function LazyResultDialog(props: { staffId: number; appointment: Appointment | null; onClose: () => void }) {
  const [used, setUsed] = useState(false);
  if (props.appointment && !used) setUsed(true);
  if (!used && !props.appointment) return null;
  return (
    <Suspense fallback={null}>
      <ResultDialog {...props} />
    </Suspense>
  );
}
