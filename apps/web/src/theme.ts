import { type CSSVariablesResolver, createTheme, Drawer, Modal, Notification } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Darker shades keep text on primary buttons above WCAG AA contrast.
  primaryShade: { light: 8, dark: 7 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Schließen' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Schließen' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Meldung schließen' } } }),
  },
});

/** Mantine's default dimmed grey fails WCAG AA on white; this one passes (6.0:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Mantine's error red (red-6) fails on white too; red-9 passes (5.4:1).
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
