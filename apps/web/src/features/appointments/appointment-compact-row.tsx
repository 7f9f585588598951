import { ActionIcon, Group, Text } from '@mantine/core';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { germanDate } from '@tz/shared/rules/german-date';
import { CheckInSwitch, ResultButton, type RowContext, StatusBadges } from './appointment-row';

/**
 * One appointment on one line (about 40 px): time, number, name, birthday,
 * service, state, then check-in and result. Everything else (cancel, address,
 * contact, classification, receipt, DEMIS, questionnaire, groups, edit) is in
 * the full card shown on expand. The line's controls are out of the tab
 * order: the row itself is the keyboard's stop ('c' checks in, 'e' opens the
 * result, Space the details).
 */
export function CompactLine({
  a,
  ctx,
  expanded,
  detailsId,
  onToggle,
}: {
  a: Appointment;
  ctx: RowContext;
  expanded: boolean;
  detailsId: string;
  onToggle: () => void;
}) {
  const vaccinationCentre = ctx.options.centre_type === VACCINATION_CENTRE_TYPE;
  const name = `${a.customer_firstname} ${a.customer_lastname}`;
  const cancelled = a.status === 'cancelled';
  return (
    <Group gap={8} wrap="nowrap" px={4} mih={40} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        tabIndex={-1}
        aria-label={`Details und weitere Aktionen zu ${name}`}
        aria-expanded={expanded}
        aria-controls={expanded ? detailsId : undefined}
        onClick={onToggle}
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
        <CheckInSwitch a={a} staffId={ctx.staffId} hideLabel tabIndex={-1} />
        <ResultButton a={a} ctx={ctx} tabIndex={-1} />
      </Group>
    </Group>
  );
}
