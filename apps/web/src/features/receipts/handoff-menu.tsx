import { Menu } from '@mantine/core';
import type { ReachedProps } from '../../ui/deferred';
import { HandoffButton, type HandoffMenuProps } from './handoff-button';

/** A hand-off's language menu, drawn when its button is first clicked: already open. */
export function HandoffMenu({ label, available, onPick, reachedBy }: HandoffMenuProps & ReachedProps) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={reachedBy === 'open'}>
      <Menu.Target>
        <HandoffButton label={label} available={available} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onPick('DE')}>Deutsch (DE)</Menu.Item>
        <Menu.Item onClick={() => onPick('EN')}>Englisch (EN)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
