import { useNavigate } from 'react-router';

/**
 * Where 'Zurück' leads: one step back when the app itself put an entry before
 * this one in the tab's history, else the fallback route. A screen opened in a
 * new tab or from a bookmark has no such entry, and stepping back there would
 * leave the app or show a blank page. React Router numbers its entries in
 * `history.state.idx`, starting at 0 for the first one of the tab.
 */
export function backTarget(historyState: unknown, fallback: string): -1 | string {
  const idx = (historyState as { idx?: unknown } | null | undefined)?.idx;
  return typeof idx === 'number' && idx > 0 ? -1 : fallback;
}

/** A 'Zurück' action: back in the app's history, or to `fallback` (replacing the screen) without one. */
export function useBack(fallback: string) {
  const navigate = useNavigate();
  return () => {
    const target = backTarget(window.history.state, fallback);
    if (target === -1) navigate(-1);
    else navigate(target, { replace: true });
  };
}
