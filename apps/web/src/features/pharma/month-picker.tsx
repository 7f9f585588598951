import { Button, Group } from '@mantine/core';
import { DatePickerInput, MonthPickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { type DayRange, monthRange } from './month-range';

const PRESETS = [
  { offset: -1, label: 'Letzter Monat' },
  { offset: 0, label: 'Dieser Monat' },
  { offset: 1, label: 'Nächster Monat' },
] as const;

/**
 * The pharmacy month picker (configuration-admin §2): a month ('Monat'), any
 * range ('Zeitraum') or one of the presets 'Letzter Monat', 'Dieser Monat',
 * 'Nächster Monat'.
 */
export function MonthPicker({ value, onChange }: { value: DayRange; onChange: (r: DayRange) => void }) {
  const today = dayjs().format('YYYY-MM-DD');
  const wholeMonth = value.from.endsWith('-01') && monthRange(value.from).to === value.to;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <MonthPickerInput
        label="Monat"
        valueFormat="MM.YYYY"
        value={wholeMonth ? value.from : null}
        onChange={(v) => v && onChange(monthRange(v))}
        miw={140}
      />
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        label="Zeitraum"
        valueFormat="DD.MM.YYYY"
        value={[value.from, value.to]}
        onChange={([from, to]) => from && to && onChange({ from, to })}
        miw={240}
      />
      <Group gap={4} role="group" aria-label="Monat-Vorauswahl">
        {PRESETS.map((p) => {
          const r = monthRange(today, p.offset);
          const active = r.from === value.from && r.to === value.to;
          return (
            <Button
              key={p.offset}
              variant={active ? 'filled' : 'default'}
              aria-pressed={active}
              onClick={() => onChange(r)}
            >
              {p.label}
            </Button>
          );
        })}
      </Group>
    </Group>
  );
}
