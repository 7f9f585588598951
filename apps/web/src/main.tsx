import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/de';
import { SPINNER_MIN_MS } from '@tz/shared/constants';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { installGlobalErrorReporting } from './error-reporting';

dayjs.locale('de');
installGlobalErrorReporting();

const started = performance.now();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The start spinner stays at least one second (spec core-workflow §9).
setTimeout(
  () => document.getElementById('start-spinner')?.remove(),
  Math.max(0, SPINNER_MIN_MS - (performance.now() - started)),
);
