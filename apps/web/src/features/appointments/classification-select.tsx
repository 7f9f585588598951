import { Select, type SelectProps, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MSG } from '@tz/shared/messages';
import { isClassificationSelectable, requiresCheckedBy } from '@tz/shared/rules/payment-classification';
import { useAuth } from '../../auth/use-session';
import type { ReachedProps } from '../../ui/deferred';
import { showErrorDialog } from '../../ui/error-dialog';
import type { ClassificationFieldProps } from './classification-field';
import { CLASSIFICATION_LABEL, classificationFieldLabel, splitClassificationLabel } from './classification-label';
import { useSetClassification } from './use-appointments';

/**
 * Each entry in full, on two lines: what it is, then its legal basis (the
 * labels of one § differ only at their end, which a one-line menu cut off).
 */
const renderOption =
  (labels: Map<string, string>): SelectProps['renderOption'] =>
  ({ option }) => {
    const { basis, text } = splitClassificationLabel(labels.get(option.value) ?? option.label);
    return (
      <Stack gap={0}>
        <Text size="sm">{text}</Text>
        {basis && (
          <Text size="xs" c="gray.7">
            {basis}
          </Text>
        )}
      </Stack>
    );
  };

const NONE = 'none';

/**
 * The row's payment classification: 'Keine Auswahl' first, then the entries
 * selectable on the appointment's day (active or current, strictly inside
 * their window). Ids above 30 ask who checked the documentation. Drawn when
 * the row's field is first reached (classification-field.tsx): focused, and
 * opened when it was clicked.
 */
export function ClassificationSelect(props: ClassificationFieldProps & ReachedProps) {
  const a = props.appointment;
  const auth = useAuth();
  const change = useSetClassification(props.staffId);
  const current = props.classifications.find((c) => c.id === a.payment_class_id);
  const data = [
    { value: NONE, label: MSG.noSelection },
    ...props.classifications
      .filter((c) => c.id === a.payment_class_id || isClassificationSelectable(c, a.date, a.payment_class_id))
      .map((c) => ({
        value: String(c.id),
        label: classificationFieldLabel(c.label),
        // The current one stays visible even when it no longer applies, but cannot be chosen again.
        disabled: !isClassificationSelectable(c, a.date, a.payment_class_id),
      })),
  ];

  const send = (id: number | null, checkedBy?: string) =>
    change.mutate({ a, newClassification: id, checkedBy }, { onError: (e) => showErrorDialog(e) });

  const onChange = (value: string | null) => {
    const id = !value || value === NONE ? null : Number(value);
    if (id === a.payment_class_id) return;
    const chosen = props.classifications.find((c) => c.id === id);
    if (id !== null && requiresCheckedBy(id)) {
      modals.openConfirmModal({
        title: 'Dokumentation geprüft?',
        children: (
          <Stack gap="xs">
            <Text size="sm">
              Hiermit bestätige ich, {auth.name}, dass die Dokumentation für „{chosen?.label}" geprüft wurde.
            </Text>
            {chosen?.danger && (
              <Text size="sm" c="red.9">
                {chosen.danger}
              </Text>
            )}
          </Stack>
        ),
        labels: { confirm: 'Ja, geprüft', cancel: 'Nein' },
        onConfirm: () => send(id, auth.name),
      });
      return;
    }
    send(id);
  };

  return (
    <Select
      size="xs"
      label={CLASSIFICATION_LABEL}
      data={data}
      value={a.payment_class_id ? String(a.payment_class_id) : NONE}
      onChange={onChange}
      allowDeselect={false}
      disabled={change.isPending}
      // The field replaces its stand-in under the user's hand: it keeps the focus and opens if clicked.
      autoFocus
      defaultDropdownOpened={props.reachedBy === 'open'}
      // Wider than the field, up to the screen; the option text wraps instead of being cut.
      comboboxProps={{ withinPortal: true, width: 'max-content', position: 'bottom-start' }}
      styles={{ dropdown: { maxWidth: 'min(560px, calc(100vw - 16px))' }, option: { whiteSpace: 'normal' } }}
      renderOption={renderOption(new Map(props.classifications.map((c) => [String(c.id), c.label])))}
      // The chosen entry in full on hover, should the field cut it.
      title={current?.label ?? MSG.noSelection}
    />
  );
}
