import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CustomerFields,
  type CustomerListQuery,
  getCustomer,
  listCustomers,
  listInsuranceProviders,
  updateCustomer,
} from '@tz/shared/customers/customers.contract';
import { api } from '../../api/client';
import { useAuth } from '../../auth/use-session';

export const useCustomers = (query: CustomerListQuery) => {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: ['customers', staffId, 'list', query],
    queryFn: () => api(listCustomers, { params: { staffId }, query }),
    placeholderData: keepPreviousData,
  });
};

export const useCustomer = (customerId: number) => {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: ['customers', staffId, 'one', customerId],
    queryFn: () => api(getCustomer, { params: { staffId, customerId } }),
  });
};

export const useInsuranceProviders = () => {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: ['insurance-providers'],
    queryFn: () => api(listInsuranceProviders, { params: { staffId } }),
    staleTime: 60 * 60_000,
  });
};

export function useUpdateCustomer(customerId: number) {
  const { staffId } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerFields) => api(updateCustomer, { params: { staffId, customerId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['customers', staffId] }),
  });
}
