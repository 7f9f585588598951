import type { login } from '@tz/shared/auth/auth.contract';
import { ROLE } from '@tz/shared/constants';
import type { Endpoint } from '@tz/shared/http/endpoint';
import type { listNews } from '@tz/shared/news/news.contract';
import type { getHostBranding, reportClientError } from '@tz/shared/platform/platform.contract';

/**
 * The endpoints the app frame and the login screen call, without their zod
 * schemas. Importing a contract evaluates its schemas and so pulls zod
 * (~35 KB gzip) into the first download; the client only reads method, path
 * and access, and the types still come from the contracts (type-only
 * imports). entry-endpoints.test.ts proves each one equals its contract.
 */
const withoutSchemas = <E extends Endpoint>(e: Pick<E, 'method' | 'path' | 'access'>) => e as E;

export const hostBrandingEndpoint = withoutSchemas<typeof getHostBranding>({
  method: 'GET',
  path: '/api/public/host',
  access: { public: true },
});

export const reportClientErrorEndpoint = withoutSchemas<typeof reportClientError>({
  method: 'POST',
  path: '/api/public/client-errors',
  access: { public: true },
});

export const loginEndpoint = withoutSchemas<typeof login>({
  method: 'POST',
  path: '/api/auth/login',
  access: { public: true },
});

export const listNewsEndpoint = withoutSchemas<typeof listNews>({
  method: 'GET',
  path: '/api/news',
  access: { maxRole: ROLE.staff },
});
