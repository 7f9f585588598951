import { Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import {
  type Ref,
  type RefObject,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useUpright } from '../../ui/use-upright';
import { dayHeading, startsDay } from './appointment-days';
import { AppointmentListRow, type ListRowContext } from './appointment-list-row';
import { shouldLoadEarlier, shouldLoadMore } from './appointment-pages';
import type { RowContext } from './appointment-row';
import { type AppointmentView, ROW_ESTIMATE } from './appointment-view';
import { listRowKey } from './list-row-key';

/** A request to bring one row into view; `seq` makes a repeated jump to the same row count. */
export interface ScrollRequest {
  index: number;
  seq: number;
}

/** What the page asks of the list directly. */
export interface VirtualListHandle {
  /** Remembers the row in view, so the next change of view brings it back to its place. */
  keepPlace(): void;
}

/** The floating add button (56 px, 24 px from the right edge) and a margin: the rows end left of it. */
const FAB_GUTTER = 72;

/** The app's fixed header (AppShell header height). */
const HEADER_HEIGHT = 60;

/** Space kept free above the footer when a row is brought into view, and under the sticky parts above. */
const SCROLL_PADDING = { start: 8, end: 56 };

/** The height of a day heading, in the list and stuck under the header. */
export const DAY_HEADING_HEIGHT = 32;

/** Frames a jump or a kept place is checked and corrected for, while rows around it are measured. */
const SETTLE_FRAMES = 40;

/** What a person does to take over the page from a settling scroll. */
export const USER_INPUT = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Only the rows in view are rendered, so a whole day of a large centre (or
 * the 30-day window) keeps a bounded number of row elements. The list spans
 * the rows before the first loaded one (`firstOffset`, shown as empty
 * placeholders until their page arrives) and the loaded rows; coming close to
 * either end asks for the page there. Over more than one day each day starts
 * with its heading, and the day of the rows at the top stays under the
 * header. One row at a time takes the keyboard focus (roving focus).
 */
export function VirtualAppointmentList({
  rows,
  firstOffset,
  ctx,
  view,
  multiDay,
  highlightId,
  scrollRequest,
  canLoadMore,
  onLoadMore,
  canLoadEarlier,
  onLoadEarlier,
  toolbar,
  handle,
}: {
  rows: Appointment[];
  firstOffset: number;
  ctx: RowContext;
  view: AppointmentView;
  multiDay: boolean;
  highlightId: number | null;
  scrollRequest: ScrollRequest | null;
  canLoadMore: boolean;
  onLoadMore: () => void;
  canLoadEarlier: boolean;
  onLoadEarlier: () => void;
  /** The page's sticky bar above the list (range, filters, view): rows under it are hidden. */
  toolbar?: RefObject<HTMLElement | null>;
  handle?: Ref<VirtualListHandle>;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const compact = view === 'compact';
  const upright = useUpright();
  const count = firstOffset + rows.length;
  const rowAt = (index: number) => (index >= firstOffset ? rows[index - firstOffset] : undefined);
  // What covers the top of the window: the app's header and the page's sticky bar.
  const [toolbarHeight, setToolbarHeight] = useState(0);
  useLayoutEffect(() => {
    const bar = toolbar?.current;
    if (!bar) return;
    const update = () => setToolbarHeight(bar.getBoundingClientRect().height);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [toolbar]);
  const topInset = HEADER_HEIGHT + toolbarHeight;
  // A row brought into view stays clear of them and of a stuck day heading.
  const scrollPaddingStart = topInset + (multiDay ? DAY_HEADING_HEIGHT : 0) + SCROLL_PADDING.start;
  // Where the list starts on the page, known after the first paint (a jump needs it).
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  });
  // Stable between renders: the virtualizer lays out every row again when either changes.
  const estimateSize = useCallback(() => ROW_ESTIMATE[view], [view]);
  const getItemKey = useCallback(
    (i: number) => listRowKey(view, i >= firstOffset ? rows[i - firstOffset]?.appointment_id : undefined, i),
    [rows, firstOffset, view],
  );
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize,
    overscan: compact ? 12 : 6,
    scrollMargin,
    scrollPaddingStart,
    scrollPaddingEnd: SCROLL_PADDING.end,
    getItemKey,
  });
  const items = virtualizer.getVirtualItems();
  const nearEnd = shouldLoadMore(items.at(-1)?.index ?? -1, count);
  const nearStart = shouldLoadEarlier(items[0]?.index ?? -1, firstOffset);
  // The latest callbacks, without re-running the effects on every render.
  const onLoadMoreRef = useRef(onLoadMore);
  onLoadMoreRef.current = onLoadMore;
  const onLoadEarlierRef = useRef(onLoadEarlier);
  onLoadEarlierRef.current = onLoadEarlier;
  useEffect(() => {
    if (nearEnd && canLoadMore) onLoadMoreRef.current();
  }, [nearEnd, canLoadMore]);

  const virtualizerRef = useRef(virtualizer);
  virtualizerRef.current = virtualizer;
  // While a jump or a kept place settles, the rows passed on the way (the top of the list before
  // the jump) are not the user's: no earlier page for them.
  const [settling, setSettling] = useState(false);
  const handledSeq = useRef(0);
  const jumpPending = scrollRequest !== null && scrollRequest.seq !== handledSeq.current;
  useEffect(() => {
    if (nearStart && canLoadEarlier && !settling && !jumpPending) onLoadEarlierRef.current();
  }, [nearStart, canLoadEarlier, settling, jumpPending]);
  // A jump: the row to the middle of the screen. Rows measured after the first scroll (and the
  // parts above the list arriving) move it again, so the row is checked for a few frames and
  // scrolled back into view while it is not.
  const settleFrame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(settleFrame.current), []);
  useEffect(() => {
    if (!scrollRequest) {
      cancelAnimationFrame(settleFrame.current);
      setSettling(false);
      return;
    }
    if (scrollRequest.seq === handledSeq.current || scrollMargin === 0) return;
    handledSeq.current = scrollRequest.seq;
    const { index } = scrollRequest;
    let frames = 0;
    const step = () => {
      const row = listRef.current?.querySelector(`li[data-index="${index}"]`)?.getBoundingClientRect();
      const inView = row && row.top >= scrollPaddingStart - 1 && row.top <= window.innerHeight - SCROLL_PADDING.end;
      if (!inView) virtualizerRef.current.scrollToIndex(index, { align: 'center' });
      if (++frames < SETTLE_FRAMES) settleFrame.current = requestAnimationFrame(step);
      else setSettling(false);
    };
    cancelAnimationFrame(settleFrame.current);
    setSettling(true);
    step();
  }, [scrollRequest, scrollMargin, scrollPaddingStart]);

  // Switching the view keeps the place: the first row wholly in view before the switch is put
  // back where it was (its top at the same height), as the new view's rows get measured.
  const kept = useRef<{ index: number; top: number } | null>(null);
  useImperativeHandle(handle, () => ({
    keepPlace: () => {
      kept.current = firstRowInView(listRef.current, topInset + (multiDay ? DAY_HEADING_HEIGHT : 0));
    },
  }));
  const shownView = useRef(view);
  useLayoutEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    const place = kept.current;
    kept.current = null;
    if (!place) return;
    let frames = 0;
    let taken = false;
    const takeOver = () => {
      taken = true;
    };
    for (const type of USER_INPUT)
      window.addEventListener(type, takeOver, { capture: true, passive: true, once: true });
    const done = () => {
      setSettling(false);
      for (const type of USER_INPUT) window.removeEventListener(type, takeOver, { capture: true });
    };
    const step = () => {
      if (taken) return done();
      const row = listRef.current?.querySelector(`li[data-index="${place.index}"]`);
      if (!row) virtualizerRef.current.scrollToIndex(place.index, { align: 'start' });
      else {
        const off = row.getBoundingClientRect().top - place.top;
        if (Math.abs(off) > 1) window.scrollBy(0, off);
      }
      if (++frames < SETTLE_FRAMES) settleFrame.current = requestAnimationFrame(step);
      else done();
    };
    cancelAnimationFrame(settleFrame.current);
    setSettling(true);
    step();
  }, [view]);

  // The day under the header: shown while the rows at the top belong to a day whose own heading scrolled away.
  const [stuckDay, setStuckDay] = useState<string | null>(null);
  const updateStuckDay = useCallback(() => {
    setStuckDay(multiDay ? dayAtTop(listRef.current, topInset) : null);
  }, [multiDay, topInset]);
  useEffect(() => {
    if (!multiDay) return;
    window.addEventListener('scroll', updateStuckDay, { passive: true });
    window.addEventListener('resize', updateStuckDay, { passive: true });
    return () => {
      window.removeEventListener('scroll', updateStuckDay);
      window.removeEventListener('resize', updateStuckDay);
    };
  }, [multiDay, updateStuckDay]);
  // After each render too: rows arriving or measured move the days under a still page.
  useLayoutEffect(updateStuckDay);

  const [active, setActive] = useState(-1);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  // After a jump, the keyboard starts from the row jumped to.
  useEffect(() => {
    if (scrollRequest) setActive(scrollRequest.index);
  }, [scrollRequest]);
  // Read through refs: the context stays the same object when a page arrives (count and first row
  // change), so the memoised rows in view do not all render again then.
  const countRef = useRef(count);
  countRef.current = count;
  const firstOffsetRef = useRef(firstOffset);
  firstOffsetRef.current = firstOffset;
  const listContext: ListRowContext = useMemo(
    () => ({
      count: () => countRef.current,
      onFocusRow: setActive,
      onToggle: (id) =>
        setExpanded((prev) => {
          const next = new Set(prev);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      onMove: (target) => {
        // Rows above the first loaded one are not there yet: the move stops at it (and its page is asked for).
        const index = Math.max(firstOffsetRef.current, target);
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
    [],
  );
  // The row Tab lands on: the last one used, or the first loaded one in view when that one scrolled away.
  const rendered = items.filter((i) => i.index >= firstOffset);
  const focusable = rendered.some((i) => i.index === active) ? active : (rendered[0]?.index ?? -1);

  return (
    // One block in the page's stack: the stuck heading sticks within it, and adds no gap above the rows.
    <div>
      {multiDay && <StuckDayHeading day={stuckDay} top={topInset} />}
      <ul
        ref={listRef}
        aria-label="Termine"
        style={{ position: 'relative', height: virtualizer.getTotalSize(), listStyle: 'none', margin: 0, padding: 0 }}
      >
        {items.map((item) => {
          const a = rowAt(item.index);
          const style = {
            position: 'absolute',
            top: 0,
            left: 0,
            // The floating add button's column stays free: it never covers a row's actions.
            width: `calc(100% - ${FAB_GUTTER}px)`,
            paddingBottom: compact ? 0 : 8,
            scrollMarginTop: scrollPaddingStart,
            scrollMarginBottom: SCROLL_PADDING.end,
            transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
          } as const;
          if (!a) {
            // A row whose page is not loaded yet: room for it, so the scrollbar and the rows below stay put.
            return (
              <li key={item.key} data-index={item.index} ref={virtualizer.measureElement} aria-hidden style={style}>
                <div
                  style={{ height: ROW_ESTIMATE[view] - (compact ? 0 : 8), background: 'var(--mantine-color-gray-0)' }}
                />
              </li>
            );
          }
          const highlighted = a.appointment_id === highlightId;
          const newDay = multiDay && startsDay(rows, item.index - firstOffset);
          return (
            <li
              key={item.key}
              data-index={item.index}
              data-day={a.date}
              data-day-start={newDay ? 'true' : undefined}
              ref={virtualizer.measureElement}
              aria-current={highlighted ? 'true' : undefined}
              style={{
                ...style,
                outline: highlighted ? '3px solid var(--mantine-color-yellow-6)' : undefined,
                outlineOffset: -3,
                borderRadius: highlighted ? 'var(--mantine-radius-md)' : undefined,
              }}
            >
              {newDay && <DayHeading date={a.date} />}
              <AppointmentListRow
                a={a}
                index={item.index}
                ctx={ctx}
                list={listContext}
                view={view}
                focusable={item.index === focusable}
                expanded={expanded.has(a.appointment_id)}
                upright={upright}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const headingStyle = {
  height: DAY_HEADING_HEIGHT,
  display: 'flex',
  alignItems: 'center',
  paddingInline: 8,
  background: 'var(--mantine-color-gray-1)',
  borderBottom: '1px solid var(--mantine-color-gray-3)',
} as const;

/** The heading a day's first row carries: weekday and date. */
function DayHeading({ date }: { date: string }) {
  return (
    <Text component="h2" fz="sm" fw={700} m={0} mb={4} style={headingStyle}>
      {dayHeading(date)}
    </Text>
  );
}

/**
 * The heading of the day at the top, stuck under the app's header while its
 * own heading has scrolled away. It takes no room in the page (the rows pass
 * beneath it) and is not read out: each day's own heading is.
 */
function StuckDayHeading({ day, top }: { day: string | null; top: number }) {
  return (
    <div aria-hidden style={{ position: 'sticky', top, height: 0, zIndex: 3 }}>
      {day && (
        <Text fz="sm" fw={700} data-stuck-day style={{ ...headingStyle, width: `calc(100% - ${FAB_GUTTER}px)` }}>
          {dayHeading(day)}
        </Text>
      )}
    </div>
  );
}

/** The rendered rows of the list in the order of the page, with their place on the screen. */
function renderedRows(list: HTMLUListElement | null) {
  if (!list) return [];
  return [...list.querySelectorAll<HTMLLIElement>(':scope > li[data-day]')]
    .map((li) => ({ li, rect: li.getBoundingClientRect() }))
    .sort((x, y) => x.rect.top - y.rect.top);
}

/**
 * The day of the row at the top of the list's view (just under the sticky
 * parts, `top`, and a stuck heading), unless that row's own day heading is in
 * view; null then, and while only rows not loaded yet are there.
 */
function dayAtTop(list: HTMLUListElement | null, top: number): string | null {
  const line = top + DAY_HEADING_HEIGHT;
  const first = renderedRows(list).find((r) => r.rect.bottom > line);
  if (!first) return null;
  const ownHeadingInView = first.li.dataset.dayStart === 'true' && first.rect.top >= top - 1;
  return ownHeadingInView ? null : (first.li.dataset.day ?? null);
}

/** The first row wholly below `line` (the sticky parts), else the one at the top: the place to keep. */
function firstRowInView(list: HTMLUListElement | null, line: number): { index: number; top: number } | null {
  const shown = renderedRows(list).filter((r) => r.rect.bottom > line && r.rect.top < window.innerHeight);
  const pick = shown.find((r) => r.rect.top >= line - 1) ?? shown[0];
  return pick ? { index: Number(pick.li.dataset.index), top: pick.rect.top } : null;
}
