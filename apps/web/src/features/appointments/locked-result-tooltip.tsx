import { Tooltip } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import { useState } from 'react';
import type { ReachedProps } from '../../ui/deferred';
import { LockedResultButton, type LockedResultButtonProps } from './locked-result-button';

/**
 * The locked result button with the spec's tooltip, drawn when first pointed at: open while the
 * pointer is on it. Opened by this component, not by the tooltip's own hover handling: that one
 * never saw the pointer arrive (the stand-in did), so it would not close when it leaves.
 */
export function LockedResultTooltip(props: LockedResultButtonProps & ReachedProps) {
  const [opened, setOpened] = useState(props.reachedBy === 'open');
  return (
    <Tooltip label={MSG.forcedClassificationLock} multiline w={280} opened={opened}>
      <LockedResultButton
        tabIndex={props.tabIndex}
        short={props.short}
        onPointerEnter={() => setOpened(true)}
        onPointerLeave={() => setOpened(false)}
      />
    </Tooltip>
  );
}
