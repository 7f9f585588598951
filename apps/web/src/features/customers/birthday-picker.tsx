import { Group, Input, Select } from '@mantine/core';
import { birthdayParts, birthdayValue, birthdayYears, daysInMonth } from '@tz/shared/rules/birthday-picker';
import { GERMAN_MONTHS } from '@tz/shared/rules/german-date';
import { useEffect, useId, useRef, useState } from 'react';
import { CUSTOMER_LABELS } from './customer-field-labels';

/**
 * Day, month and year selects (core-workflow §5): years 1901 to now, days per
 * month and leap year; onChange gets 'YYYY-MM-DD' only when all three are chosen.
 * Choosing the value a select already shows keeps it (Mantine's default would
 * clear it, and with it the birthday); an optional birthday is cleared with
 * the selects' clear buttons instead. `required` marks the label as every
 * required field is marked.
 */
export function BirthdayPicker({
  value,
  onChange,
  error,
  required = false,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  error?: React.ReactNode;
  required?: boolean;
}) {
  const [parts, setParts] = useState(() => birthdayParts(value));
  // A value set from outside (loaded customer, scan) replaces the parts.
  useEffect(() => {
    if (value && value !== birthdayValue(parts)) setParts(birthdayParts(value));
  }, [value, parts]);
  const days = parts.month ? daysInMonth(parts.month, parts.year) : 31;
  const update = (next: typeof parts) => {
    const day = next.day && next.month && next.day > daysInMonth(next.month, next.year) ? null : next.day;
    const fixed = { ...next, day };
    setParts(fixed);
    onChange(birthdayValue(fixed));
  };
  const str = (n: number | null | undefined) => (n ? String(n) : null);
  // With an error the three selects are marked invalid and described by the one message under them.
  // Mantine gives each select its own wrapper's description, so the link to the shared message is set here.
  const errorId = useId();
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const input of group.current?.querySelectorAll('input:not([type="hidden"])') ?? []) {
      if (error) input.setAttribute('aria-describedby', errorId);
      else input.removeAttribute('aria-describedby');
    }
  }, [error, errorId]);
  const invalid = error ? true : undefined;
  const choice = { searchable: true, allowDeselect: false, clearable: !required, required, error: invalid };
  return (
    <Input.Wrapper label={CUSTOMER_LABELS.birthday} required={required} error={error} errorProps={{ id: errorId }}>
      <Group gap="xs" grow ref={group}>
        <Select
          aria-label="Geburtstag (Tag)"
          placeholder="Tag"
          data={Array.from({ length: days }, (_, i) => String(i + 1))}
          value={str(parts.day)}
          onChange={(v) => update({ ...parts, day: v ? Number(v) : null })}
          {...choice}
        />
        <Select
          aria-label="Geburtstag (Monat)"
          placeholder="Monat"
          data={GERMAN_MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))}
          value={str(parts.month)}
          onChange={(v) => update({ ...parts, month: v ? Number(v) : null })}
          {...choice}
        />
        <Select
          aria-label="Geburtstag (Jahr)"
          placeholder="Jahr"
          data={birthdayYears(new Date().getFullYear()).map(String)}
          value={str(parts.year)}
          onChange={(v) => update({ ...parts, year: v ? Number(v) : null })}
          {...choice}
        />
      </Group>
    </Input.Wrapper>
  );
}
