import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';

/**
 * What `modals.*` of @mantine/modals sends: window events named `mantine-modals:<what>`, heard by
 * the ModalsProvider. The provider (with Modal, floating-ui, its focus trap, scroll lock and scroll
 * area: 30 kB gzip) is loaded with the person's first click, touch or key on a logged-in screen, not
 * with the screen (issue 28: a fresh load of the list fetched it before its rows showed, 261 kB of
 * JavaScript against the 250 kB budget); an event sent before it is here is kept and sent again once
 * it listens, so no confirmation is lost.
 */
const EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((e) => `mantine-modals:${e}`);

/** The events sent before the provider listened; null before the layout was drawn and once it listens. */
let early: CustomEvent[] | null = null;
let listening = false;
const keep = (e: Event) => early?.push(e as CustomEvent);

/** Starts keeping the events, once: when the logged-in layout is first drawn. */
function keepEarlyEvents() {
  if (early || listening) return;
  early = [];
  for (const name of EVENTS) window.addEventListener(name, keep);
}

/**
 * The provider is mounted: stop keeping, and send again what came before. A layout effect of the
 * provider's child runs before the provider's own (where it starts to listen), so no event is both
 * kept and heard; the kept ones are sent after that commit's effects, when it listens.
 */
function ReplayEarlyEvents() {
  useLayoutEffect(() => {
    const kept = early ?? [];
    for (const name of EVENTS) window.removeEventListener(name, keep);
    early = null;
    listening = true;
    queueMicrotask(() => {
      for (const e of kept) window.dispatchEvent(new CustomEvent(e.type, { detail: e.detail }));
    });
  }, []);
  return null;
}

const Provider = lazy(() => import('./modals-provider').then((m) => ({ default: m.ModalsProvider })));

/** What tells that a person is at work: a confirmation follows one of these (or comes as an event itself). */
const FIRST_USE = ['pointerdown', 'keydown', ...EVENTS];

/**
 * Where `modals.openConfirmModal` and friends draw their dialogs. Not a wrapper: the screens use
 * only the event API, never the provider's context, so it sits beside them.
 */
export function ModalsHost() {
  keepEarlyEvents();
  const [used, setUsed] = useState(listening);
  useEffect(() => {
    if (used) return;
    const use = () => setUsed(true);
    // A confirmation asked between the first draw and this effect was kept (keepEarlyEvents).
    if (early?.length) return use();
    for (const name of FIRST_USE) window.addEventListener(name, use, { capture: true, passive: true });
    return () => {
      for (const name of FIRST_USE) window.removeEventListener(name, use, { capture: true });
    };
  }, [used]);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Provider labels={{ confirm: 'Ja', cancel: 'Nein' }}>
        <ReplayEarlyEvents />
      </Provider>
    </Suspense>
  );
}
