import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getOegdForm, type OegdFormBody, saveOegdForm, updateCustomerGender } from '@tz/shared/oegd/oegd.contract';
import { api } from '../../api/client';
import { useAuth } from '../../auth/use-session';

const key = (staffId: number, customerId: number, token: string) => ['oegd', staffId, customerId, token];

export function useOegdForm(customerId: number, token: string) {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: key(staffId, customerId, token),
    queryFn: () => api(getOegdForm, { params: { staffId, customerId, token } }),
  });
}

export function useSaveOegdForm(customerId: number, token: string) {
  const { staffId } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: OegdFormBody) => api(saveOegdForm, { params: { staffId, customerId, token }, body: values }),
    onSuccess: (data) => qc.setQueryData(key(staffId, customerId, token), data),
  });
}

export function useUpdateGender() {
  const { staffId } = useAuth();
  return useMutation({
    mutationFn: (v: { customer_id: number; gender: number }) =>
      api(updateCustomerGender, { params: { staffId }, body: v }),
  });
}
