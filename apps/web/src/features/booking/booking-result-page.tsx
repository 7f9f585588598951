import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { BOOKING_MSG, MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { formatDateTime } from '../../ui/format';
import { BirthdayPicker } from '../customers/birthday-picker';
import { BookingShell, centreAddress } from './booking-shell';
import { downloadResultPdf, useOpenTestResult } from './use-booking';

/**
 * The page of the result link in the mail: the birthday first, then the
 * result with the centre's data and the printable certificate.
 */
export default function BookingResultPage() {
  const { token = '' } = useParams();
  const open = useOpenTestResult(token);
  const [birthday, setBirthday] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const result = open.data;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!birthday) {
      setError(BOOKING_MSG.birthdayRequired);
      return;
    }
    try {
      await open.mutateAsync(birthday);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : MSG.genericError);
    }
  };

  return (
    <BookingShell centre={result?.centre}>
      <Title order={1} size="h2">
        {BOOKING_MSG.resultTitle}
      </Title>
      {!result ? (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{BOOKING_MSG.resultIntro}</Text>
            {error && (
              <Alert color="red" role="alert" title={MSG.errorTitlePlain}>
                {error}
              </Alert>
            )}
            <BirthdayPicker required value={birthday} onChange={setBirthday} />
            <Button type="submit" loading={open.isPending}>
              {BOOKING_MSG.resultShow}
            </Button>
          </Stack>
        </form>
      ) : (
        <Stack>
          <Paper withBorder p="md" role="status">
            <Text size="lg">
              Ergebnis:{' '}
              <strong>{result.result === 'positive' ? BOOKING_MSG.resultPositive : BOOKING_MSG.resultNegative}</strong>
            </Text>
          </Paper>
          <Paper withBorder p="sm">
            <Stack gap={4}>
              <Text size="sm">
                <strong>Name:</strong> {result.first_name} {result.last_name}
              </Text>
              <Text size="sm">
                <strong>Geburtsdatum:</strong> {germanDate(result.birthday)}
              </Text>
              <Text size="sm">
                <strong>Test:</strong> {result.service_title}, {germanDate(result.date)} {result.time} Uhr
              </Text>
              <Text size="sm">
                <strong>Ergebnis vom:</strong> {formatDateTime(result.res_date)}
              </Text>
              <Text size="sm">
                <strong>Vorgangsnummer:</strong> {result.appointment_number}
              </Text>
              <Text size="sm">
                <strong>Zentrum:</strong> {[result.centre.full_name, centreAddress(result.centre)].join(', ')}
              </Text>
            </Stack>
          </Paper>
          <Button onClick={() => birthday && void downloadResultPdf(token, birthday)}>{BOOKING_MSG.resultPdf}</Button>
        </Stack>
      )}
    </BookingShell>
  );
}
