import { DatePicker, PickerInputBase } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import type { ReachedProps } from '../../ui/deferred';
import { type RangePickerProps, useFormattedRange } from './range-picker-input';

/**
 * Mantine's DatePickerInput (type 'range') with the same field, drawn when the field is first
 * clicked (range-picker-input.tsx): already open. Like DatePickerInput: a range with only its
 * start picked is cleared when the picker closes; the picker closes when both days are picked.
 */
export function RangePicker({
  id,
  value,
  onChange,
  valueFormat,
  ariaLabels,
  allowSingleDateInRange,
  miw,
  reachedBy,
}: RangePickerProps & ReachedProps) {
  const [opened, handlers] = useDisclosure(reachedBy === 'open');
  const setValue = (v: RangePickerProps['value']) => {
    if (v[0] && v[1]) handlers.close();
    onChange(v);
  };
  return (
    <PickerInputBase
      id={id}
      miw={miw}
      type="range"
      value={value}
      formattedValue={useFormattedRange(value, valueFormat)}
      dropdownOpened={opened}
      dropdownHandlers={handlers}
      dropdownType="popover"
      onClear={() => setValue([null, null])}
      shouldClear={!!value[0]}
      __staticSelector="DatePickerInput"
    >
      <DatePicker
        type="range"
        allowSingleDateInRange={allowSingleDateInRange}
        value={value}
        defaultDate={value[0] ?? undefined}
        onChange={setValue}
        ariaLabels={ariaLabels}
        __staticSelector="DatePickerInput"
        __stopPropagation
      />
    </PickerInputBase>
  );
}
