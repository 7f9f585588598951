import { ActionIcon, Box, Group, Text } from '@mantine/core';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { isCheckedIn } from '@tz/shared/rules/checked-in';
import { germanDate } from '@tz/shared/rules/german-date';
import { type KeyboardEvent, memo } from 'react';
import { useNavigate } from 'react-router';
import { to } from '../../routes';
import { showErrorDialog } from '../../ui/error-dialog';
import { AppointmentRow, CheckInSwitch, ResultButton, type RowContext, StatusBadges } from './appointment-row';
import { rowKeyAction } from './appointment-view';
import { useCheckIn } from './use-appointments';

/** What the virtual list gives each compact row: moving the focus and the open details. */
export interface CompactListContext {
  count: number;
  onMove: (index: number) => void;
  onFocusRow: (index: number) => void;
  onToggle: (appointmentId: number) => void;
}

/**
 * One appointment on one line (about 40 px): time, number, name, birthday,
 * service, state, then check-in and result. Everything else (cancel, address,
 * contact, classification, receipt, DEMIS, questionnaire, groups, edit) is in
 * the full card shown on expand. The line itself takes the keyboard focus:
 * arrows move, Enter opens the edit screen, Space expands, 'c' checks in.
 */
export const AppointmentCompactRow = memo(function AppointmentCompactRow({
  a,
  index,
  ctx,
  list,
  focusable,
  expanded,
}: {
  a: Appointment;
  index: number;
  ctx: RowContext;
  list: CompactListContext;
  focusable: boolean;
  expanded: boolean;
}) {
  const navigate = useNavigate();
  const checkIn = useCheckIn(ctx.staffId);
  const vaccinationCentre = ctx.options.centre_type === VACCINATION_CENTRE_TYPE;
  const name = `${a.customer_firstname} ${a.customer_lastname}`;
  const cancelled = a.status === 'cancelled';
  const detailsId = `termin-details-${a.appointment_id}`;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed into the row's own controls (switch, buttons) are theirs.
    if (e.target !== e.currentTarget) return;
    const action = rowKeyAction(e, index, list.count);
    if (!action) return;
    e.preventDefault();
    if (action.kind === 'move') list.onMove(action.index);
    else if (action.kind === 'open')
      navigate(to('appointmentEdit', { appointment_id: a.appointment_id, customer_id: a.customer_id }));
    else if (action.kind === 'toggleDetails') list.onToggle(a.appointment_id);
    else if (!checkIn.isPending)
      checkIn.mutate({ a, value: isCheckedIn(a.checked_in) ? 0 : 1 }, { onError: (err) => showErrorDialog(err) });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the line is the keyboard's stop in the list (roving focus); its controls stay buttons
    <div
      data-row-index={index}
      tabIndex={focusable ? 0 : -1}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        if (e.target === e.currentTarget) list.onFocusRow(index);
      }}
      style={{ background: cancelled ? 'var(--mantine-color-gray-1)' : undefined }}
    >
      <Group gap={8} wrap="nowrap" px={4} mih={40} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          tabIndex={-1}
          aria-label={`Details und weitere Aktionen zu ${name}`}
          aria-expanded={expanded}
          aria-controls={expanded ? detailsId : undefined}
          onClick={() => list.onToggle(a.appointment_id)}
        >
          <span aria-hidden>{expanded ? '▾' : '▸'}</span>
        </ActionIcon>
        <Text fw={700} size="sm" w={42} style={{ flexShrink: 0 }}>
          {a.time}
        </Text>
        <Text size="sm" c="dimmed" w={54} style={{ flexShrink: 0 }}>
          {displayCustomerAppointmentId(a.customer_appointment_id)}
        </Text>
        <Text
          size="sm"
          fw={600}
          truncate
          title={name}
          td={cancelled ? 'line-through' : undefined}
          // A width of its own (not a share of what the badges leave): the birthdays below one another line up.
          style={{ flex: '0 0 auto', width: 'clamp(120px, 17vw, 280px)' }}
        >
          {name}
        </Text>
        <Text size="sm" w={80} style={{ flexShrink: 0 }}>
          {a.customer_birthday ? germanDate(a.customer_birthday) : ''}
        </Text>
        <Text size="sm" truncate title={a.service_title} style={{ flex: '1 1 0', minWidth: 50 }}>
          {a.service_title}
        </Text>
        <StatusBadges a={a} vaccinationCentre={vaccinationCentre} compact />
        <Group gap={6} wrap="nowrap" role="group" aria-label={`Aktionen für ${name}`} style={{ flexShrink: 0 }}>
          <CheckInSwitch a={a} staffId={ctx.staffId} hideLabel />
          {!vaccinationCentre && <ResultButton a={a} ctx={ctx} />}
        </Group>
      </Group>
      {expanded && (
        <Box id={detailsId} p={6}>
          <AppointmentRow a={a} ctx={ctx} />
        </Box>
      )}
    </div>
  );
});
