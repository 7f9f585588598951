import { type ComponentType, useState } from 'react';
import { showErrorDialog } from './error-dialog';

/**
 * How the user reached for a deferred control: 'open' after a click (or pointing, for a tooltip)
 * draws it opened; 'focus' draws it closed (and focused, when focus reached it). The last one wins.
 */
export type Reach = 'open' | 'focus';

/**
 * What a stand-in is given: call `reach` from the event that should bring the real control, and
 * `preload` from one that announces it (pointing at it, focusing it) to fetch its code early.
 */
export interface StandInProps {
  reach: (how: Reach) => void;
  preload: () => void;
}

/** What the real control is given: how it was reached (draw it opened, or focused). */
export interface ReachedProps {
  reachedBy: Reach;
}

/**
 * A control whose code loads when the user first reaches for it, not with the screen (issue 28).
 * Every row of the appointment list carries a select, menus, a popover and a tooltip; drawn for
 * real, they brought floating-ui and Mantine's Combobox/Menu/Popover/Tooltip into the list's first
 * download. Until reached, `StandIn` draws the control's look-alike (same size, name and value).
 * The event it hands to `reach` loads the code (once for every row) and then draws the real control
 * in its place: opened after a click, focused after focus. The stand-in stays, focused, while the
 * code loads, so nothing flickers and no focus is lost (nor taken back, should it have moved on).
 * Call it at module level.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P & ReachedProps>>,
  StandIn: ComponentType<P & StandInProps>,
) {
  let Real: ComponentType<P & ReachedProps> | null = null;
  // A failed fetch is told when the control is reached, not when it was only pointed at.
  const preload = () => void load().catch(() => {});
  return function Deferred(props: P) {
    const [reachedBy, setReachedBy] = useState<Reach | null>(null);
    const reach = (how: Reach) => {
      if (Real) return setReachedBy(how);
      // Focus that moved on while the code came (Tab, Tab) leaves the stand-in: drawn focused, the real
      // control would take the focus back from where the person went.
      const focused = how === 'focus' ? document.activeElement : null;
      load().then((component) => {
        Real = component;
        if (how === 'focus' && document.activeElement !== focused) return;
        setReachedBy(how);
      }, showErrorDialog);
    };
    if (!reachedBy || !Real) return <StandIn {...props} reach={reach} preload={preload} />;
    // Keyed by how it was reached: focus, then an opening key while the code came, ends drawn open.
    return <Real key={reachedBy} {...props} reachedBy={reachedBy} />;
  };
}
