import { Alert, Title } from '@mantine/core';
import { MSG } from '@tz/shared/messages';

/** Shown for screens that a later issue builds; never a fake screen. */
export default function NotAvailablePage() {
  return (
    <>
      <Title order={1} size="h2" mb="md">
        {MSG.notAvailableYet}
      </Title>
      <Alert color="gray">Dieser Bereich wird in einer der nächsten Versionen freigeschaltet.</Alert>
    </>
  );
}
