import { ActionIcon, Affix, Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { ROLE, VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { mayOpen } from '../../route-access';
import { to } from '../../routes';
import { CALENDAR_LABELS } from '../../ui/calendar-labels';
import { showErrorDialog } from '../../ui/error-dialog';
import { createdFromState } from './appointment-create-result';
import {
  AppointmentFilterLine,
  AppointmentFilterPanel,
  type FilterState,
  filterFields,
  filtersToQuery,
  INITIAL_FILTERS,
} from './appointment-filters';
import { loadedRows } from './appointment-pages';
import { type DayRange, matchingPreset, PRESET_LABELS, PRESETS, presetRange, rangeToUnix } from './appointment-range';
import type { RowContext } from './appointment-row';
import {
  APPOINTMENT_VIEWS,
  type AppointmentView,
  type JumpTarget,
  jumpIndex,
  jumpStep,
  readView,
  VIEW_LABELS,
  writeView,
} from './appointment-view';
import { RangePickerInput } from './range-picker-input';
import { LazyResultDialog } from './result-dialog-lazy';
import {
  downloadAppointmentsCsv,
  useAppointmentCount,
  useAppointmentOptions,
  useAppointments,
  usePaymentClassifications,
} from './use-appointments';
import {
  type ScrollRequest,
  USER_INPUT,
  VirtualAppointmentList,
  type VirtualListHandle,
} from './virtual-appointment-list';

/** Mantine's yellow/red alert titles miss WCAG AA contrast on their light background. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

const FILTER_PANEL_ID = 'termine-filter';
const RANGE_FIELD_ID = 'termine-zeitraum';

export default function AppointmentsPage() {
  const auth = useAuth();
  const staffId = auth.staffId;
  // Coming from a create screen: that appointment's day, the new row highlighted.
  const location = useLocation();
  const [created] = useState(() => createdFromState(location.state));
  const [range, setRangeState] = useState<DayRange>(() =>
    created ? { from: created.date, to: created.date } : presetRange('fromNow'),
  );
  // 'Ab jetzt' keeps the spec's 30-day window but opens at the first appointment from now: the list
  // starts with the page that contains now (`openAt`), the earlier pages come when scrolled to.
  const [openAt, setOpenAt] = useState<string | null>(() => (created ? null : new Date().toISOString()));
  const [jump, setJump] = useState<JumpTarget | null>(() =>
    created ? { kind: 'appointment', appointmentId: created.appointment_id } : { kind: 'now', nowMs: Date.now() },
  );
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(null);
  // Counts every scroll request ever made, so a new one never repeats the number of a handled one.
  const scrollSeq = useRef(0);
  const listHandle = useRef<VirtualListHandle>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [view, setViewState] = useState<AppointmentView>(() => readView(globalThis.localStorage, auth.id));
  const setView = (v: AppointmentView) => {
    if (v === view) return;
    // The row in view stays in view in the other view.
    listHandle.current?.keepPlace();
    setViewState(v);
    writeView(globalThis.localStorage, auth.id, v);
  };
  // The picker holds a half-chosen range (start picked, end not yet) until both days are set.
  const [picked, setPicked] = useState<[string | null, string | null]>([range.from, range.to]);
  // Another range starts at its beginning (the page may still be scrolled to 'now' of the last one).
  const showFromStart = () => window.scrollTo({ top: 0 });
  const setRange = (r: DayRange, target: JumpTarget | null = null) => {
    setRangeState(r);
    setJump(target);
    setOpenAt(target?.kind === 'now' ? new Date(target.nowMs).toISOString() : null);
    // A jump of the last range still settling must not pull the new one back to its row.
    setScrollRequest(null);
    if (!target) showFromStart();
    setPicked([r.from, r.to]);
  };
  const [filters, setFilters] = useState<FilterState>(INITIAL_FILTERS);
  // A list opened at now ('Ab jetzt', 'Jetzt') opens at now again with other filters: its pages start there.
  const changeFilters = (f: FilterState) => {
    setFilters(f);
    if (openAt) {
      const nowMs = Date.now();
      setOpenAt(new Date(nowMs).toISOString());
      setJump({ kind: 'now', nowMs });
      setScrollRequest(null);
    }
  };
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [resultFor, setResultFor] = useState<Appointment | null>(null);
  const options = useAppointmentOptions(staffId);
  const classifications = usePaymentClassifications(staffId);
  const vaccinationCentre = options.data?.centre_type === VACCINATION_CENTRE_TYPE;
  const fields = useMemo(
    () => filterFields(options.data, classifications.data ?? [], vaccinationCentre),
    [options.data, classifications.data, vaccinationCentre],
  );
  const body = useMemo(
    () => ({ ...rangeToUnix(range), ...filtersToQuery(filters, vaccinationCentre) }),
    [range, filters, vaccinationCentre],
  );
  const list = useAppointments(staffId, body, openAt);
  const { firstOffset, rows } = useMemo(() => loadedRows(list.data), [list.data]);
  const showCount = auth.role_id <= ROLE.manager;
  const count = useAppointmentCount(staffId, body, showCount);
  const reload = () => {
    void list.refetch();
    // refetch() would run even a disabled query: only roles that see the total ask for it.
    if (showCount) void count.refetch();
  };
  const preset = matchingPreset(range);
  const today = presetRange('today').from;
  const includesNow = range.from <= today && today <= range.to;
  const jumpToNow = () => {
    const target = { kind: 'now', nowMs: Date.now() } as const;
    // Among the loaded rows: scroll there; else ask for the page that contains now.
    if (jumpIndex(rows, target, firstOffset) < 0 && (list.hasNextPage || firstOffset > 0)) {
      setOpenAt(new Date(target.nowMs).toISOString());
    }
    setJump(target);
  };

  // One step towards the jump target per change of the loaded rows: scroll, or load the next page first.
  const { hasNextPage, isFetching, fetchNextPage } = list;
  useEffect(() => {
    // Only on this range's own rows (not the previous range's shown while loading).
    if (!jump || !list.data || isFetching || list.isPlaceholderData) return;
    const step = jumpStep(jumpIndex(rows, jump, firstOffset), firstOffset + rows.length, hasNextPage, jump);
    if (step.kind === 'load') {
      void fetchNextPage();
      return;
    }
    if (step.kind === 'scroll') setScrollRequest({ index: step.index, seq: ++scrollSeq.current });
    setJump(null);
  }, [jump, list.data, list.isPlaceholderData, rows, firstOffset, isFetching, hasNextPage, fetchNextPage]);
  // The person takes over: a click, key, wheel or touch ends a jump still loading or settling, so the
  // list never scrolls away under their hand (an opened range picker would vanish with its field).
  const settling = jump !== null || scrollRequest !== null;
  useEffect(() => {
    if (!settling) return;
    const takeOver = () => {
      setJump(null);
      setScrollRequest(null);
    };
    for (const type of USER_INPUT) window.addEventListener(type, takeOver, { capture: true, passive: true });
    return () => {
      for (const type of USER_INPUT) window.removeEventListener(type, takeOver, { capture: true });
    };
  }, [settling]);
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

  // The top of the screen is kept short (title, warning, one line of range and filters), so a
  // 1280×800 screen shows at least 12 compact rows on opening.
  return (
    <Stack gap="sm" pb={80}>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="md" align="baseline">
          <Title order={1} size="h2">
            Termine
          </Title>
          {showCount && count.data && (
            <Text fw={500} aria-live="polite">
              {count.data.count === 1 ? '1 Termin' : `${count.data.count} Termine`}
            </Text>
          )}
        </Group>
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
        <Alert color="yellow" py={8} styles={READABLE_TITLE}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              <Text span fw={700} size="sm">
                Termine mit inaktiven Dienstleistungen:
              </Text>{' '}
              {options.data?.inactive_service_appointments} kommende Termine gehören zu Dienstleistungen, die nicht mehr
              aktiv sind.
            </Text>
            <Anchor component={Link} to={to('appointmentBulkEditService')} size="sm" fw={700}>
              Umbuchen
            </Anchor>
          </Group>
        </Alert>
      )}

      {/* Range, filters and view stay under the header while the rows scroll, so switching the view
          or the day never means scrolling away from the row in view. */}
      <Stack
        ref={toolbarRef}
        data-list-toolbar
        gap="sm"
        py={6}
        style={{
          position: 'sticky',
          top: 'var(--app-shell-header-offset, 60px)',
          zIndex: 4,
          background: 'var(--mantine-color-body)',
        }}
      >
        <Group align="center" gap="sm" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <Text component="label" htmlFor={RANGE_FIELD_ID} size="sm" fw={500}>
              Zeitraum
            </Text>
            <RangePickerInput
              id={RANGE_FIELD_ID}
              allowSingleDateInRange
              valueFormat="DD.MM.YYYY"
              ariaLabels={CALENDAR_LABELS}
              value={picked}
              onChange={([from, to]) => {
                setPicked([from, to]);
                if (from && to) {
                  setRangeState({ from, to });
                  setJump(null);
                  setOpenAt(null);
                  showFromStart();
                }
              }}
              miw={214}
            />
          </Group>
          <Group gap={4} role="group" aria-label="Zeitraum-Vorauswahl">
            {PRESETS.map((p) => (
              <Button
                key={p}
                size="sm"
                px="sm"
                variant={preset === p ? 'filled' : 'default'}
                aria-pressed={preset === p}
                onClick={() => setRange(presetRange(p), p === 'fromNow' ? { kind: 'now', nowMs: Date.now() } : null)}
              >
                {PRESET_LABELS[p]}
              </Button>
            ))}
          </Group>
          {includesNow && (
            <Button size="sm" px="sm" variant="light" onClick={jumpToNow} title="Zum ersten Termin ab jetzt springen">
              Jetzt
            </Button>
          )}
          <AppointmentFilterLine
            value={filters}
            onChange={changeFilters}
            fields={fields}
            open={filtersOpen}
            onToggle={() => setFiltersOpen((o) => !o)}
            panelId={FILTER_PANEL_ID}
          />
          <Group gap={4} role="group" aria-label="Ansicht" ml="auto" wrap="nowrap">
            {APPOINTMENT_VIEWS.map((v) => (
              <Button
                key={v}
                size="sm"
                px="sm"
                variant={view === v ? 'filled' : 'default'}
                aria-pressed={view === v}
                onClick={() => setView(v)}
              >
                {VIEW_LABELS[v]}
              </Button>
            ))}
          </Group>
        </Group>
        {filtersOpen && (
          // Nothing until the panel's code is here (preloaded from the 'Filter' button), then the panel.
          <Suspense fallback={null}>
            <AppointmentFilterPanel id={FILTER_PANEL_ID} value={filters} onChange={changeFilters} fields={fields} />
          </Suspense>
        )}
      </Stack>

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
          <VirtualAppointmentList
            // A new range is a new list: its virtualizer starts from where the page is now (the top,
            // see showFromStart). One kept across the change still held the last range's scroll
            // offset when the new rows were measured, and "corrected" the page down to their end.
            key={`${range.from}/${range.to}`}
            handle={listHandle}
            toolbar={toolbarRef}
            rows={rows}
            firstOffset={firstOffset}
            ctx={rowContext}
            view={view}
            multiDay={range.from !== range.to}
            highlightId={created?.appointment_id ?? null}
            scrollRequest={scrollRequest}
            // Not again after a failed page: the error shows above, 'Neu laden' starts over.
            canLoadMore={list.hasNextPage && !list.isFetching && !list.isFetchNextPageError}
            onLoadMore={() => void list.fetchNextPage()}
            // Not while a jump is on its way (the rows passed are not the user's).
            canLoadEarlier={list.hasPreviousPage && !list.isFetching && !list.isFetchPreviousPageError && jump === null}
            onLoadEarlier={() => void list.fetchPreviousPage()}
          />
          {list.isFetchingNextPage && <Loader size="sm" aria-label="Weitere Termine werden geladen" />}
        </>
      )}

      <LazyResultDialog staffId={staffId} appointment={resultFor} onClose={() => setResultFor(null)} />
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
