import { ActionIcon, Affix, Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { ROLE, VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { mayOpen } from '../../route-access';
import { to } from '../../routes';
import { showErrorDialog } from '../../ui/error-dialog';
import { AppointmentCompactRow, type CompactListContext } from './appointment-compact-row';
import { createdFromState } from './appointment-create-result';
import { AppointmentFilters, type FilterState, filtersToQuery, INITIAL_FILTERS } from './appointment-filters';
import { shouldLoadMore } from './appointment-pages';
import { type DayRange, matchingPreset, PRESET_LABELS, PRESETS, presetRange, rangeToUnix } from './appointment-range';
import { AppointmentRow, type RowContext } from './appointment-row';
import {
  APPOINTMENT_VIEWS,
  type AppointmentView,
  type JumpTarget,
  jumpIndex,
  jumpStep,
  ROW_ESTIMATE,
  readView,
  VIEW_LABELS,
  writeView,
} from './appointment-view';
import { ResultDialog } from './result-dialog';
import {
  downloadAppointmentsCsv,
  useAppointmentCount,
  useAppointmentOptions,
  useAppointments,
  usePaymentClassifications,
} from './use-appointments';

/** Mantine's yellow/red alert titles miss WCAG AA contrast on their light background. */
/** What a person does to take over the list from a jump. */
const USER_INPUT = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

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
  // Coming from a create screen: that appointment's day, the new row highlighted.
  const location = useLocation();
  const [created] = useState(() => createdFromState(location.state));
  const [range, setRangeState] = useState<DayRange>(() =>
    created ? { from: created.date, to: created.date } : presetRange('fromNow'),
  );
  // 'Ab jetzt' keeps the spec's 30-day window but opens at the first appointment from now.
  const [jump, setJump] = useState<JumpTarget | null>(() =>
    created ? { kind: 'appointment', appointmentId: created.appointment_id } : { kind: 'now', nowMs: Date.now() },
  );
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(null);
  // Counts every scroll request ever made, so a new one never repeats the number of a handled one.
  const scrollSeq = useRef(0);
  const [view, setViewState] = useState<AppointmentView>(() => readView(globalThis.localStorage, auth.id));
  const setView = (v: AppointmentView) => {
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
    // A jump of the last range still settling must not pull the new one back to its row.
    setScrollRequest(null);
    if (!target) showFromStart();
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
  const today = presetRange('today').from;
  const includesNow = range.from <= today && today <= range.to;

  // One step towards the jump target per change of the loaded rows: scroll, or load the next page first.
  const { hasNextPage, isFetching, fetchNextPage } = list;
  useEffect(() => {
    // Only on this range's own rows (not the previous range's shown while loading).
    if (!jump || !list.data || isFetching || list.isPlaceholderData) return;
    const step = jumpStep(jumpIndex(rows, jump), rows.length, hasNextPage, jump);
    if (step.kind === 'load') {
      void fetchNextPage();
      return;
    }
    if (step.kind === 'scroll') setScrollRequest({ index: step.index, seq: ++scrollSeq.current });
    setJump(null);
  }, [jump, list.data, list.isPlaceholderData, rows, isFetching, hasNextPage, fetchNextPage]);
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
            if (from && to) {
              setRangeState({ from, to });
              setJump(null);
              showFromStart();
            }
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
              onClick={() => setRange(presetRange(p), p === 'fromNow' ? { kind: 'now', nowMs: Date.now() } : null)}
            >
              {PRESET_LABELS[p]}
            </Button>
          ))}
        </Group>
        {includesNow && (
          <Button
            size="sm"
            variant="light"
            onClick={() => setJump({ kind: 'now', nowMs: Date.now() })}
            title="Zum ersten Termin ab jetzt springen"
          >
            Jetzt
          </Button>
        )}
        <Group gap={4} role="group" aria-label="Ansicht" ml="auto">
          {APPOINTMENT_VIEWS.map((v) => (
            <Button
              key={v}
              size="sm"
              variant={view === v ? 'filled' : 'default'}
              aria-pressed={view === v}
              onClick={() => setView(v)}
            >
              {VIEW_LABELS[v]}
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
            view={view}
            highlightId={created?.appointment_id ?? null}
            scrollRequest={scrollRequest}
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

/** A request to bring one row into view; `seq` makes a repeated jump to the same row count. */
export interface ScrollRequest {
  index: number;
  seq: number;
}

/** The floating add button (56 px, 24 px from the right edge) and a margin: the rows end left of it. */
const FAB_GUTTER = 72;

/** Space kept free under the fixed header and above the footer when a row is brought into view. */
const SCROLL_PADDING = { start: 72, end: 56 };

/**
 * Only the rows in view are rendered, so a day of a large centre stays fast.
 * When the last rendered row comes close to the end of the loaded rows and
 * more may be loaded, `onLoadMore` asks for the next page; it runs again
 * after each page while the user is still near the end. In the compact view
 * one row at a time takes the keyboard focus (roving focus).
 */
function VirtualAppointmentList({
  rows,
  ctx,
  view,
  highlightId,
  scrollRequest,
  canLoadMore,
  onLoadMore,
}: {
  rows: Appointment[];
  ctx: RowContext;
  view: AppointmentView;
  highlightId: number | null;
  scrollRequest: ScrollRequest | null;
  canLoadMore: boolean;
  onLoadMore: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const compact = view === 'compact';
  // Where the list starts on the page, known after the first paint (a jump needs it).
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_ESTIMATE[view],
    overscan: compact ? 12 : 6,
    scrollMargin,
    scrollPaddingStart: SCROLL_PADDING.start,
    scrollPaddingEnd: SCROLL_PADDING.end,
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

  const virtualizerRef = useRef(virtualizer);
  virtualizerRef.current = virtualizer;
  // A jump: the row to the middle of the screen. Rows measured after the first scroll (and the
  // parts above the list arriving) move it again, so the row is checked for a few frames and
  // scrolled back into view while it is not.
  const handledSeq = useRef(0);
  const jumpFrame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(jumpFrame.current), []);
  useEffect(() => {
    if (!scrollRequest) {
      cancelAnimationFrame(jumpFrame.current);
      return;
    }
    if (scrollRequest.seq === handledSeq.current || scrollMargin === 0) return;
    handledSeq.current = scrollRequest.seq;
    const { index } = scrollRequest;
    let frames = 0;
    const step = () => {
      const row = listRef.current?.querySelector(`li[data-index="${index}"]`)?.getBoundingClientRect();
      const inView = row && row.top >= SCROLL_PADDING.start - 1 && row.top <= window.innerHeight - SCROLL_PADDING.end;
      if (!inView) virtualizerRef.current.scrollToIndex(index, { align: 'center' });
      if (++frames < 40) jumpFrame.current = requestAnimationFrame(step);
    };
    cancelAnimationFrame(jumpFrame.current);
    step();
  }, [scrollRequest, scrollMargin]);

  const [active, setActive] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const count = rows.length;
  // After a jump, the keyboard starts from the row jumped to.
  useEffect(() => {
    if (scrollRequest) setActive(scrollRequest.index);
  }, [scrollRequest]);
  const listContext: CompactListContext = useMemo(
    () => ({
      count,
      onFocusRow: setActive,
      onToggle: (id) =>
        setExpanded((prev) => {
          const next = new Set(prev);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      onMove: (index) => {
        setActive(index);
        const focus = (tries: number) => {
          const el = listRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
          if (el) el.focus();
          else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
        };
        // Bring the row into the rendered window first; the browser then keeps the focused row in view.
        virtualizerRef.current.scrollToIndex(index, { align: 'auto' });
        focus(10);
      },
    }),
    [count],
  );
  // The row Tab lands on: the last one used, or the first in view when that one scrolled away.
  const focusable = items.some((i) => i.index === active) ? active : (items[0]?.index ?? 0);

  return (
    <ul
      ref={listRef}
      aria-label="Termine"
      style={{ position: 'relative', height: virtualizer.getTotalSize(), listStyle: 'none', margin: 0, padding: 0 }}
    >
      {items.map((item) => {
        const a = rows[item.index]!;
        const highlighted = a.appointment_id === highlightId;
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            aria-current={highlighted ? 'true' : undefined}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              // The floating add button's column stays free: it never covers a row's actions.
              width: `calc(100% - ${FAB_GUTTER}px)`,
              paddingBottom: compact ? 0 : 8,
              scrollMarginTop: SCROLL_PADDING.start,
              scrollMarginBottom: SCROLL_PADDING.end,
              outline: highlighted ? '3px solid var(--mantine-color-yellow-6)' : undefined,
              outlineOffset: -3,
              borderRadius: highlighted ? 'var(--mantine-radius-md)' : undefined,
              transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            {compact ? (
              <AppointmentCompactRow
                a={a}
                index={item.index}
                ctx={ctx}
                list={listContext}
                focusable={item.index === focusable}
                expanded={expanded.has(a.appointment_id)}
              />
            ) : (
              <AppointmentRow a={a} ctx={ctx} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
