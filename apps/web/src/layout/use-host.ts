import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { hostBrandingEndpoint } from '../api/entry-endpoints';

/** Branding of the host name the app is opened on; an unknown host fails with code NT. */
export function useHost() {
  return useQuery({
    queryKey: ['host'],
    queryFn: () => api(hostBrandingEndpoint),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
