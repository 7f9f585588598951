import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activateServices,
  type activationBodySchema,
  createService,
  getService,
  listAvailableServices,
  listCustomServices,
  listServiceCategories,
  listServices,
  listTestTypes,
  type ServiceInput,
  updateService,
} from '@tz/shared/services/services.contract';
import type { z } from 'zod';
import { api } from '../../api/client';

type ActivationItem = z.input<typeof activationBodySchema>['services'][number];

export const useServices = (staffId: number) =>
  useQuery({ queryKey: ['services', staffId], queryFn: () => api(listServices, { params: { staffId } }) });

export const useAvailableServices = (staffId: number) =>
  useQuery({
    queryKey: ['services', staffId, 'available'],
    queryFn: () => api(listAvailableServices, { params: { staffId } }),
  });

export const useCustomServices = (staffId: number) =>
  useQuery({
    queryKey: ['services', staffId, 'custom'],
    queryFn: () => api(listCustomServices, { params: { staffId } }),
  });

export const useTestTypes = (staffId: number) =>
  useQuery({
    queryKey: ['test-types', staffId],
    queryFn: () => api(listTestTypes, { params: { staffId } }),
    staleTime: 5 * 60_000,
  });

export const useServiceCategories = (staffId: number) =>
  useQuery({
    queryKey: ['service-categories', staffId],
    queryFn: () => api(listServiceCategories, { params: { staffId } }),
    staleTime: 5 * 60_000,
  });

export const useService = (staffId: number, serviceId: number | undefined) =>
  useQuery({
    queryKey: ['services', staffId, 'one', serviceId],
    queryFn: () => api(getService, { params: { staffId, serviceId: serviceId! } }),
    enabled: serviceId !== undefined,
  });

export function useSaveService(staffId: number, serviceId: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceInput) =>
      serviceId === undefined
        ? api(createService, { params: { staffId }, body: { ...body, staff_id: staffId } })
        : api(updateService, { params: { staffId, serviceId }, body: { ...body, staff_id: staffId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['services', staffId] }),
  });
}

export function useActivateServices(staffId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (services: ActivationItem[]) =>
      api(activateServices, { params: { staffId }, body: { staff_id: staffId, services } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['services', staffId] }),
  });
}
