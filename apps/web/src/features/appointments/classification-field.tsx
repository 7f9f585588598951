import { ComboboxChevron, Stack, Text, TextInput } from '@mantine/core';
import type { Appointment, PaymentClassification } from '@tz/shared/appointments/appointments.contract';
import { MSG } from '@tz/shared/messages';
import { deferred, type StandInProps } from '../../ui/deferred';
import { CLASSIFICATION_LABEL, classificationFieldLabel } from './classification-label';

export interface ClassificationFieldProps {
  staffId: number;
  appointment: Appointment;
  classifications: PaymentClassification[];
}

/**
 * The select as it looks closed: the same read-only field, name, value and chevron. A press does
 * not focus it (the click that follows draws the select opened); Tab focuses it, and the select
 * takes its place focused, so the keys that follow reach the select; an opening key pressed before
 * it is here opens it when it comes.
 */
function ClassificationStandIn(props: ClassificationFieldProps & StandInProps) {
  const current = props.classifications.find((c) => c.id === props.appointment.payment_class_id);
  return (
    <TextInput
      size="xs"
      label={CLASSIFICATION_LABEL}
      readOnly
      pointer
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      value={current ? classificationFieldLabel(current.label) : MSG.noSelection}
      title={current?.label ?? MSG.noSelection}
      rightSection={<ComboboxChevron size="xs" />}
      rightSectionPointerEvents="none"
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => props.reach('open')}
      onFocus={() => props.reach('focus')}
      // A key that opens a select, pressed while the select's code is still on its way, opens it.
      onKeyDown={(e) => {
        if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(e.key)) {
          e.preventDefault();
          props.reach('open');
        }
      }}
    />
  );
}

const ClassificationInput = deferred(
  () => import('./classification-select').then((m) => m.ClassificationSelect),
  ClassificationStandIn,
);

/**
 * The row's payment classification with what belongs to it: the entry's warning and who checked
 * the documentation. The select itself (classification-select.tsx) loads when first reached.
 */
export function ClassificationField(props: ClassificationFieldProps) {
  const a = props.appointment;
  const current = props.classifications.find((c) => c.id === a.payment_class_id);
  return (
    <Stack gap={2} miw={220} maw={320}>
      <ClassificationInput {...props} />
      {current?.danger && (
        <Text size="xs" c="red.9">
          {current.danger}
        </Text>
      )}
      {a.classification_checked_by && (
        <Text size="xs" c="dimmed">
          Geprüft von {a.classification_checked_by}
        </Text>
      )}
    </Stack>
  );
}
