import { startTransition, useEffect, useState } from 'react';

/** Rows added per step after the first ones. */
const STEP = 20;

/**
 * How many of `total` rows to render: `first` at once, then STEP more per
 * step, each step a transition started after the previous one was painted.
 * React renders a transition in slices and gives way to input in between, so
 * the first rows are on screen early and a click or key is never held up by
 * the rows further down. Mount it with a key per list: a new list starts again.
 */
export function useProgressiveCount(total: number, first: number) {
  const [count, setCount] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (count >= total) return;
    // After the browser has painted what is there (a frame, then a task).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setCount((c) => Math.min(total, c + STEP))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, total]);
  return Math.min(count, total);
}
