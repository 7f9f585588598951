import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { BOOKING_MSG, MSG } from '@tz/shared/messages';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { to } from '../../routes';
import { BookingShell, webLink } from './booking-shell';
import { imprintSections, privacySections } from './legal-statements';
import { useBookingLegal } from './use-booking';

const PAGES = {
  imprint: { title: BOOKING_MSG.imprint, sections: imprintSections, own: 'impressum_link' },
  privacy: { title: BOOKING_MSG.privacyTitle, sections: privacySections, own: 'prof_dataprotect' },
} as const;

/**
 * A centre's imprint or privacy statement, generated from its settings (issue
 * 26): the booking page links here when the centre has no page of its own.
 * When it has one, this page points there.
 */
export function BookingLegalPage({ kind }: { kind: keyof typeof PAGES }) {
  const { search_name: searchName = '' } = useParams();
  const legal = useBookingLegal(searchName);
  const page = PAGES[kind];
  const data = legal.data;
  useEffect(() => {
    if (!data) return;
    const before = document.title;
    document.title = `${page.title} – ${data.centre.full_name}`;
    return () => {
      document.title = before;
    };
  }, [data, page.title]);

  if (legal.isLoading) {
    return (
      <BookingShell>
        <Loader aria-label="Seite wird geladen" />
      </BookingShell>
    );
  }
  if (!data) {
    return (
      <BookingShell>
        <Alert color="red" role="alert" title={MSG.errorTitlePlain}>
          {legal.error instanceof ApiError ? legal.error.message : BOOKING_MSG.centreNotFound}
        </Alert>
      </BookingShell>
    );
  }
  const own = webLink(data.centre[page.own]);
  return (
    <BookingShell centre={data.centre}>
      <Stack gap="md">
        <Title order={2}>{page.title}</Title>
        {own && (
          <Text>
            {BOOKING_MSG.ownLegalPage}{' '}
            <Anchor href={own} target="_blank" rel="noopener noreferrer">
              {own}
            </Anchor>
          </Text>
        )}
        {page.sections(data).map((s) => (
          <Stack key={s.title} gap={4} component="section">
            <Title order={3} size="h4">
              {s.title}
            </Title>
            {s.paragraphs.map((p) => (
              <Text key={p} size="sm" style={{ whiteSpace: 'pre-line' }}>
                {p}
              </Text>
            ))}
          </Stack>
        ))}
        <Anchor component={Link} to={to('booking', { search_name: searchName })}>
          {BOOKING_MSG.toBooking}
        </Anchor>
      </Stack>
    </BookingShell>
  );
}
