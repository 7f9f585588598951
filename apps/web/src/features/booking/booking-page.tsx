import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Input,
  Loader,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Booking, BookingPage as BookingPageData } from '@tz/shared/booking/booking.contract';
import { BOOKING_MSG, MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { to } from '../../routes';
import { formatEuro } from '../../ui/format';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { BirthdayPicker } from '../customers/birthday-picker';
import { BookingCalendar } from './booking-calendar';
import { BOOKING_LABELS as L } from './booking-field-labels';
import { BookingShell, centreAddress, centreColour, LegalLink, legalLinks, textOn } from './booking-shell';
import { useBookingPage, useBookingSlots, useCreateBooking } from './use-booking';

/** The public booking page of a centre: service, day, time, the customer's data, then the confirmation. */
export default function BookingPage() {
  const { search_name: searchName = '' } = useParams();
  const page = useBookingPage(searchName);
  const [booked, setBooked] = useState<(Booking & { token: string }) | null>(null);

  if (page.isLoading) {
    return (
      <BookingShell>
        <Loader aria-label="Buchungsseite wird geladen" />
      </BookingShell>
    );
  }
  if (!page.data) {
    return (
      <BookingShell>
        <Alert color="red" role="alert" title={MSG.errorTitlePlain}>
          {page.error instanceof ApiError ? page.error.message : BOOKING_MSG.centreNotFound}
        </Alert>
      </BookingShell>
    );
  }
  const data = page.data;
  return (
    <BookingShell centre={data.centre}>
      {booked ? (
        <Confirmation booking={booked} />
      ) : !data.open ? (
        <Alert color="gray" role="status" title={BOOKING_MSG.closedTitle}>
          {BOOKING_MSG.closed}
        </Alert>
      ) : data.services.length === 0 ? (
        <Alert color="gray" role="status">
          {BOOKING_MSG.noServices}
        </Alert>
      ) : (
        <BookingForm searchName={searchName} page={data} onBooked={setBooked} />
      )}
    </BookingShell>
  );
}

interface Values {
  service_id: string | null;
  date: string | null;
  time: string | null;
  first_name: string;
  last_name: string;
  birthday: string | null;
  email: string;
  phone: string;
  street: string;
  postcode: string;
  city: string;
  passport: string;
  consent_privacy: boolean;
  consent_result: boolean;
  website: string;
}

const required = (message: string) => (v: string) => (v.trim() ? null : message);

function BookingForm(props: {
  searchName: string;
  page: BookingPageData;
  onBooked: (b: Booking & { token: string }) => void;
}) {
  const { page } = props;
  const form = useForm<Values>({
    initialValues: {
      service_id: page.services.length === 1 ? String(page.services[0]!.id) : null,
      date: null,
      time: null,
      first_name: '',
      last_name: '',
      birthday: null,
      email: '',
      phone: '',
      street: '',
      postcode: '',
      city: '',
      passport: '',
      consent_privacy: false,
      consent_result: false,
      website: '',
    },
    validate: {
      service_id: (v) => (v ? null : MSG.chooseProduct),
      date: (v) => (v ? null : MSG.appointmentDateInvalid),
      time: (v) => (v ? null : BOOKING_MSG.chooseSlot),
      first_name: required(MSG.firstNameRequired),
      last_name: required(MSG.lastNameRequired),
      birthday: (v) => (v ? null : BOOKING_MSG.birthdayRequired),
      email: (v) =>
        !v.trim() ? BOOKING_MSG.emailRequired : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : MSG.emailInvalid,
      phone: required(BOOKING_MSG.phoneRequired),
      street: required(BOOKING_MSG.streetRequired),
      postcode: (v) => (/^\d{5}$/.test(v.trim()) ? null : MSG.postcodeInvalid),
      city: required(BOOKING_MSG.cityRequired),
      consent_privacy: (v) => (v ? null : BOOKING_MSG.consentRequired),
    },
  });
  const serviceId = form.values.service_id ? Number(form.values.service_id) : null;
  const slots = useBookingSlots(props.searchName, serviceId, form.values.date);
  const create = useCreateBooking(props.searchName);
  const [error, setError] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const accent = centreColour(page.centre.color1);

  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      const booked = await create.mutateAsync({
        service_id: Number(v.service_id),
        date: v.date!,
        time: v.time!,
        first_name: v.first_name.trim(),
        last_name: v.last_name.trim(),
        birthday: v.birthday!,
        email: v.email.trim(),
        phone: v.phone.trim(),
        street: v.street.trim(),
        postcode: v.postcode.trim(),
        city: v.city.trim(),
        passport: v.passport.trim() || null,
        consent_privacy: v.consent_privacy as true,
        consent_result: v.consent_result,
        website: v.website,
      });
      props.onBooked(booked);
      window.scrollTo({ top: 0 });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'SLOT_TAKEN') {
        // Someone was quicker: the fresh slots without the taken one, and the time to choose again.
        form.setFieldValue('time', null);
        await slots.refetch();
      }
      setError(applyServerErrors(form, e, labelsOf(L)).text);
      top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  });

  const chooseDay = (date: string | null) => {
    form.setFieldValue('date', date);
    form.setFieldValue('time', null);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <div ref={top} />
        <Title order={2} size="h3">
          {BOOKING_MSG.pageTitle}
        </Title>
        {error && (
          <Alert color="red" role="alert" title={MSG.errorTitlePlain}>
            {error}
          </Alert>
        )}

        <Text size="sm">{BOOKING_MSG.requiredHint}</Text>

        <Radio.Group
          label={L.service_id}
          required
          {...form.getInputProps('service_id')}
          onChange={(v) => {
            form.setFieldValue('service_id', v);
            form.setFieldValue('time', null);
          }}
        >
          <Stack gap="xs" mt="xs">
            {/* The whole card is the target (issue 26), not only the round button. */}
            {page.services.map((s) => (
              <Radio.Card
                key={s.id}
                value={String(s.id)}
                p="sm"
                radius="md"
                aria-invalid={form.errors.service_id ? true : undefined}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Text fw={500}>{s.title}</Text>
                    <Text size="sm" c="dimmed">
                      {s.duration} Minuten · {s.price_txt || formatEuro(s.price)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>

        <BookingCalendar
          searchName={props.searchName}
          label={L.date}
          firstDate={page.first_date}
          lastDate={page.last_date}
          value={form.values.date}
          onChange={chooseDay}
          error={form.errors.date}
        />

        {serviceId !== null && form.values.date && (
          <Input.Wrapper label={L.time} required error={form.errors.time} id="booking-time">
            {slots.isLoading ? (
              <Loader size="sm" aria-label="Freie Zeiten werden geladen" />
            ) : slots.error ? (
              <Text size="sm" c="red.9" role="alert">
                {slots.error instanceof ApiError ? slots.error.message : MSG.genericError}
              </Text>
            ) : (slots.data?.slots.length ?? 0) === 0 ? (
              <Text size="sm">{BOOKING_MSG.noSlots}</Text>
            ) : (
              <SimpleGrid
                cols={{ base: 3, xs: 4 }}
                spacing="xs"
                mt="xs"
                role="group"
                aria-label={L.time}
                aria-describedby={form.errors.time ? 'booking-time-error' : undefined}
              >
                {slots.data!.slots.map((s) => {
                  const chosen = form.values.time === s.time;
                  return (
                    <Button
                      key={s.time}
                      variant={chosen ? 'filled' : 'default'}
                      color={chosen ? accent : undefined}
                      c={chosen && accent ? textOn(accent) : undefined}
                      aria-pressed={chosen}
                      onClick={() => form.setFieldValue('time', s.time)}
                    >
                      {s.time}
                    </Button>
                  );
                })}
              </SimpleGrid>
            )}
          </Input.Wrapper>
        )}

        {form.values.time && (
          <Paper withBorder p="sm" role="status">
            <Text size="sm">
              {germanDate(form.values.date)} um {form.values.time} Uhr
            </Text>
          </Paper>
        )}

        <Stack gap="sm">
          <Title order={2} size="h4">
            {BOOKING_MSG.formTitle}
          </Title>
          <TextInput label={L.first_name} required autoComplete="given-name" {...form.getInputProps('first_name')} />
          <TextInput label={L.last_name} required autoComplete="family-name" {...form.getInputProps('last_name')} />
          <BirthdayPicker
            required
            value={form.values.birthday}
            onChange={(v) => form.setFieldValue('birthday', v)}
            error={form.errors.birthday}
          />
          <TextInput label={L.email} required type="email" autoComplete="email" {...form.getInputProps('email')} />
          <TextInput label={L.phone} required type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
          <TextInput label={L.street} required autoComplete="street-address" {...form.getInputProps('street')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={L.postcode}
              required
              inputMode="numeric"
              autoComplete="postal-code"
              {...form.getInputProps('postcode')}
            />
            <TextInput label={L.city} required autoComplete="address-level2" {...form.getInputProps('city')} />
          </SimpleGrid>
          <TextInput label={L.passport} {...form.getInputProps('passport')} />
          {/* Honeypot: people never see this field; a program that fills every field gets refused. */}
          <Box aria-hidden style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
            <label>
              Website
              <input tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
            </label>
          </Box>
          <Checkbox
            required
            label={
              <>
                {BOOKING_MSG.consentPrivacy}
                {/* The same marker as Mantine's required fields. */}
                <Box component="span" c="var(--mantine-color-error)" aria-hidden>
                  {' *'}
                </Box>
              </>
            }
            {...form.getInputProps('consent_privacy', { type: 'checkbox' })}
          />
          <LegalLink href={legalLinks(page.centre).privacy}>{BOOKING_MSG.privacyRead}</LegalLink>
          <Checkbox label={BOOKING_MSG.consentResult} {...form.getInputProps('consent_result', { type: 'checkbox' })} />
        </Stack>

        <Button type="submit" size="md" color={accent} c={accent && textOn(accent)} loading={create.isPending}>
          {BOOKING_MSG.submit}
        </Button>
      </Stack>
    </form>
  );
}

/** After the booking: what, when, where, and the ways on (questionnaire, cancel). */
export function BookingDetails({ booking }: { booking: Booking }) {
  return (
    <Paper withBorder p="sm">
      <Stack gap={4}>
        <Text size="sm">
          <strong>Dienstleistung:</strong> {booking.service_title}
        </Text>
        <Text size="sm">
          <strong>Datum:</strong> {germanDate(booking.date)}
        </Text>
        <Text size="sm">
          <strong>Uhrzeit:</strong> {booking.time} Uhr
        </Text>
        <Text size="sm">
          <strong>Ort:</strong> {[booking.centre.full_name, centreAddress(booking.centre)].filter(Boolean).join(', ')}
        </Text>
        <Text size="sm">
          <strong>Name:</strong> {booking.first_name} {booking.last_name}
        </Text>
        <Text size="sm">
          <strong>Vorgangsnummer:</strong> {booking.appointment_number}
        </Text>
      </Stack>
    </Paper>
  );
}

function Confirmation({ booking }: { booking: Booking & { token: string } }) {
  return (
    <Stack>
      <Alert color="green" role="status" title={BOOKING_MSG.booked}>
        {BOOKING_MSG.mailSent}
      </Alert>
      <BookingDetails booking={booking} />
      {booking.form_path && (
        <Button component="a" href={booking.form_path}>
          {BOOKING_MSG.questionnaire}
        </Button>
      )}
      <Button component={Link} to={to('bookingCancel', { token: booking.token })} variant="default">
        {BOOKING_MSG.cancelLink}
      </Button>
    </Stack>
  );
}
