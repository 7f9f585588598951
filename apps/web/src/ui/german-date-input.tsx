import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { type FocusEvent, type Ref, useState } from 'react';
import { CALENDAR_LABELS } from './calendar-labels';
import {
  DATE,
  DATE_TIME,
  type DateFieldKind,
  type DateFieldValue,
  type DateRules,
  fieldProblem,
  shownText,
  textOnLeave,
  valueOfText,
  visibleProblem,
} from './german-date-field';

export type GermanDateInputProps = Omit<
  TextInputProps,
  'value' | 'onChange' | 'defaultValue' | 'type' | 'ref' | 'min' | 'max'
> &
  Omit<DateRules, 'required'> & {
    /** german-date-field.ts: the date, null for empty, or the text as typed when it is no date. */
    value?: DateFieldValue;
    onChange: (value: DateFieldValue) => void;
    /** An × that empties the field; its name for screen readers. */
    clearable?: boolean;
    clearLabel?: string;
    ref?: Ref<HTMLInputElement>;
  };

function CalendarIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

/**
 * The one German date field of the app (decision 020): typed DD.MM.YYYY (also
 * 1.2.2027) or picked in the calendar (a click on the field or the calendar
 * symbol of an empty field). A text that is no date, or a date the rules (min, max) refuse,
 * stays exactly as typed and the reason shows at the field once it is left;
 * the form's value is that text, so nothing else can be saved in its place.
 * One Tab stop (the calendar symbol is for the mouse; the keyboard types).
 */
function DateTextInput({
  kind,
  value,
  onChange,
  min,
  max,
  minMessage,
  maxMessage,
  required,
  clearable,
  clearLabel = 'Datum löschen',
  error,
  onFocus,
  onBlur,
  disabled,
  readOnly,
  placeholder,
  ref,
  ...rest
}: GermanDateInputProps & { kind: DateFieldKind }) {
  const [typed, setTyped] = useState('');
  const [typing, setTyping] = useState(false);
  const [touched, setTouched] = useState(false);
  const [opened, setOpened] = useState(false);
  const current = value === undefined || value === '' ? null : value;
  const text = shownText(kind, typed, current);
  const problem = fieldProblem(kind, current, { required, min, max, minMessage, maxMessage });
  const shownError = error || visibleProblem(problem, current, { typing, touched }) || undefined;
  const editable = !disabled && !readOnly;
  const day = current !== null && kind.isValue(current) ? kind.dayOf(current) : null;
  const dayOf = (v: DateFieldValue | undefined) => (v && kind.isValue(v) ? kind.dayOf(v) : undefined);

  const change = (next: string) => {
    setTyped(next);
    setTyping(true);
    onChange(valueOfText(kind, next));
  };
  const pick = (picked: string | null) => {
    if (!picked) return;
    const next = kind.withDay(current, picked);
    setTyped(kind.format(next));
    setTyping(false);
    setOpened(false);
    onChange(next);
  };
  const clear = () => {
    setTyped('');
    setTyping(false);
    setTouched(true);
    onChange(null);
  };
  const leave = (e: FocusEvent<HTMLInputElement>) => {
    setTyping(false);
    setTouched(true);
    setOpened(false);
    setTyped(textOnLeave(kind, text));
    onBlur?.(e);
  };

  // One symbol, as wide as Mantine's own: the × of a filled clearable field, else the calendar
  // (a click into the field opens the calendar too).
  const rightSection = !editable ? undefined : clearable && current !== null ? (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={clearLabel}
      onMouseDown={(e) => e.preventDefault()}
      onClick={clear}
    >
      ×
    </ActionIcon>
  ) : (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      tabIndex={-1}
      aria-label="Kalender öffnen"
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => setOpened((o) => !o)}
    >
      <CalendarIcon />
    </ActionIcon>
  );

  return (
    <Popover
      opened={opened && editable}
      onChange={setOpened}
      position="bottom-start"
      trapFocus={false}
      returnFocus={false}
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          {...rest}
          ref={ref}
          required={required}
          disabled={disabled}
          readOnly={readOnly}
          autoComplete="off"
          placeholder={placeholder ?? kind.placeholder}
          value={text}
          error={shownError}
          onChange={(e) => change(e.currentTarget.value)}
          onFocus={onFocus}
          onBlur={leave}
          onClick={() => editable && setOpened(true)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpened(false);
            if (e.key === 'ArrowDown' && e.altKey) setOpened(true);
          }}
          rightSection={rightSection}
          rightSectionPointerEvents="all"
        />
      </Popover.Target>
      <Popover.Dropdown onMouseDown={(e) => e.preventDefault()}>
        <DatePicker
          value={day}
          onChange={pick}
          defaultDate={day ?? dayOf(min) ?? dayOf(max)}
          minDate={dayOf(min)}
          maxDate={dayOf(max)}
          ariaLabels={CALENDAR_LABELS}
          __preventFocus
        />
      </Popover.Dropdown>
    </Popover>
  );
}

/** A German date (TT.MM.JJJJ), typed or picked; see DateTextInput. */
export function GermanDateInput(props: GermanDateInputProps) {
  return <DateTextInput kind={DATE} {...props} />;
}

/** A German date and time (TT.MM.JJJJ HH:mm, 24 h) in one field; picking a day keeps the time. */
export function GermanDateTimeInput(props: GermanDateInputProps) {
  return <DateTextInput kind={DATE_TIME} {...props} />;
}
