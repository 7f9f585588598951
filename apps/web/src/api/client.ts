import { buildPath, type Endpoint, type Infer, type Schema } from '@tz/shared/http/endpoint';
import { MSG } from '@tz/shared/messages';
import type { z } from 'zod';
import { sessionStore } from '../auth/session-store';

/** A failed call: HTTP status plus the server's code and German message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type Args<P extends Schema, Q extends Schema, B extends Schema> = {
  params?: Infer<P> extends undefined ? undefined : Record<string, string | number>;
  query?: Infer<Q>;
  body?: Infer<B>;
  accept?: string;
  /** A sign-in step's own token (second factor), instead of the stored session's. */
  token?: string;
};

let onUnauthorized: () => void = () => {};
/** What a 401 on a logged-in call does (the app shows the session-expired message). */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

async function send(
  e: Endpoint,
  args: {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
    accept?: string;
    token?: string;
  },
) {
  let url = buildPath(e.path, args.params);
  if (args.query && typeof args.query === 'object') {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(args.query)) if (v !== undefined && v !== null) qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  const headers: Record<string, string> = { accept: args.accept ?? 'application/json' };
  const stored = sessionStore.get()?.login.token;
  const token = args.token ?? stored;
  if (token && !('public' in e.access)) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (args.body instanceof FormData) body = args.body;
  else if (args.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(args.body);
  } else if (e.method !== 'GET' && e.method !== 'DELETE') {
    headers['content-type'] = 'application/json';
    body = '{}';
  }
  let res: Response;
  try {
    res = await fetch(url, { method: e.method, headers, body });
  } catch {
    throw new ApiError(0, 'NETWORK', `${MSG.genericError} (Netzwerk)`);
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => ({}))) as { error?: string; message?: string; details?: unknown };
    // A sign-in step's token is no stored session: its expiry is the step's own business.
    if (res.status === 401 && token && !args.token && !('public' in e.access)) onUnauthorized();
    throw new ApiError(
      res.status,
      data.error ?? 'HTTP',
      data.message ?? `${MSG.genericError} (${res.status})`,
      data.details,
    );
  }
  return res;
}

/** Calls one contract endpoint and returns its typed JSON answer. */
export async function api<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  R extends z.ZodType,
  A extends Endpoint['access'],
>(e: Endpoint<P, Q, B, R, A>, args: Args<P, Q, B> = {}): Promise<z.infer<R>> {
  const res = await send(e as unknown as Endpoint, args as never);
  return (await res.json()) as z.infer<R>;
}

/** Calls an endpoint that answers a file and saves it under the server's file name. */
export async function download<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  R extends z.ZodType,
  A extends Endpoint['access'],
>(e: Endpoint<P, Q, B, R, A>, args: Args<P, Q, B> & { fallbackName: string }): Promise<void> {
  const res = await send(e as unknown as Endpoint, args as never);
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? args.fallbackName;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
