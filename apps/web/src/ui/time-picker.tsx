import { TimePicker } from '@mantine/dates';

/**
 * The app's 24-hour time picker: a visible label, hours and minutes typed or
 * chosen from the dropdown, never AM/PM whatever the browser's language. The
 * value is 'HH:mm', or '' while hours or minutes are missing.
 */
export function TimeOfDayPicker({
  label,
  value,
  onChange,
  minutesStep = 5,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Steps of the dropdown's minutes list; any minute can still be typed. */
  minutesStep?: number;
  error?: string;
}) {
  return (
    <TimePicker
      label={label}
      format="24h"
      withDropdown
      minutesStep={minutesStep}
      hoursInputLabel={`${label}: Stunden`}
      minutesInputLabel={`${label}: Minuten`}
      hoursPlaceholder="--"
      minutesPlaceholder="--"
      value={value}
      onChange={onChange}
      error={error}
      w={120}
    />
  );
}
