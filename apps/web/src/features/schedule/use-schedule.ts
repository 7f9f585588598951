import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSpecialDays,
  deleteHoliday,
  deleteSpecialDay,
  listHolidays,
  listScheduleItems,
  listSpecialDays,
  type ScheduleItemInput,
  type SpecialDayInput,
  updateHolidays,
  updateSchedule,
} from '@tz/shared/schedule/schedule.contract';
import { api } from '../../api/client';

export const useScheduleItems = (staffId: number) =>
  useQuery({
    queryKey: ['schedule', staffId, 'items'],
    queryFn: () => api(listScheduleItems, { params: { staffId } }),
  });

export const useSpecialDays = (staffId: number) =>
  useQuery({
    queryKey: ['schedule', staffId, 'special-days'],
    queryFn: () => api(listSpecialDays, { params: { staffId } }),
  });

export const useHolidays = (staffId: number) =>
  useQuery({ queryKey: ['schedule', staffId, 'holidays'], queryFn: () => api(listHolidays, { params: { staffId } }) });

function useScheduleMutation<T>(staffId: number, fn: (v: T) => Promise<{ message: string }>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['schedule', staffId] }) });
}

export const useUpdateSchedule = (staffId: number) =>
  useScheduleMutation(staffId, (schedule_items: ScheduleItemInput[]) =>
    api(updateSchedule, { params: { staffId }, body: { staff_id: staffId, schedule_items } }),
  );

export const useCreateSpecialDays = (staffId: number) =>
  useScheduleMutation(staffId, (special_days: SpecialDayInput[]) =>
    api(createSpecialDays, { params: { staffId }, body: { staff_id: staffId, special_days } }),
  );

export const useDeleteSpecialDay = (staffId: number) =>
  useScheduleMutation(staffId, (specialDayId: number) => api(deleteSpecialDay, { params: { staffId, specialDayId } }));

export const useUpdateHolidays = (staffId: number) =>
  useScheduleMutation(staffId, (date: string[]) =>
    api(updateHolidays, { params: { staffId }, body: { staff_id: staffId, date } }),
  );

export const useDeleteHoliday = (staffId: number) =>
  useScheduleMutation(staffId, (holidayId: number) => api(deleteHoliday, { params: { staffId, holidayId } }));
