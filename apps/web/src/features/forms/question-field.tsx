import { Box, Button, Group, Image, Input, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { Question } from '@tz/shared/forms/forms.contract';
import { parseValidation } from '@tz/shared/rules/form-rules';
import { useState } from 'react';
import { GermanDateInput } from '../../ui/german-date-input';
import { SafeHtml } from './safe-html';
import { SignatureDialog } from './signature-dialog';

interface Props {
  question: Question;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  disabled?: boolean;
}

/** One question of the check-in form, by type. */
export function QuestionField({ question: q, value, onChange, errors, disabled }: Props) {
  const required = parseValidation(q.validation).required;
  const error = errors?.length ? errors.join(' ') : undefined;
  const common = {
    label: q.text,
    description: q.description ?? undefined,
    withAsterisk: required,
    error,
    disabled,
  };
  switch (q.type) {
    case 'html':
      return (
        <Box>
          <Text fw={700}>{q.text}</Text>
          {q.description && <SafeHtml html={q.description} />}
        </Box>
      );
    case 'input':
      return <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'text':
      return (
        <Textarea {...common} autosize minRows={3} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'number':
      return (
        <TextInput {...common} inputMode="decimal" value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'date':
      // The answer is the date, or the text as typed when it is none (the server refuses that one).
      return <GermanDateInput {...common} value={value} onChange={(v) => onChange(v ?? '')} />;
    case 'select':
      return (
        <NativeSelect
          {...common}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          data={[
            { value: '', label: 'Bitte wählen' },
            ...q.options.map((o) => ({ value: String(o.id), label: o.value })),
          ]}
        />
      );
    case 'boolean':
      return (
        <Radio.Group {...common} value={value} onChange={onChange}>
          <Group mt={6}>
            <Radio value="true" label="Ja" disabled={disabled} />
            <Radio value="false" label="Nein" disabled={disabled} />
          </Group>
        </Radio.Group>
      );
    case 'testv':
      return (
        <Radio.Group {...common} value={value} onChange={onChange}>
          <Stack mt={6} gap="xs">
            {q.options.map((o) => (
              <Radio key={o.id} value={String(o.id)} label={o.value} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'signature':
      return <SignatureField {...common} value={value} onChange={onChange} />;
  }
}

function SignatureField({
  label,
  description,
  withAsterisk,
  error,
  disabled,
  value,
  onChange,
}: {
  label: string;
  description?: string;
  withAsterisk: boolean;
  error?: string;
  disabled?: boolean;
  value: string;
  onChange: (v: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Input.Wrapper label={label} description={description} withAsterisk={withAsterisk} error={error}>
      <Stack gap="xs" mt={6} align="flex-start">
        {value && (
          <Image src={value} alt="Ihre Unterschrift" maw={320} bg="white" style={{ border: '1px solid #ced4da' }} />
        )}
        <Button variant={value ? 'default' : 'filled'} onClick={() => setOpen(true)} disabled={disabled}>
          {value ? 'Unterschrift ändern' : 'Unterschreiben'}
        </Button>
      </Stack>
      <SignatureDialog
        opened={open}
        title={label}
        onCancel={() => setOpen(false)}
        onSave={(dataUrl) => {
          onChange(dataUrl);
          setOpen(false);
        }}
      />
    </Input.Wrapper>
  );
}
