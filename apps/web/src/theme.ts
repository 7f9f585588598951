import {
  type CSSVariablesResolver,
  createTheme,
  type DrawerProps,
  type ModalProps,
  type NotificationProps,
  type PasswordInputProps,
} from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Who asks the system for less motion gets no transitions (dialogs, menus, notifications).
  respectReducedMotion: true,
  // Darker shades keep text on primary buttons above WCAG AA contrast.
  primaryShade: { light: 8, dark: 7 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Plain objects, not Modal.extend() & co.: referencing a component would put it (Modal: with ScrollArea
  // and floating-ui) into the login screen's download; `satisfies` keeps the props checked.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Schließen' } } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Schließen' } } satisfies Partial<DrawerProps> },
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': 'Eingabe anzeigen' },
      } satisfies Partial<PasswordInputProps>,
    },
    // A badge or button is never drawn narrower than its words: squeezed by a flex row or a table cell
    // it cut them ("QR" drawn as "QI", "aktiv" as "AK…"). Where the room is short, rows wrap instead.
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    Button: { styles: { root: { minWidth: 'max-content' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Meldung schließen' } } satisfies Partial<NotificationProps>,
    },
  },
});

/**
 * Mantine's default dimmed grey and error red fail WCAG AA on white; these
 * pass (6.0:1 and 5.6:1), and on the grey of a cancelled row (gray.1) too
 * (5.4:1 and 4.9:1). So does green text of light-variant badges and buttons
 * on their pale green ("An DEMIS gemeldet": 3.2:1, now 6.1:1). Small red
 * text uses red.9 (= the error red): red.8 has only 4.05:1 on gray.1.
 * The light variant's text of the other colours in use is darker too: under
 * the pointer a light button turns to shade 2, where Mantine's shade-9 text
 * had 4.0:1 (blue), 3.8:1 (red), 3.2:1 (orange); now 5.5, 5.2 and 5.2:1
 * (6.8, 6.2, 5.9:1 unhovered).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-green-light-color': '#1e6b30',
    '--mantine-color-blue-light-color': '#0b4f8a',
    '--mantine-color-red-light-color': '#a51d1d',
    '--mantine-color-orange-light-color': '#9c3a08',
  },
  dark: {},
});
