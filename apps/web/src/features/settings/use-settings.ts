import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getSettings,
  listCentreTypes,
  type SettingsInput,
  updateSettings,
  uploadDemisCertificate,
} from '@tz/shared/settings/settings.contract';
import { api } from '../../api/client';

export const useSettings = (staffId: number) =>
  useQuery({ queryKey: ['settings', staffId], queryFn: () => api(getSettings, { params: { staffId } }) });

export const useCentreTypes = (staffId: number) =>
  useQuery({
    queryKey: ['settings', staffId, 'centre-types'],
    queryFn: () => api(listCentreTypes, { params: { staffId } }),
    staleTime: 5 * 60_000,
  });

export function useUpdateSettings(staffId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsInput) => api(updateSettings, { params: { staffId }, body: body as never }),
    onSuccess: (r) => {
      qc.setQueryData(['settings', staffId], r.settings);
      void qc.invalidateQueries({ queryKey: ['session'] });
      // DEMIS eligibility depends on these settings
      void qc.invalidateQueries({ queryKey: ['demis', 'eligibility'] });
    },
  });
}

export function useUploadCertificate(staffId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, passphrase }: { file: File; passphrase: string }) => {
      const data = new FormData();
      if (passphrase) data.append('passphrase', passphrase);
      data.append('file', file);
      return api(uploadDemisCertificate, { params: { staffId }, body: data as never });
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['settings', staffId] });
      void qc.invalidateQueries({ queryKey: ['demis', 'eligibility'] });
    },
  });
}
