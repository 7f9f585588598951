import { type DatePicker, type DatePickerProps, PickerInputBase, useDatesContext } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import dayjs from 'dayjs';
import { showErrorDialog } from '../../ui/error-dialog';

type Range = [string | null, string | null];

/** The calendar, once loaded: it stays loaded for every later opening. */
let Calendar: typeof DatePicker | null = null;
const loadCalendar = () =>
  import('../../ui/date-picker').then((m) => {
    Calendar = m.DatePicker;
  });

/**
 * Mantine's DatePickerInput (type 'range') with the same field, but its calendar (~11 kB gzip)
 * is loaded when the picker first opens, not with the list (issue 28). The load starts when the
 * pointer or the focus reaches the field; a click before it arrived opens the picker once it has,
 * so nothing shows half-drawn and no click is lost. Like DatePickerInput: a range with only its
 * start picked is cleared when the picker closes; the picker closes when both days are picked.
 */
export function RangePickerInput({
  id,
  value,
  onChange,
  valueFormat,
  ariaLabels,
  allowSingleDateInRange,
  miw,
}: {
  id: string;
  value: Range;
  onChange: (value: Range) => void;
  valueFormat: string;
  ariaLabels: DatePickerProps['ariaLabels'];
  allowSingleDateInRange?: boolean;
  miw?: number;
}) {
  const ctx = useDatesContext();
  const [opened, handlers] = useDisclosure(false);
  const preload = () => void loadCalendar().catch(() => {});
  // Opening waits for the calendar; closing never does.
  const dropdownHandlers = {
    open: () => {
      // The render that opens the dropdown draws the calendar, loaded by then.
      loadCalendar().then(handlers.open, showErrorDialog);
    },
    close: handlers.close,
    toggle: () => (opened ? handlers.close() : dropdownHandlers.open()),
    set: (open: boolean) => (open ? dropdownHandlers.open() : handlers.close()),
  };
  const format = (d: string) => dayjs(d).locale(ctx.getLocale()).format(valueFormat);
  const separator = ctx.getLabelSeparator();
  const formattedValue = value[0] ? `${format(value[0])} ${separator} ${value[1] ? format(value[1]) : ''}` : '';
  const setValue = (v: Range) => {
    if (v[0] && v[1]) handlers.close();
    onChange(v);
  };
  return (
    <PickerInputBase
      id={id}
      miw={miw}
      type="range"
      value={value}
      formattedValue={formattedValue}
      dropdownOpened={opened}
      dropdownHandlers={dropdownHandlers}
      dropdownType="popover"
      onClear={() => setValue([null, null])}
      shouldClear={!!value[0]}
      onPointerEnter={preload}
      onFocus={preload}
      __staticSelector="DatePickerInput"
    >
      {Calendar && (
        <Calendar
          type="range"
          allowSingleDateInRange={allowSingleDateInRange}
          value={value}
          defaultDate={value[0] ?? undefined}
          onChange={setValue}
          ariaLabels={ariaLabels}
          __staticSelector="DatePickerInput"
          __stopPropagation
        />
      )}
    </PickerInputBase>
  );
}
