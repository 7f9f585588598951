import { Button } from '@mantine/core';
import type { HandoffLanguage } from '@tz/shared/rules/handoff-payload';

export interface HandoffMenuProps {
  label: string;
  /** False when no address is configured for this system: the button is disabled and says why. */
  available: boolean;
  onPick: (lang: HandoffLanguage) => void;
}

/** The button of a hand-off menu ('Papiererklärung', 'Zertifikat'); the menu is handoff-menu.tsx. */
export function HandoffButton({
  label,
  available,
  onClick,
}: {
  label: string;
  available: boolean;
  onClick?: () => void;
}) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      disabled={!available}
      title={available ? undefined : 'Für diese Adresse ist kein Ziel hinterlegt'}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
