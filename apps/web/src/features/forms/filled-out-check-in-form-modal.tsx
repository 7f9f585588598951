import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '../../ui/format';
import { AnswersView } from './answers-view';
import { RouteModal, useBackToAppointments } from './route-modal';
import { useFormAnswers } from './use-forms';

/** Route filled-out-check-in-form: the answers read-only, failing preferred questions marked. */
export default function FilledOutCheckInFormModal() {
  const { CustomerAppointmentId = '' } = useParams();
  const answers = useFormAnswers(CustomerAppointmentId);
  const back = useBackToAppointments();
  const failed = !!answers.error || !CustomerAppointmentId;
  const leaving = useRef(false);

  // A form that fails to load sends the user back to the appointments.
  useEffect(() => {
    if (!failed || leaving.current) return;
    leaving.current = true;
    notifications.show({ color: 'red', title: MSG.errorTitle, message: MSG.answersLoadFailed });
    back();
  }, [failed, back]);

  const data = answers.data;
  return (
    <RouteModal
      title={data ? `${data.form.title}: ${data.user.first_name} ${data.user.last_name}` : 'Ausgefüllter Fragebogen'}
    >
      {answers.isLoading && <Loader aria-label="Antworten werden geladen" />}
      {data && (
        <Stack>
          <Group gap="lg">
            <Text size="sm">Geburtsdatum: {germanDate(data.user.birthday)}</Text>
            <Text size="sm">Ausgefüllt am {formatDateTime(data.submitted_at)}</Text>
          </Group>
          {data.failing_question_ids.length > 0 && (
            <Alert color="orange" title="Auffällige Antworten" styles={{ title: { color: '#a33600' } }}>
              {data.failing_question_ids.length === 1
                ? 'Eine Antwort weicht von der erwarteten ab. Bitte sprechen Sie die markierte Frage mit dem Kunden durch.'
                : `${data.failing_question_ids.length} Antworten weichen von den erwarteten ab. Bitte sprechen Sie die markierten Fragen mit dem Kunden durch.`}
            </Alert>
          )}
          <AnswersView questions={data.form.questions} answers={data.answers} failing={data.failing_question_ids} />
        </Stack>
      )}
    </RouteModal>
  );
}
