import { Button } from '@mantine/core';

export interface LockedResultButtonProps {
  tabIndex?: number;
  /** The compact line on a tablet upright: the button reads 'Ergebnis'. */
  short: boolean;
}

/**
 * 'Ergebnis gesperrt' while the centre requires a payment classification first: looks disabled,
 * stays focusable; its tooltip says why (locked-result-tooltip.tsx, loaded when first pointed at).
 */
export function LockedResultButton({
  tabIndex,
  short,
  onPointerEnter,
  onPointerLeave,
}: LockedResultButtonProps & { onPointerEnter?: () => void; onPointerLeave?: () => void }) {
  return (
    <Button
      size="xs"
      variant="default"
      data-disabled
      aria-disabled
      tabIndex={tabIndex}
      onClick={(e) => e.preventDefault()}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      aria-label={short ? 'Ergebnis gesperrt' : undefined}
    >
      {short ? 'Ergebnis' : 'Ergebnis gesperrt'}
    </Button>
  );
}
