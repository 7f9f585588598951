import { z } from 'zod';
import { ASSIGNABLE_ROLES, BIRTHDAY_FIRST_YEAR, FUNCTION_CATEGORIES, MIN_PASSWORD_LENGTH, ROLE } from '../constants';
import { endpoint } from '../http/endpoint';
import { MSG } from '../messages';
import { isValidFte } from '../rules/fte';
import { isValidIban } from '../rules/iban';

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });
const userParams = staffParams.extend({ userId: z.coerce.number().int().positive() });
const userFunctionParams = userParams.extend({ functionId: z.coerce.number().int().positive() });
const functionParams = staffParams.extend({ functionId: z.coerce.number().int().positive() });

export const roleIdSchema = z
  .number()
  .int()
  .refine((v) => (ASSIGNABLE_ROLES as readonly number[]).includes(v), MSG.roleNotAllowed);

/** A user as the user list shows it (core-workflow §3 User, with the profile fields). */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role_id: z.number().int(),
  active: z.number().int(),
  staff_id: z.number().int(),
  birthdate: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  fte: z.number().nullable(),
  /** Euros (the profile form's unit), two decimals. */
  hourly_rate: z.number().nullable(),
  basic_salary: z.number().nullable(),
  bank_institution: z.string().nullable(),
  bank_swift: z.string().nullable(),
  bank_iban: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

const profileText = (max = 200) => z.string().trim().max(max).nullable().optional();
const amount = z
  .number()
  .min(0, MSG.amountInvalid)
  .max(99_999_999, MSG.amountInvalid)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, MSG.amountInvalid)
  .nullable()
  .optional();

/**
 * The editable profile fields. A missing field or '' means "not sent": it keeps its value; null clears
 * the field (the form sends null only for a field the user emptied).
 */
export const userProfileSchema = z.object({
  birthdate: z
    .union([
      z.literal(''),
      z.iso
        .date(MSG.birthdateInvalid)
        .refine(
          (v) => Number(v.slice(0, 4)) >= BIRTHDAY_FIRST_YEAR && v <= new Date().toISOString().slice(0, 10),
          MSG.birthdateInvalid,
        ),
    ])
    .nullable()
    .optional(),
  zip: profileText(10),
  city: profileText(),
  street: profileText(),
  mobile: profileText(50),
  phone: profileText(50),
  fte: z.number().refine(isValidFte, MSG.fteInvalid).nullable().optional(),
  hourly_rate: amount,
  basic_salary: amount,
  bank_institution: profileText(),
  /** Labelled "Bankleitzahl/BIC" in the form. */
  bank_swift: profileText(20),
  bank_iban: z
    .string()
    .trim()
    .max(42)
    .refine((v) => v === '' || isValidIban(v), MSG.ibanInvalid)
    .nullable()
    .optional(),
});
export type UserProfileInput = z.infer<typeof userProfileSchema>;
export const PROFILE_FIELDS = Object.keys(userProfileSchema.shape) as (keyof UserProfileInput)[];

export const updateUserBodySchema = userProfileSchema.extend({
  user_id: z.number().int().positive().optional(),
  staff_id: z.number().int().positive().optional(),
  role_id: roleIdSchema.optional(),
});

const passwordPair = {
  password: z.string().min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort).max(200),
  password2: z.string().max(200),
};
const samePasswords = (v: { password: string; password2: string }) => v.password === v.password2;

export const createUserBodySchema = z
  .object({
    name: z.string().trim().min(1, MSG.nameRequired).max(200),
    email: z.email(MSG.emailInvalid).max(254),
    ...passwordPair,
    role_id: roleIdSchema.default(ROLE.staff),
    staff_id: z.number().int().positive(),
  })
  .refine(samePasswords, { message: MSG.passwordMismatch, path: ['password2'] });
export type CreateUserInput = z.infer<typeof createUserBodySchema>;

export const updatePasswordBodySchema = z
  .object({
    ...passwordPair,
    user_id: z.number().int().positive().optional(),
    staff_id: z.number().int().positive().optional(),
  })
  .refine(samePasswords, { message: MSG.passwordMismatch, path: ['password2'] });
export type UpdatePasswordInput = z.infer<typeof updatePasswordBodySchema>;

const messageResponse = z.object({ message: z.string() });

export const listUsers = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/users',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Benutzer eines Zentrums',
  params: staffParams,
  response: z.array(userSchema),
});

export const createUser = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/users',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Benutzer anlegen (Rolle 30 ohne Angabe; E-Mail eindeutig)',
  params: staffParams,
  body: createUserBodySchema,
  response: z.object({ id: z.number().int(), message: z.string() }),
});

export const updateUserName = endpoint({
  method: 'PUT',
  path: '/api/staff/:staffId/users/:userId/name',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Namen eines Benutzers ändern',
  params: userParams,
  body: z.object({ newName: z.string().trim().min(1, MSG.nameRequired).max(200) }),
  response: z.object({ name: z.string(), message: z.string() }),
});

export const updateUser = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/users/:userId',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Rolle und/oder Profildaten eines Benutzers ändern (nur nicht leere Felder)',
  params: userParams,
  body: updateUserBodySchema,
  response: z.object({ user: userSchema, message: z.string() }),
});

export const setUserActive = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/users/:userId/active',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Zugang sperren (0) oder aktivieren (1); Sperren beendet alle Sitzungen',
  params: userParams,
  body: z.object({
    user_id: z.number().int().positive().optional(),
    staff_id: z.number().int().positive().optional(),
    active: z.union([z.literal(0), z.literal(1)]),
  }),
  response: z.object({ active: z.number().int(), message: z.string() }),
});

export const updatePassword = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/users/:userId/password',
  // Everyone may change their own password; another user's needs role 25 or lower (checked in the service).
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Passwort ändern (eigenes; fremdes nur ab Rolle 25 im selben Zentrum)',
  params: userParams,
  body: updatePasswordBodySchema,
  response: messageResponse,
});

// Functions (skills) of users

export const functionCategorySchema = z.enum(FUNCTION_CATEGORIES, MSG.functionCategoryRequired);

export const functionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  category: functionCategorySchema,
  /** Owner centre of a custom function; null for the platform catalogue. */
  staff_id: z.number().int().nullable(),
});
export type UserFunction = z.infer<typeof userFunctionSchema>;
export type FunctionEntry = z.infer<typeof functionSchema>;

export const userFunctionSchema = functionSchema.extend({
  user_function_id: z.number().int(),
  function_id: z.number().int(),
});

export const listFunctions = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/functions',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Alle Funktionen: Katalog und eigene des Zentrums',
  params: staffParams,
  response: z.array(functionSchema),
});

export const createCustomFunction = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/functions',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Eigene Funktion anlegen (nur für das eigene Zentrum)',
  params: staffParams,
  body: z.object({
    label: z.string().trim().min(1, MSG.functionLabelRequired).max(100),
    category: functionCategorySchema,
    staff_id: z.number().int().positive(),
  }),
  response: functionSchema,
});

export const deleteCustomFunction = endpoint({
  method: 'DELETE',
  path: '/api/staff/:staffId/functions/:functionId',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Eigene Funktion löschen (nur mit der eigenen staff_id)',
  params: functionParams,
  response: messageResponse,
});

export const listUserFunctions = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/users/:userId/functions',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Funktionen eines Benutzers',
  params: userParams,
  response: z.array(userFunctionSchema),
});

export const addUserFunctions = endpoint({
  method: 'PATCH',
  path: '/api/staff/:staffId/users/:userId/functions',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Funktionen einem Benutzer zuordnen (Liste von IDs)',
  params: userParams,
  body: z.object({ functions: z.array(z.number().int().positive()).min(1).max(200) }),
  response: z.array(userFunctionSchema),
});

export const removeUserFunction = endpoint({
  method: 'DELETE',
  path: '/api/staff/:staffId/users/:userId/functions/:functionId',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Funktion von einem Benutzer entfernen',
  params: userFunctionParams,
  response: z.array(userFunctionSchema),
});
