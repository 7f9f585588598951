import { Input, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { germanDate } from '@tz/shared/rules/german-date';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useBookingDays } from './use-booking';

const CALENDAR_LABELS = {
  nextMonth: 'Nächster Monat',
  previousMonth: 'Vorheriger Monat',
  monthLevelControl: 'Monat',
};

/**
 * The booking page's calendar, shown in the page (no dialog, big days for a
 * thumb). Days the centre is closed on (no opening hours that weekday, a
 * holiday, a special day without hours) are greyed out and marked unavailable
 * to screen readers; the reason shows on hover (title) and, since a finger
 * cannot hover, below the calendar when such a day is tapped — the day is not
 * chosen. A day that is open but fully booked is chosen as any other, and the
 * time list then says that no time is free.
 */
export function BookingCalendar(props: {
  searchName: string;
  label: string;
  firstDate: string;
  lastDate: string;
  value: string | null;
  onChange: (date: string | null) => void;
  error?: React.ReactNode;
}) {
  // The month on screen, as a date in it: the server names its closed days.
  const [shown, setShown] = useState(props.value ?? props.firstDate);
  const days = useBookingDays(props.searchName, shown.slice(0, 7));
  const closed = new Map(days.data?.closed.map((d) => [d.date, d.text]));
  const [note, setNote] = useState<string | null>(null);
  const id = useId();

  const choose = (date: string | null) => {
    const reason = date ? closed.get(date) : undefined;
    if (date && reason) {
      setNote(`${germanDate(date)}: ${reason}`);
      return;
    }
    setNote(null);
    props.onChange(date);
  };

  return (
    <Input.Wrapper
      id={id}
      label={props.label}
      labelElement="div"
      required
      error={props.error}
      errorProps={{ id: `${id}-error` }}
    >
      <fieldset
        style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
        aria-labelledby={`${id}-label`}
        aria-describedby={props.error ? `${id}-error` : undefined}
        aria-invalid={props.error ? true : undefined}
      >
        <DatePicker
          size="lg"
          mt="xs"
          maxLevel="month"
          // No red weekends: the centre's own days are what matters, and Mantine's red fails contrast.
          weekendDays={[]}
          hideOutsideDates
          ariaLabels={CALENDAR_LABELS}
          minDate={props.firstDate}
          maxDate={props.lastDate}
          date={shown}
          onDateChange={(d) => {
            setShown(d);
            setNote(null);
          }}
          value={props.value}
          onChange={choose}
          getDayAriaLabel={(d) => {
            const label = dayjs(d).locale('de').format('D MMMM YYYY');
            return closed.has(d) ? `${label}, nicht buchbar` : label;
          }}
          getDayProps={(d) => {
            const reason = closed.get(d);
            if (!reason || d < props.firstDate || d > props.lastDate) return {};
            return {
              'aria-disabled': true,
              title: reason,
              'data-closed': true,
              style: {
                color: 'var(--mantine-color-dimmed)',
                textDecoration: 'line-through',
                cursor: 'not-allowed',
              },
            };
          }}
        />
      </fieldset>
      <Text size="sm" mt="xs" role="status" aria-live="polite">
        {note}
      </Text>
    </Input.Wrapper>
  );
}
