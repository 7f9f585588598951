import { useMergedRef } from '@mantine/hooks';
import type { Ref, RefCallback } from 'react';

/**
 * `useMergeRefs` of @floating-ui/react as Mantine's ScrollArea calls it (an array of refs), made of
 * @mantine/hooks' `useMergedRef`. The ScrollArea's one import of floating-ui made every Modal (which
 * imports ScrollArea) download all of floating-ui, 15.6 kB gzip; vite.config.ts hands it this module
 * instead (issue 28: the news prompt on a fresh load of the list).
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): RefCallback<T> {
  return useMergedRef<T>(...refs);
}
