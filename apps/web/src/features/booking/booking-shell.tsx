import { Anchor, Box, Container, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { PublicCentre } from '@tz/shared/booking/booking.contract';
import { BOOKING_MSG } from '@tz/shared/messages';
import type { ReactNode } from 'react';
import { useHost } from '../../layout/use-host';
import { to } from '../../routes';
import './booking-touch.css';

const COLOUR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;
/** A centre colour from the settings, only if it is a plain hex colour. */
export const centreColour = (c: string | null | undefined) => (c && COLOUR.test(c) ? c : undefined);

/** WCAG relative luminance of a hex colour. */
function luminance(hex: string) {
  const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Black or white, whichever reads better on the centre's colour: the better
 * of the two always reaches a contrast of at least 4.58:1 (WCAG AA), which
 * Mantine's autoContrast (a fixed threshold) does not promise.
 */
export const textOn = (hex: string) => {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000' : '#fff';
};

/** A settings value as a link only when it is a web address (never javascript: or the like). */
export const webLink = (v: string | null | undefined) =>
  v && /^https?:\/\/\S+$/i.test(v.trim()) ? v.trim() : undefined;

/**
 * Where the centre's imprint and privacy statement are read: its own page
 * when the setting is a web address, else the page generated from its legal
 * settings. Both open in a new tab, so a half-filled booking form stays.
 */
export function legalLinks(centre: PublicCentre) {
  const own = (v: string | null) => webLink(v);
  const generated = (name: 'bookingImprint' | 'bookingPrivacy') =>
    centre.search_name ? to(name, { search_name: centre.search_name }) : undefined;
  return {
    imprint: own(centre.impressum_link) ?? generated('bookingImprint'),
    privacy: own(centre.prof_dataprotect) ?? generated('bookingPrivacy'),
  };
}

/** A link to a legal page: in a new tab, since it leaves the booking form. */
export function LegalLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  if (!href) return null;
  return (
    <Anchor size="sm" href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Anchor>
  );
}

/** 'Marktplatz 3, 12345 Musterstadt' */
export const centreAddress = (c: PublicCentre) =>
  [[c.tz_street, c.tz_street_number].filter(Boolean).join(' '), [c.tz_zip, c.tz_city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

/**
 * The frame of the public booking screens, phone first: the centre's name,
 * address and contact under a bar in its first colour, the content, and the
 * centre's imprint and privacy statement (always: its own pages or the
 * generated ones) with the host's brand below. On touch screens every target
 * is at least 44 × 44 px (booking-touch.css).
 */
export function BookingShell({ centre, children }: { centre?: PublicCentre; children: ReactNode }) {
  const host = useHost();
  const accent = centreColour(centre?.color1);
  return (
    <Box
      mih="100vh"
      className="booking-touch"
      style={{ borderTop: `6px solid ${accent ?? 'var(--mantine-primary-color-filled)'}` }}
    >
      <Container size="xs" component="main" py="md" px="sm">
        <Stack gap="md">
          {centre && (
            <Stack gap={2} component="header">
              <Title order={1} size="h2">
                {centre.full_name}
              </Title>
              {centreAddress(centre) && <Text size="sm">{centreAddress(centre)}</Text>}
              <Group gap="md">
                {centre.phone && (
                  <Anchor size="sm" href={`tel:${centre.phone.replace(/[^+\d]/g, '')}`}>
                    {centre.phone}
                  </Anchor>
                )}
                {centre.email && (
                  <Anchor size="sm" href={`mailto:${centre.email}`}>
                    {centre.email}
                  </Anchor>
                )}
              </Group>
            </Stack>
          )}
          {children}
          <Group component="footer" justify="space-between" gap="xs" pt="lg">
            {centre && (
              <Group gap="md">
                <LegalLink href={legalLinks(centre).imprint}>{BOOKING_MSG.imprint}</LegalLink>
                <LegalLink href={legalLinks(centre).privacy}>{BOOKING_MSG.dataProtection}</LegalLink>
              </Group>
            )}
            {host.data && (
              <Group gap={6}>
                <Image src={host.data.logo_url ?? '/logo.svg'} alt="" w={20} h={20} />
                <Text size="xs">{host.data.brand}</Text>
              </Group>
            )}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
