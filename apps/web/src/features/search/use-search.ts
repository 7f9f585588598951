import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScannedPerson } from '@tz/shared/rules/vcard';
import { lookupCustomerByProfile, search } from '@tz/shared/search/search.contract';
import { useEffect } from 'react';
import { api } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { searchKey } from './search-cache';

/** Search state (core-workflow §3): the last query and its results, cached per query. */
export function useSearch(queryString: string) {
  const { staffId } = useAuth();
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: searchKey(staffId, queryString),
    queryFn: () => api(search, { params: { staffId }, body: { queryString } }),
    enabled: queryString.trim() !== '',
    retry: false,
  });
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
