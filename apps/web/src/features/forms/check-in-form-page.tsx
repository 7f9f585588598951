import { Alert, Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { CheckInForm } from '@tz/shared/forms/forms.contract';
import { MSG } from '@tz/shared/messages';
import { visibleQuestions } from '@tz/shared/rules/form-rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { AnswersView } from './answers-view';
import { personFields } from './person-fields';
import { QuestionField } from './question-field';
import { useCheckInForm, useSubmitCheckInForm } from './use-forms';

/** The public check-in questionnaire, opened from the QR link (no login, phone first). */
export default function CheckInFormPage() {
  const { formID = '', token = '' } = useParams();
  const form = useCheckInForm(formID, token);
  return (
    <Container size="sm" component="main" py="md" px="sm">
      {form.isLoading && <Loader aria-label="Formular wird geladen" />}
      {form.error && (
        <Alert color="red" role="alert" title={MSG.errorTitlePlain}>
          {MSG.formLoadFailed}
        </Alert>
      )}
      {form.data && <FilledOrOpen form={form.data} formID={formID} />}
    </Container>
  );
}

/** Whom the customer answers: the centre's name and how to reach it. */
function Centre({ centre }: { centre: CheckInForm['centre'] }) {
  return (
    <Stack gap={2} component="section" aria-label="Testzentrum">
      <Text fw={700}>{centre.full_name}</Text>
      {centre.address && <Text size="sm">{centre.address}</Text>}
      {(centre.phone || centre.email) && (
        <Group gap="md">
          {centre.phone && (
            <Text size="sm">
              Telefon: <Anchor href={`tel:${centre.phone.replace(/[^\d+]/g, '')}`}>{centre.phone}</Anchor>
            </Text>
          )}
          {centre.email && (
            <Text size="sm">
              E-Mail: <Anchor href={`mailto:${centre.email}`}>{centre.email}</Anchor>
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

function Person({ form }: { form: CheckInForm }) {
  return (
    <Paper withBorder p="sm">
      <Group gap="lg">
        {personFields(form.user).map(([label, value]) => (
          <Text size="sm" key={label}>
            <strong>{label}:</strong> {value}
          </Text>
        ))}
      </Group>
    </Paper>
  );
}

/** The browser tab names the questionnaire and the centre; the app's title comes back on leaving. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

function FilledOrOpen({ form, formID }: { form: CheckInForm; formID: string }) {
  useDocumentTitle(`${form.title} – ${form.centre.full_name}`);
  return (
    <Stack>
      <Centre centre={form.centre} />
      <Title order={1} size="h2">
        {form.title}
      </Title>
      <Person form={form} />
      {form.filled ? (
        <>
          <Alert color="green" role="status">
            {MSG.formFilled}
          </Alert>
          <AnswersView questions={form.questions} answers={form.answers} />
        </>
      ) : (
        <OpenForm form={form} formID={formID} />
      )}
    </Stack>
  );
}

function OpenForm({ form, formID }: { form: CheckInForm; formID: string }) {
  const submit = useSubmitCheckInForm(formID);
  const [values, setValues] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [banner, setBanner] = useState<{ title: string; text: string } | null>(null);
  const [done, setDone] = useState(false);
  const top = useRef<HTMLDivElement>(null);

  const map = new Map(Object.entries(values).map(([k, v]) => [Number(k), v]));
  const shown = visibleQuestions(form.questions, map);
  const followUps = new Set(form.questions.flatMap((q) => q.extended_questions.map((f) => f.id)));

  const change = (id: number, v: string) => {
    setValues((s) => ({ ...s, [id]: v }));
    setErrors((e) => {
      if (!e[id]) return e;
      const { [id]: _, ...rest } = e;
      return rest;
    });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    const answers = shown
      .filter((q) => q.type !== 'html' && (values[q.id] ?? '') !== '')
      .map((q) => ({ questionID: q.id, answer: values[q.id]!, extended: followUps.has(q.id) }));
    try {
      await submit.mutateAsync({ jwt: form.token, answers });
      setErrors({});
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'questions') {
        const details = err.details as { questions?: Record<string, string[]> } | undefined;
        setErrors(details?.questions ?? {});
        setBanner({ title: MSG.validationTitle, text: MSG.fixMarkedErrors });
      } else {
        setBanner({ title: MSG.errorTitlePlain, text: err instanceof Error ? err.message : MSG.genericError });
      }
    }
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <div ref={top} />
        {banner && (
          <Alert color="red" role="alert" title={banner.title}>
            {banner.text}
          </Alert>
        )}
        {done && (
          <Alert color="green" role="status">
            {MSG.formFilled}
          </Alert>
        )}
        {shown.map((q) => (
          <QuestionField
            key={q.id}
            question={q}
            value={values[q.id] ?? ''}
            onChange={(v) => change(q.id, v)}
            errors={errors[String(q.id)]}
            disabled={done}
          />
        ))}
        <Button type="submit" size="md" loading={submit.isPending} disabled={done}>
          {done ? MSG.questionsAnswered : 'Absenden'}
        </Button>
      </Stack>
    </form>
  );
}
