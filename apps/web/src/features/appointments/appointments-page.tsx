import { ActionIcon, Affix, Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { ROLE, VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { mayOpen } from '../../route-access';
import { to } from '../../routes';
import { showErrorDialog } from '../../ui/error-dialog';
import { AppointmentFilters, type FilterState, filtersToQuery, INITIAL_FILTERS } from './appointment-filters';
import { shouldLoadMore } from './appointment-pages';
import { type DayRange, matchingPreset, PRESET_LABELS, PRESETS, presetRange, rangeToUnix } from './appointment-range';
import { AppointmentRow, type RowContext } from './appointment-row';
import { ResultDialog } from './result-dialog';
import {
  downloadAppointmentsCsv,
  useAppointmentCount,
  useAppointmentOptions,
  useAppointments,
  usePaymentClassifications,
} from './use-appointments';

/** Mantine's yellow/red alert titles miss WCAG AA contrast on their light background. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

const CALENDAR_LABELS = {
  nextMonth: 'Nächster Monat',
  previousMonth: 'Vorheriger Monat',
  nextYear: 'Nächstes Jahr',
  previousYear: 'Vorheriges Jahr',
  nextDecade: 'Nächstes Jahrzehnt',
  previousDecade: 'Vorheriges Jahrzehnt',
  monthLevelControl: 'Monat wählen',
  yearLevelControl: 'Jahr wählen',
};

export default function AppointmentsPage() {
  const auth = useAuth();
  const staffId = auth.staffId;
  const [range, setRangeState] = useState<DayRange>(() => presetRange('fromNow'));
  // The picker holds a half-chosen range (start picked, end not yet) until both days are set.
  const [picked, setPicked] = useState<[string | null, string | null]>([range.from, range.to]);
  const setRange = (r: DayRange) => {
    setRangeState(r);
    setPicked([r.from, r.to]);
  };
  const [filters, setFilters] = useState<FilterState>(INITIAL_FILTERS);
  const [resultFor, setResultFor] = useState<Appointment | null>(null);
  const options = useAppointmentOptions(staffId);
  const classifications = usePaymentClassifications(staffId);
  const vaccinationCentre = options.data?.centre_type === VACCINATION_CENTRE_TYPE;
  const body = useMemo(
    () => ({ ...rangeToUnix(range), ...filtersToQuery(filters, vaccinationCentre) }),
    [range, filters, vaccinationCentre],
  );
  const list = useAppointments(staffId, body);
  const rows = useMemo(() => list.data?.pages.flat() ?? [], [list.data]);
  const showCount = auth.role_id <= ROLE.manager;
  const count = useAppointmentCount(staffId, body, showCount);
  const reload = () => {
    void list.refetch();
    // refetch() would run even a disabled query: only roles that see the total ask for it.
    if (showCount) void count.refetch();
  };
  const preset = matchingPreset(range);
  const [downloading, setDownloading] = useState(false);

  const exportCsv = async () => {
    setDownloading(true);
    try {
      await downloadAppointmentsCsv(staffId, body);
    } catch (e) {
      showErrorDialog(e);
    } finally {
      setDownloading(false);
    }
  };

  // Stable between renders, so the memoised rows do not all re-render when the page does (e.g. a new total).
  const rowContext: RowContext | undefined = useMemo(
    () =>
      options.data && classifications.data
        ? { staffId, options: options.data, classifications: classifications.data, onEnterResult: setResultFor }
        : undefined,
    [staffId, options.data, classifications.data],
  );

  return (
    <Stack gap="md" pb={80}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Termine
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={reload} loading={list.isFetching && !list.isFetchingNextPage}>
            Neu laden
          </Button>
          <Button variant="default" onClick={exportCsv} loading={downloading}>
            CSV herunterladen
          </Button>
          {mayOpen('exports', auth.role_id) && (
            <Button component={Link} to={to('exports')} variant="light">
              Export
            </Button>
          )}
        </Group>
      </Group>

      {(options.data?.inactive_service_appointments ?? 0) > 0 && (
        <Alert color="yellow" title="Termine mit inaktiven Dienstleistungen" styles={READABLE_TITLE}>
          <Group justify="space-between">
            <Text size="sm">
              {options.data?.inactive_service_appointments} kommende Termine gehören zu Dienstleistungen, die nicht mehr
              aktiv sind.
            </Text>
            <Button size="xs" component={Link} to={to('appointmentBulkEditService')}>
              Umbuchen
            </Button>
          </Group>
        </Alert>
      )}

      <Group align="flex-end" gap="sm" wrap="wrap">
        <DatePickerInput
          type="range"
          allowSingleDateInRange
          label="Zeitraum"
          valueFormat="DD.MM.YYYY"
          ariaLabels={CALENDAR_LABELS}
          value={picked}
          onChange={([from, to]) => {
            setPicked([from, to]);
            if (from && to) setRangeState({ from, to });
          }}
          miw={240}
        />
        <Group gap={4} role="group" aria-label="Zeitraum-Vorauswahl">
          {PRESETS.map((p) => (
            <Button
              key={p}
              size="sm"
              variant={preset === p ? 'filled' : 'default'}
              aria-pressed={preset === p}
              onClick={() => setRange(presetRange(p))}
            >
              {PRESET_LABELS[p]}
            </Button>
          ))}
        </Group>
      </Group>

      <AppointmentFilters
        value={filters}
        onChange={setFilters}
        options={options.data}
        classifications={classifications.data ?? []}
        vaccinationCentre={vaccinationCentre}
      />

      {list.error && (
        <Alert color="red" role="alert" title={MSG.genericError} styles={READABLE_TITLE}>
          {list.error.message}
          {list.error instanceof ApiError && list.error.status ? ` (${list.error.status})` : ''}
        </Alert>
      )}
      {list.isLoading || !rowContext ? (
        <Loader aria-label="Termine werden geladen" />
      ) : list.data && rows.length === 0 ? (
        <Text fw={500}>{MSG.noAppointments}</Text>
      ) : (
        <>
          {showCount && count.data && (
            <Text fw={500} aria-live="polite">
              {count.data.count === 1 ? '1 Termin' : `${count.data.count} Termine`}
            </Text>
          )}
          <VirtualAppointmentList
            rows={rows}
            ctx={rowContext}
            // Not again after a failed page: the error shows above, 'Neu laden' starts over.
            canLoadMore={list.hasNextPage && !list.isFetching && !list.isFetchNextPageError}
            onLoadMore={() => void list.fetchNextPage()}
          />
          {list.isFetchingNextPage && <Loader size="sm" aria-label="Weitere Termine werden geladen" />}
        </>
      )}

      <ResultDialog staffId={staffId} appointment={resultFor} onClose={() => setResultFor(null)} />
      <Affix position={{ bottom: 48, right: 24 }}>
        <ActionIcon
          component={Link}
          to={to('create_appointment_and_customer')}
          size={56}
          radius="xl"
          aria-label="Termin anlegen"
        >
          <span aria-hidden style={{ fontSize: 28, lineHeight: 1 }}>
            +
          </span>
        </ActionIcon>
      </Affix>
      <Outlet />
    </Stack>
  );
}

/**
 * Only the rows in view are rendered, so a day of a large centre stays fast.
 * When the last rendered row comes close to the end of the loaded rows and
 * more may be loaded, `onLoadMore` asks for the next page; it runs again
 * after each page while the user is still near the end.
 */
function VirtualAppointmentList({
  rows,
  ctx,
  canLoadMore,
  onLoadMore,
}: {
  rows: Appointment[];
  ctx: RowContext;
  canLoadMore: boolean;
  onLoadMore: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => 150,
    overscan: 6,
    scrollMargin: listRef.current?.offsetTop ?? 0,
    getItemKey: (i) => rows[i]!.appointment_id,
  });
  const items = virtualizer.getVirtualItems();
  const lastRendered = items.at(-1)?.index ?? -1;
  const nearEnd = shouldLoadMore(lastRendered, rows.length);
  // The latest callback, without re-running the effect on every render.
  const onLoadMoreRef = useRef(onLoadMore);
  onLoadMoreRef.current = onLoadMore;
  useEffect(() => {
    if (nearEnd && canLoadMore) onLoadMoreRef.current();
  }, [nearEnd, canLoadMore]);
  return (
    <ul
      ref={listRef}
      aria-label="Termine"
      style={{ position: 'relative', height: virtualizer.getTotalSize(), listStyle: 'none', margin: 0, padding: 0 }}
    >
      {items.map((item) => (
        <li
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            paddingBottom: 8,
            transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
          }}
        >
          <AppointmentRow a={rows[item.index]!} ctx={ctx} />
        </li>
      ))}
    </ul>
  );
}
