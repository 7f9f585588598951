import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code loads with its first opening, not with the screen that offers it (issue 28).
 * Nothing is drawn before that (a dialog is an overlay: no layout waits for it), and a click that
 * opens it before the code arrived opens it when it has. Once opened it stays mounted, so it
 * closes with its transition as before. Call it at module level (one component per dialog).
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog at module level, never while rendering
  return function LazyDialog(props: P) {
    const [used, setUsed] = useState(false);
    const open = isOpen(props);
    if (open && !used) setUsed(true);
    if (!used && !open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
