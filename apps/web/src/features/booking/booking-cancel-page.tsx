import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { BOOKING_MSG, MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { BookingDetails } from './booking-page';
import { BookingShell } from './booking-shell';
import { useBooking, useCancelBooking } from './use-booking';

/** The page of the cancel link in the confirmation mail: the booking, and cancelling it until it starts. */
export default function BookingCancelPage() {
  const { token = '' } = useParams();
  const booking = useBooking(token);
  const cancel = useCancelBooking(token);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = cancel.data ?? booking.data;

  const confirm = async () => {
    setError(null);
    try {
      await cancel.mutateAsync();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : MSG.genericError);
    } finally {
      setAsking(false);
    }
  };

  return (
    <BookingShell centre={data?.centre}>
      {booking.isLoading && <Loader aria-label="Buchung wird geladen" />}
      {booking.error && (
        <Alert color="red" role="alert" title={MSG.errorTitlePlain}>
          {booking.error instanceof ApiError ? booking.error.message : BOOKING_MSG.notFound}
        </Alert>
      )}
      {data && (
        <Stack>
          <Title order={2} size="h3">
            Ihre Buchung
          </Title>
          {error && (
            <Alert color="red" role="alert" title={MSG.errorTitlePlain}>
              {error}
            </Alert>
          )}
          {data.status === 'cancelled' && (
            <Alert color="green" role="status">
              {BOOKING_MSG.cancelled}
            </Alert>
          )}
          <BookingDetails booking={data} />
          {data.status === 'approved' && data.form_path && (
            <Button component="a" href={data.form_path} variant="default">
              {BOOKING_MSG.questionnaire}
            </Button>
          )}
          {data.status === 'approved' && !data.cancellable && <Text size="sm">{BOOKING_MSG.notCancellable}</Text>}
          {data.cancellable &&
            (asking ? (
              <Paper withBorder p="sm" role="group" aria-label={BOOKING_MSG.cancelLink}>
                <Stack gap="sm">
                  <Text size="sm">{BOOKING_MSG.cancelConfirm}</Text>
                  <Group>
                    <Button color="red" onClick={confirm} loading={cancel.isPending}>
                      Ja, stornieren
                    </Button>
                    <Button variant="default" onClick={() => setAsking(false)}>
                      Nein
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ) : (
              <Button color="red" variant="outline" onClick={() => setAsking(true)}>
                {BOOKING_MSG.cancelLink}
              </Button>
            ))}
        </Stack>
      )}
    </BookingShell>
  );
}
