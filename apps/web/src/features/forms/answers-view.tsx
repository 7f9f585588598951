import { Badge, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { ExistingAnswer, Question } from '@tz/shared/forms/forms.contract';
import { visibleQuestions } from '@tz/shared/rules/form-rules';
import { displayAnswer } from './answer-display';

/**
 * Existing answers as a read-only form. Questions listed in `failing`
 * (answer differs from the preferred one) are marked.
 */
export function AnswersView({
  questions,
  answers,
  failing = [],
}: {
  questions: Question[];
  answers: ExistingAnswer[];
  failing?: number[];
}) {
  const values = new Map(answers.map((a) => [a.question_id, a.value]));
  const shown = visibleQuestions(questions, values).filter((q) => q.type !== 'html');
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {shown.map((q) => {
        const isFailing = failing.includes(q.id);
        const value = values.get(q.id);
        return (
          <Paper
            key={q.id}
            component="li"
            withBorder
            p="sm"
            style={isFailing ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : undefined}
            data-failing={isFailing || undefined}
            aria-label={q.text}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text fw={600} size="sm">
                {q.text}
              </Text>
              {isFailing && (
                <Badge color="#c92a2a" variant="filled" style={{ flexShrink: 0 }}>
                  Abweichende Antwort
                </Badge>
              )}
            </Group>
            {q.type === 'signature' && value ? (
              <Image src={value} alt="Unterschrift" maw={320} mt={4} bg="white" />
            ) : (
              <Text size="sm" mt={4} fs={value ? undefined : 'italic'}>
                {displayAnswer(q, value)}
              </Text>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
