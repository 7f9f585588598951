import { Input } from '@mantine/core';
import { type DatePickerProps, useDatesContext } from '@mantine/dates';
import dayjs from 'dayjs';
import { deferred, type StandInProps } from '../../ui/deferred';

type Range = [string | null, string | null];

export interface RangePickerProps {
  id: string;
  value: Range;
  onChange: (value: Range) => void;
  valueFormat: string;
  ariaLabels: DatePickerProps['ariaLabels'];
  allowSingleDateInRange?: boolean;
  miw?: number;
}

/** The range as the field shows it: '01.12.2026 – 07.12.2026', the start alone while the end is open. */
export function useFormattedRange(value: Range, valueFormat: string) {
  const ctx = useDatesContext();
  const format = (d: string) => dayjs(d).locale(ctx.getLocale()).format(valueFormat);
  return value[0] ? `${format(value[0])} ${ctx.getLabelSeparator()} ${value[1] ? format(value[1]) : ''}` : '';
}

/**
 * The picker's field as it looks closed (the same button with the range). Pointing at or focusing
 * it fetches the picker's code; a click (Enter, Space) draws the picker in its place, open.
 */
function RangeStandIn({ reach, preload, ...props }: RangePickerProps & StandInProps) {
  return (
    <Input.Wrapper id={props.id}>
      <Input
        component="button"
        type="button"
        id={props.id}
        miw={props.miw}
        multiline
        style={{ cursor: 'pointer', lineHeight: 'unset' }}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => reach('open')}
      >
        {useFormattedRange(props.value, props.valueFormat)}
      </Input>
    </Input.Wrapper>
  );
}

/**
 * Mantine's DatePickerInput (type 'range') whose popover and calendar (range-picker.tsx, with
 * floating-ui) load when the field is first clicked, not with the list (issue 28).
 */
export const RangePickerInput = deferred(() => import('./range-picker').then((m) => m.RangePicker), RangeStandIn);
