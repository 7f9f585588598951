import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BookingStatus,
  getAccountStatus,
  removeSuspension,
  setAccountStatus,
  suspendAccount,
} from '@tz/shared/account/account.contract';
import { api } from '../../api/client';

const key = (staffId: number) => ['account', staffId] as const;

export const useAccountStatus = (staffId: number) =>
  useQuery({ queryKey: key(staffId), queryFn: () => api(getAccountStatus, { params: { staffId } }) });

function useAccountMutation<V, R>(staffId: number, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: key(staffId) }) });
}

export const useSetStatus = (staffId: number) =>
  useAccountMutation(staffId, (status: BookingStatus) =>
    api(setAccountStatus, { params: { staffId }, body: { status } }),
  );

export const useSuspend = (staffId: number) =>
  useAccountMutation(staffId, (date: string) => api(suspendAccount, { params: { staffId }, body: { date } }));

export const useRemoveSuspension = (staffId: number) =>
  useAccountMutation(staffId, () => api(removeSuspension, { params: { staffId } }));
