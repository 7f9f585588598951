import { lazyDialog } from '../../ui/lazy-dialog';

/** The result dialog's code (date field, radios), fetched when a result button is pointed at or focused. */
export const preloadResultDialog = () => void import('./result-dialog').catch(() => {});

/** The result dialog, loaded with its first opening (issue 28: not with the list). */
export const LazyResultDialog = lazyDialog(
  () => import('./result-dialog').then((m) => m.ResultDialog),
  (props) => props.appointment !== null,
);
