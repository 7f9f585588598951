import { type CSSVariablesResolver, createTheme, Drawer, Modal, Notification, PasswordInput } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Darker shades keep text on primary buttons above WCAG AA contrast.
  primaryShade: { light: 8, dark: 7 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Schließen' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Schließen' } } }),
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Eingabe anzeigen' } },
    }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Meldung schließen' } } }),
  },
});

/**
 * Mantine's default dimmed grey and error red fail WCAG AA on white; these
 * pass (6.0:1 and 5.6:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': '#c92a2a' },
  dark: {},
});
