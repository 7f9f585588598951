import type { z } from 'zod';
import { hardenInput } from './safe-input';

/**
 * Who may call an endpoint. The server's guard enforces exactly this and the
 * authorization matrix test enumerates it, so a route cannot exist without it.
 * - `public`: no login (check-in form, booking page, login itself).
 * - `maxRole`: the weakest role_id allowed (lower is more powerful).
 * - `tenant`: the path parameter naming the centre (staff_id); callers may only
 *   touch their own centre unless they are platform admins (role <= 10).
 * - `stages`: the sign-in stages that may call it (default: only a full session).
 *   A session whose second factor is still due ('totp') or must first be set up
 *   ('totp_setup') reaches only the routes that name its stage.
 */
export type Access = { public: true } | { maxRole: number; tenant?: 'staffId'; stages?: readonly SessionStage[] };

/** How far a session has come: 'full', or waiting for its second factor, or for setting one up. */
export type SessionStage = 'full' | 'totp' | 'totp_setup';

/** The stages a route accepts (only a full session unless it says otherwise). */
export const stagesOf = (access: Exclude<Access, { public: true }>): readonly SessionStage[] =>
  access.stages ?? ['full'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Schema = z.ZodType | undefined;
/** The parsed type of an optional schema; `undefined` when there is none. */
export type Infer<T extends Schema> = T extends z.ZodType ? z.infer<T> : undefined;

export interface Endpoint<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: HttpMethod;
  path: string;
  access: A;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

export function endpoint<
  R extends z.ZodType,
  A extends Access,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
>(e: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  // Every request schema refuses control characters and out-of-range integers (safe-input.ts), once, here.
  return {
    ...e,
    ...(e.params ? { params: hardenInput(e.params) } : {}),
    ...(e.query ? { query: hardenInput(e.query) } : {}),
    ...(e.body ? { body: hardenInput(e.body) } : {}),
  };
}

/** Fills `:name` placeholders of a contract path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The one error body every failing call answers with. */
export interface ApiErrorBody {
  error: string;
  message: string;
  details?: unknown;
}
