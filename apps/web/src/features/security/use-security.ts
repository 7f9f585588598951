import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endOtherSessions, endOwnSession, listOwnSessions } from '@tz/shared/auth/sessions.contract';
import {
  confirmTwoFactor,
  disableTwoFactor,
  getCentreTwoFactor,
  getPlatformSecurity,
  getTwoFactor,
  listTwoFactorUsers,
  resetTwoFactor,
  setCentreTwoFactor,
  setPlatformSecurity,
  startTwoFactorSetup,
} from '@tz/shared/auth/two-factor.contract';
import { api } from '../../api/client';

/** The own second factor and sessions ('Mein Zugang'), the centre's and the platform's rule, the reset. */

const OWN = ['security'] as const;

export const useTwoFactorStatus = () =>
  useQuery({ queryKey: [...OWN, 'two-factor'], queryFn: () => api(getTwoFactor) });

export const useOwnSessions = () => useQuery({ queryKey: [...OWN, 'sessions'], queryFn: () => api(listOwnSessions) });

function useOwnMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: OWN }) });
}

/** Set-up calls take a sign-in step's token when the set-up is part of signing in. */
export const startSetup = (token?: string) => api(startTwoFactorSetup, token ? { token } : {});
export const confirmSetup = (code: string, token?: string) =>
  api(confirmTwoFactor, { body: { code }, ...(token ? { token } : {}) });

export const useDisableTwoFactor = () =>
  useOwnMutation((password: string) => api(disableTwoFactor, { body: { password } }));

export const useEndSession = () => useOwnMutation((sessionId: string) => api(endOwnSession, { params: { sessionId } }));

export const useEndOtherSessions = () => useOwnMutation(() => api(endOtherSessions));

export const usePlatformSecurity = (enabled: boolean) =>
  useQuery({ queryKey: ['platform', 'security'], queryFn: () => api(getPlatformSecurity), enabled });

export function useSetPlatformSecurity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => api(setPlatformSecurity, { body: { admin_totp_required_from: date } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['platform', 'security'] }),
  });
}

export const useCentreTwoFactor = (staffId: number) =>
  useQuery({
    queryKey: ['account', staffId, 'two-factor'],
    queryFn: () => api(getCentreTwoFactor, { params: { staffId } }),
  });

export function useSetCentreTwoFactor(staffId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => api(setCentreTwoFactor, { params: { staffId }, body: { required } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['account', staffId, 'two-factor'] }),
  });
}

export const useTwoFactorUsers = (staffId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['users', staffId, 'two-factor'],
    queryFn: () => api(listTwoFactorUsers, { params: { staffId } }),
    enabled,
  });

export function useResetTwoFactor(staffId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api(resetTwoFactor, { params: { staffId, userId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['users', staffId, 'two-factor'] }),
  });
}
