/**
 * The vendor API client: builds each request's Basic credentials (org id or '' as username,
 * the key read fresh from the keychain for every call so a sign-out takes effect at once),
 * sends it through http.ts and validates every answer against wire.ts before anyone sees it.
 */
import { z } from 'zod';
import { AppError } from '../app-error';
import { validateBaseUrl } from './base-url';
import { createHttp, type Method } from './http';
import { wording, type Subject } from './messages';
import { collectPages, collectPagesAsJson } from './paging';
import type { JsonText } from '../json-text';
import {
  Device,
  FootTraffic,
  Location,
  LocationMetric,
  Organization,
  PAGE_SIZE_MAX,
  listOf,
  one,
} from './wire';
import type { VendorApi } from './vendor-api';

export type { VendorApi } from './vendor-api';
export { validateBaseUrl } from './base-url';

export interface ApiClientOptions {
  baseUrl: string;
  /** null until the technician chooses one; org-scoped calls then fail with not_signed_in. */
  organizationId: string | null;
  getApiKey: () => Promise<string>;
  fetch: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Extra attempts for GET only. */
  maxRetries?: number;
  maxBodyBytes?: number;
  maxPages?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  signal?: AbortSignal;
}

type Scope = 'cross' | 'org';
type Query = Record<string, string | number | boolean | undefined>;

const SignedInUser = z.looseObject({ id: z.string(), name: z.string() });
const DeviceTrafficBody = z.looseObject({
  data: z.array(FootTraffic),
  meta: z.looseObject({ total: z.number().int().nonnegative().optional() }).optional(),
});

const seg = encodeURIComponent;

const parse = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  // Paths and zod's own wording only: the values themselves are not copied into the cause.
  const summary = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new AppError(
    { kind: 'bad_response', ...wording.unreadable() },
    { cause: new Error(summary) },
  );
};

export const createApiClient = (options: ApiClientOptions): VendorApi => {
  const baseUrl = validateBaseUrl(options.baseUrl);
  const maxPages = options.maxPages ?? 1000;
  const http = createHttp({
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxRetries: options.maxRetries ?? 3,
    maxBodyBytes: options.maxBodyBytes ?? 20 * 1024 * 1024,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
    now: Date.now,
    signal: options.signal,
  });

  const credentials = async (scope: Scope) => {
    let username = '';
    if (scope === 'org') {
      if (!options.organizationId)
        throw new AppError({ kind: 'not_signed_in', ...wording.noOrganization() });
      username = options.organizationId;
    }
    const key = await options.getApiKey();
    if (!key) throw new AppError({ kind: 'not_signed_in', ...wording.noKey() });
    const token = Buffer.from(`${username}:${key}`, 'utf8').toString('base64');
    return { authorization: `Basic ${token}`, secrets: [key, token] };
  };

  const call = async (
    method: Method,
    scope: Scope,
    path: string,
    subject: Subject,
    query?: Query,
    body?: unknown,
  ) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(name, String(value));
    }
    const qs = search.toString();
    const url = `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
    const auth = await credentials(scope);
    return http.send({ method, url, ...auth, body, subject });
  };

  const get = async <S extends z.ZodType>(
    schema: S,
    scope: Scope,
    path: string,
    subject: Subject,
    query?: Query,
  ) => parse(schema, (await call('GET', scope, path, subject, query)).body);

  const getAll = async <T extends z.ZodType>(
    item: T,
    scope: Scope,
    path: string,
    subject: Subject,
    query?: Query,
  ) => {
    const schema = listOf(item);
    return collectPages(
      (page) => get(schema, scope, path, subject, { ...query, page, per_page: PAGE_SIZE_MAX }),
      { maxPages, perPage: PAGE_SIZE_MAX },
    );
  };

  /** Device lists: validated page by page, kept as JSON (paging.ts, json-text.ts). */
  const getAllAsJson = async <T extends z.ZodType>(
    item: T,
    path: string,
    subject: Subject,
    query?: Query,
  ): Promise<JsonText<z.infer<T>[]>> => {
    const schema = listOf(item);
    return collectPagesAsJson(
      (page) => get(schema, 'org', path, subject, { ...query, page, per_page: PAGE_SIZE_MAX }),
      { maxPages, perPage: PAGE_SIZE_MAX },
    );
  };

  const send = async <S extends z.ZodType>(
    schema: S,
    method: Method,
    path: string,
    subject: Subject,
    body?: unknown,
  ) => parse(schema, (await call(method, 'org', path, subject, undefined, body)).body);

  const list: Subject = { kind: 'list' };

  return {
    async listOrganizations() {
      const { items, first } = await getAll(Organization, 'cross', '/organizations', list);
      const user = SignedInUser.safeParse(first.meta?.['user']);
      return {
        organizations: items,
        user: user.success ? { id: user.data.id, name: user.data.name } : null,
      };
    },
    async getOrganization(id) {
      return (
        await get(one(Organization), 'cross', `/organizations/${seg(id)}`, {
          kind: 'organization',
          id,
        })
      ).data;
    },
    async listLocations(query) {
      return (await getAll(Location, 'org', '/locations', list, { q: query?.q })).items;
    },
    async getLocation(id) {
      return (await get(one(Location), 'org', `/locations/${seg(id)}`, { kind: 'location', id }))
        .data;
    },
    async createLocation(input) {
      return (await send(one(Location), 'POST', '/locations', list, input)).data;
    },
    async deleteLocation(id) {
      await call('DELETE', 'org', `/locations/${seg(id)}`, { kind: 'location', id });
    },
    listLocationDevices(id) {
      return getAllAsJson(Device, `/locations/${seg(id)}/devices`, { kind: 'location', id });
    },
    listDevices(filters) {
      return getAllAsJson(Device, '/devices', list, { ...filters });
    },
    async getDevice(serial) {
      return (await get(one(Device), 'org', `/devices/${seg(serial)}`, { kind: 'device', serial }))
        .data;
    },
    async updateDevice(serial, changes) {
      return (
        await send(
          one(Device),
          'PUT',
          `/devices/${seg(serial)}`,
          { kind: 'device', serial },
          changes,
        )
      ).data;
    },
    async installDevice(serial, locationId) {
      const body = { location_id: locationId };
      return (
        await send(
          one(Device),
          'POST',
          `/devices/${seg(serial)}/install`,
          { kind: 'device', serial },
          body,
        )
      ).data;
    },
    async uninstallDevice(serial, locationId) {
      const body = locationId === undefined ? {} : { location_id: locationId };
      return (
        await send(
          one(Device),
          'POST',
          `/devices/${seg(serial)}/uninstall`,
          { kind: 'device', serial },
          body,
        )
      ).data;
    },
    listUninstalledDevices(filters) {
      return getAllAsJson(Device, '/uninstalled-devices', list, { ...filters });
    },
    async locationsFootTraffic(range) {
      return (await getAll(LocationMetric, 'org', '/foot-traffic/locations', list, { ...range }))
        .items;
    },
    async deviceFootTraffic(serial, range) {
      const path = `/foot-traffic/devices/${seg(serial)}`;
      const body = await get(
        DeviceTrafficBody,
        'org',
        path,
        { kind: 'device', serial },
        { ...range },
      );
      const total = body.meta?.total ?? body.data.reduce((sum, bucket) => sum + bucket.count, 0);
      return { series: body.data, total };
    },
  };
};
