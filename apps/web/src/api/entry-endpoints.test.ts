import { login } from '@tz/shared/auth/auth.contract';
import type { Endpoint } from '@tz/shared/http/endpoint';
import { listNews } from '@tz/shared/news/news.contract';
import { getHostBranding, reportClientError } from '@tz/shared/platform/platform.contract';
import { describe, expect, it } from 'vitest';
import { hostBrandingEndpoint, listNewsEndpoint, loginEndpoint, reportClientErrorEndpoint } from './entry-endpoints';

const route = (e: Endpoint) => ({ method: e.method, path: e.path, access: e.access });

describe('endpoints of the first download', () => {
  it.each([
    ['host branding', hostBrandingEndpoint, getHostBranding],
    ['client errors', reportClientErrorEndpoint, reportClientError],
    ['login', loginEndpoint, login],
    ['news', listNewsEndpoint, listNews],
  ] as [string, Endpoint, Endpoint][])('%s has the method, path and access of its contract', (_, light, contract) => {
    expect(route(light)).toEqual(route(contract));
  });
});
