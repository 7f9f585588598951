import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScannedPerson } from '@tz/shared/rules/vcard';
import { lookupCustomerByProfile, search } from '@tz/shared/search/search.contract';
import { useEffect } from 'react';
import { api } from '../../api/client';
import { useAuth } from '../../auth/use-session';

/** Search state (core-workflow §3): the last query and its results, cached per query. */
export const searchKey = (staffId: number, queryString: string) => ['search', staffId, queryString] as const;

export function useSearch(queryString: string) {
  const { staffId } = useAuth();
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: searchKey(staffId, queryString),
    queryFn: () => api(search, { params: { staffId }, body: { queryString } }),
    enabled: queryString.trim() !== '',
    retry: false,
  });
  // A change made in the results (payment classification, check-in, status) repeats the search.
  useEffect(
    () =>
      qc.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void qc.invalidateQueries({ queryKey: ['search', staffId] });
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
