import { useQuery } from '@tanstack/react-query';
import { getHostBranding } from '@tz/shared/platform/platform.contract';
import { api } from '../api/client';

/** Branding of the host name the app is opened on; an unknown host fails with code NT. */
export function useHost() {
  return useQuery({
    queryKey: ['host'],
    queryFn: () => api(getHostBranding),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
