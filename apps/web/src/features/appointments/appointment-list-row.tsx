import { Box } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { isCheckedIn } from '@tz/shared/rules/checked-in';
import { type KeyboardEvent, memo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { to } from '../../routes';
import { showErrorDialog } from '../../ui/error-dialog';
import { CompactLine } from './appointment-compact-row';
import { rowLabel } from './appointment-days';
import { AppointmentRow, type RowContext } from './appointment-row';
import { type AppointmentView, rowKeyAction } from './appointment-view';
import { resultAccess } from './result-access';
import { useRovingSubtree } from './roving-subtree';
import { useCheckIn } from './use-appointments';

/** What the virtual list gives each row: moving the focus and the open details. */
export interface ListRowContext {
  /** Rows of the whole list up to the last loaded one (the keys' bounds), as of now. */
  count: () => number;
  onMove: (index: number) => void;
  onFocusRow: (index: number) => void;
  onToggle: (appointmentId: number) => void;
}

/**
 * One row of the list in either view, and the list's one Tab stop when it is
 * the active row (roving focus): the row is a group named for screen readers
 * (customer, time, state). Keys on the row: arrows, PageUp/PageDown,
 * Home/End move; Enter opens the edit screen; 'c' checks in; 'e' opens the
 * result; Space shows the details (compact view). Only the active row's own
 * controls follow it in the tab order (the card's, or the compact line's open
 * details), so leaving the list never takes more than one row's controls.
 */
export const AppointmentListRow = memo(function AppointmentListRow({
  a,
  index,
  ctx,
  list,
  view,
  focusable,
  expanded,
  upright,
}: {
  a: Appointment;
  index: number;
  ctx: RowContext;
  list: ListRowContext;
  view: AppointmentView;
  focusable: boolean;
  expanded: boolean;
  /** A tablet held upright (the compact line folds more); asked once for the list, not per row. */
  upright: boolean;
}) {
  const navigate = useNavigate();
  const checkIn = useCheckIn(ctx.staffId);
  const vaccinationCentre = ctx.options.centre_type === VACCINATION_CENTRE_TYPE;
  const compact = view === 'compact';
  const detailsId = `termin-details-${a.appointment_id}`;
  const controlsRef = useRef<HTMLDivElement>(null);
  useRovingSubtree(controlsRef, focusable, expanded);

  const enterResult = () => {
    const access = resultAccess(a, ctx.options);
    if (access === 'open') ctx.onEnterResult(a);
    else if (access === 'locked') notifications.show({ color: 'yellow', message: MSG.forcedClassificationLock });
    else if (access === 'noLab') notifications.show({ color: 'yellow', message: MSG.noPcrLab });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed into the row's own controls (switch, buttons, selects) are theirs.
    if (e.target !== e.currentTarget) return;
    const action = rowKeyAction(e, index, list.count());
    // The cards show everything already: Space keeps its usual meaning there.
    if (!action || (action.kind === 'toggleDetails' && !compact)) return;
    e.preventDefault();
    if (action.kind === 'move') list.onMove(action.index);
    else if (action.kind === 'open')
      navigate(to('appointmentEdit', { appointment_id: a.appointment_id, customer_id: a.customer_id }));
    else if (action.kind === 'toggleDetails') list.onToggle(a.appointment_id);
    else if (action.kind === 'result') enterResult();
    else if (!checkIn.isPending)
      checkIn.mutate({ a, value: isCheckedIn(a.checked_in) ? 0 : 1 }, { onError: (err) => showErrorDialog(err) });
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable row of the list (roving focus), not a form's fieldset
    <div
      role="group"
      aria-label={rowLabel(a, vaccinationCentre)}
      data-row-index={index}
      tabIndex={focusable ? 0 : -1}
      onKeyDown={onKeyDown}
      // Any focus inside (a click on its switch, too) makes this the active row.
      onFocus={() => list.onFocusRow(index)}
      style={{ background: compact && a.status === 'cancelled' ? 'var(--mantine-color-gray-1)' : undefined }}
    >
      {compact ? (
        <>
          <CompactLine
            a={a}
            ctx={ctx}
            checkIn={checkIn}
            upright={upright}
            expanded={expanded}
            detailsId={detailsId}
            onToggle={() => list.onToggle(a.appointment_id)}
          />
          {expanded && (
            <Box id={detailsId} p={6} ref={controlsRef}>
              <AppointmentRow a={a} ctx={ctx} />
            </Box>
          )}
        </>
      ) : (
        <div ref={controlsRef}>
          <AppointmentRow a={a} ctx={ctx} />
        </div>
      )}
    </div>
  );
});
