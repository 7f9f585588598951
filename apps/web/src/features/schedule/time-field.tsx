import { TextInput } from '@mantine/core';

/** A time field of at most five characters ('HH:MM'); the server checks the format. */
export function TimeField(props: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <TextInput
      aria-label={props.label}
      placeholder="HH:MM"
      maxLength={5}
      w={80}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}
