import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { showErrorDialog } from '../../ui/error-dialog';
import { type DateFieldValue, dateTimeFieldProblem } from '../../ui/german-date-field';
import { GermanDateTimeInput } from '../../ui/german-date-input';
import { useSetResult } from './use-appointments';

const RESULTS = [
  { value: '1', label: 'Negativ' },
  { value: '2', label: 'Positiv' },
  { value: '4', label: 'Gesperrt' },
] as const;

/** Result entry: res_detected 1 negative, 2 positive, 4 locked, with the result date (default now). */
export function ResultDialog(props: { staffId: number; appointment: Appointment | null; onClose: () => void }) {
  const a = props.appointment;
  return (
    <Modal opened={!!a} onClose={props.onClose} title="Ergebnis eintragen">
      {a && <ResultForm key={a.appointment_id} staffId={props.staffId} appointment={a} onClose={props.onClose} />}
    </Modal>
  );
}

function ResultForm({
  staffId,
  appointment: a,
  onClose,
}: {
  staffId: number;
  appointment: Appointment;
  onClose: () => void;
}) {
  const [value, setValue] = useState<string>(a.res_detected ? String(a.res_detected) : '');
  // The wall clock in the browser's zone, as the lists show the result date (ui/format.ts).
  const [date, setDate] = useState<DateFieldValue>(dayjs(a.res_date ?? undefined).format('YYYY-MM-DDTHH:mm'));
  const dateInput = useRef<HTMLInputElement>(null);
  const setResult = useSetResult(staffId);
  const save = () => {
    // A typed date and time that is none stays in the field with its reason; nothing else is saved.
    if (!date || dateTimeFieldProblem(date, { required: true })) {
      dateInput.current?.focus();
      return;
    }
    setResult.mutate(
      { a, res_detected: Number(value) as 1 | 2 | 4, res_date: dayjs(date).toISOString() },
      { onSuccess: onClose, onError: (e) => showErrorDialog(e) },
    );
  };
  return (
    <Stack>
      <Radio.Group
        label={`Ergebnis für ${a.customer_firstname} ${a.customer_lastname}`}
        value={value}
        onChange={setValue}
        withAsterisk
      >
        <Group mt="xs">
          {RESULTS.map((r) => (
            <Radio key={r.value} value={r.value} label={r.label} />
          ))}
        </Group>
      </Radio.Group>
      <GermanDateTimeInput label="Ergebnisdatum" ref={dateInput} value={date} onChange={setDate} required />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Abbrechen
        </Button>
        <Button onClick={save} disabled={!value} loading={setResult.isPending}>
          Speichern
        </Button>
      </Group>
    </Stack>
  );
}
