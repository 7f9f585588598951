import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addUserFunctions,
  type CreateUserInput,
  createCustomFunction,
  createUser,
  deleteCustomFunction,
  listFunctions,
  listUserFunctions,
  listUsers,
  removeUserFunction,
  setUserActive,
  type UserProfileInput,
  updatePassword,
  type updatePasswordBodySchema,
  updateUser,
  updateUserName,
} from '@tz/shared/users/users.contract';
import type { z } from 'zod';
import { api } from '../../api/client';

const usersKey = (staffId: number) => ['users', staffId] as const;
const functionsKey = (staffId: number) => ['functions', staffId] as const;
const userFunctionsKey = (staffId: number, userId: number) => ['user-functions', staffId, userId] as const;

export const useUsers = (staffId: number) =>
  useQuery({ queryKey: usersKey(staffId), queryFn: () => api(listUsers, { params: { staffId } }) });

/** Invalidates the user list after a change (the spec reloads the page). */
function useUserMutation<V, R>(staffId: number, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: usersKey(staffId) }) });
}

export const useCreateUser = (staffId: number) =>
  useUserMutation(staffId, (body: CreateUserInput) => api(createUser, { params: { staffId }, body }));

export const useRenameUser = (staffId: number) =>
  useUserMutation(staffId, (v: { userId: number; newName: string }) =>
    api(updateUserName, { params: { staffId, userId: v.userId }, body: { newName: v.newName } }),
  );

export const useChangeRole = (staffId: number) =>
  useUserMutation(staffId, (v: { userId: number; role_id: number }) =>
    api(updateUser, {
      params: { staffId, userId: v.userId },
      body: { user_id: v.userId, staff_id: staffId, role_id: v.role_id },
    }),
  );

export const useUpdateProfile = (staffId: number) =>
  useUserMutation(staffId, (v: { userId: number; profile: UserProfileInput }) =>
    api(updateUser, {
      params: { staffId, userId: v.userId },
      body: { user_id: v.userId, staff_id: staffId, ...v.profile },
    }),
  );

export const useSetActive = (staffId: number) =>
  useUserMutation(staffId, (v: { userId: number; active: 0 | 1 }) =>
    api(setUserActive, {
      params: { staffId, userId: v.userId },
      body: { user_id: v.userId, staff_id: staffId, active: v.active },
    }),
  );

export const useUpdatePassword = (staffId: number) =>
  useMutation({
    mutationFn: (v: { userId: number } & Pick<z.infer<typeof updatePasswordBodySchema>, 'password' | 'password2'>) =>
      api(updatePassword, {
        params: { staffId, userId: v.userId },
        body: { password: v.password, password2: v.password2, user_id: v.userId, staff_id: staffId },
      }),
  });

// Functions

export const useFunctions = (staffId: number) =>
  useQuery({ queryKey: functionsKey(staffId), queryFn: () => api(listFunctions, { params: { staffId } }) });

export const useUserFunctions = (staffId: number, userId: number) =>
  useQuery({
    queryKey: userFunctionsKey(staffId, userId),
    queryFn: () => api(listUserFunctions, { params: { staffId, userId } }),
  });

function useFunctionMutation<V, R>(staffId: number, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: functionsKey(staffId) });
      await qc.invalidateQueries({ queryKey: ['user-functions', staffId] });
    },
  });
}

export const useAddUserFunctions = (staffId: number, userId: number) =>
  useFunctionMutation(staffId, (functions: number[]) =>
    api(addUserFunctions, { params: { staffId, userId }, body: { functions } }),
  );

export const useRemoveUserFunction = (staffId: number, userId: number) =>
  useFunctionMutation(staffId, (functionId: number) =>
    api(removeUserFunction, { params: { staffId, userId, functionId } }),
  );

export const useCreateCustomFunction = (staffId: number) =>
  useFunctionMutation(staffId, (v: { label: string; category: 'skill' | 'function' | 'language' }) =>
    api(createCustomFunction, { params: { staffId }, body: { ...v, staff_id: staffId } }),
  );

export const useDeleteCustomFunction = (staffId: number) =>
  useFunctionMutation(staffId, (functionId: number) => api(deleteCustomFunction, { params: { staffId, functionId } }));
