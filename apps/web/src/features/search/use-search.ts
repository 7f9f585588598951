import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScannedPerson } from '@tz/shared/rules/vcard';
import { lookupCustomerByProfile, search } from '@tz/shared/search/search.contract';
import { useEffect } from 'react';
import { api } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { searchKey } from './search-cache';

const searchQuery = (staffId: number, queryString: string) =>
  queryOptions({
    queryKey: searchKey(staffId, queryString),
    queryFn: () => api(search, { params: { staffId }, body: { queryString } }),
    enabled: queryString.trim() !== '',
    retry: false,
    // The screen takes over the header's prefetch without asking again; a change in the results still
    // repeats the search (invalidation), and so does the same text searched again after this.
    staleTime: 5_000,
  });

/**
 * Starts a search before its screen is there (the header's Enter): the request runs while the screen's
 * code loads and renders, and the screen's useSearch takes over the same query.
 */
export function prefetchSearch(qc: QueryClient, staffId: number, queryString: string) {
  return qc.prefetchQuery(searchQuery(staffId, queryString));
}

/** Search state (core-workflow §3): the last query and its results, cached per query. */
export function useSearch(queryString: string) {
  const { staffId } = useAuth();
  const qc = useQueryClient();
  const query = useQuery(searchQuery(staffId, queryString));
  // A change made in the results (payment classification, check-in, status) repeats the search (§2). The
  // success event comes after the change's answer, which the row already shows (use-appointments usePatch): the
  // repeated search is sent only once the change is stored, so it cannot bring back the old state.
  useEffect(
    () =>
      qc.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void qc.invalidateQueries({ queryKey: searchKey(staffId) });
        }
      }),
    [qc, staffId],
  );
  return query;
}

/** The customers a scanned corona-app profile can be (zero, one or several). */
export function lookupProfile(staffId: number, p: ScannedPerson) {
  return api(lookupCustomerByProfile, {
    params: { staffId },
    body: {
      first_name: p.firstName,
      last_name: p.lastName,
      birthday: p.birthday,
      postcode: p.address.postcode,
      street: p.address.street,
    },
  });
}
