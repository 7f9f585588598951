import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A time field of at most five characters ('HH:MM'); the server checks the
 * format. Takes a form's input props (value, onChange, error, data-path).
 */
export function TimeField({ label, ...props }: Omit<TextInputProps, 'label'> & { label: string }) {
  return <TextInput aria-label={label} placeholder="HH:MM" maxLength={5} w={72} {...props} />;
}
