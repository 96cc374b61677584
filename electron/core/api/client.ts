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
import { collectPages, describePage, tooManyPages, type Page } from './paging';
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
import type { DeviceListRef, ListPage, VendorApi } from './vendor-api';

export type { DeviceListRef, ListPage, ListRef, VendorApi } from './vendor-api';
export { validateBaseUrl } from './base-url';

/** The page size callers ask for: the largest the API allows, so the fewest requests. */
export const LIST_PAGE_SIZE = PAGE_SIZE_MAX;

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

const DevicePageBody = listOf(Device);
const LocationPageBody = listOf(Location);

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
  // Pages of 500: room for 2.5 million devices, while a server that never ends is still refused.
  const maxPages = options.maxPages ?? 5_000;
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
    signal?: AbortSignal,
  ) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(name, String(value));
    }
    const qs = search.toString();
    const url = `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
    const auth = await credentials(scope);
    return http.send({ method, url, ...auth, body, subject, signal });
  };

  const get = async <S extends z.ZodType>(
    schema: S,
    scope: Scope,
    path: string,
    subject: Subject,
    query?: Query,
    signal?: AbortSignal,
  ) => parse(schema, (await call('GET', scope, path, subject, query, undefined, signal)).body);

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

  /** One page of an org-scoped list, validated, with what it says about the rest. */
  const onePage = async <T>(
    schema: z.ZodType<Page<T>>,
    path: string,
    subject: Subject,
    page: number,
    perPage: number,
    signal: AbortSignal | undefined,
  ): Promise<ListPage<T>> => {
    if (!Number.isInteger(page) || page < 1)
      throw new RangeError(`page must be an integer from 1, not ${page}`);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > PAGE_SIZE_MAX)
      throw new RangeError(`perPage must be an integer from 1 to ${PAGE_SIZE_MAX}, not ${perPage}`);
    if (page > maxPages) throw tooManyPages(maxPages);
    const query = { page, per_page: perPage };
    const body = await get(schema, 'org', path, subject, query, signal);
    const described = describePage(body, page, perPage);
    // Refused from whichever page first says so, before the rest are fetched and thrown away.
    if (described.totalPages !== null && described.totalPages > maxPages)
      throw tooManyPages(maxPages);
    return described;
  };

  const deviceListAt = (list: DeviceListRef): { path: string; subject: Subject } => {
    switch (list.kind) {
      case 'devices':
        return { path: '/devices', subject: { kind: 'list' } };
      case 'uninstalled-devices':
        return { path: '/uninstalled-devices', subject: { kind: 'list' } };
      case 'location-devices':
        return {
          path: `/locations/${seg(list.locationId)}/devices`,
          subject: { kind: 'location', id: list.locationId },
        };
    }
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
    devicePage(which, page, perPage, signal) {
      const { path, subject } = deviceListAt(which);
      return onePage(DevicePageBody, path, subject, page, perPage, signal);
    },
    locationPage(page, perPage, signal) {
      return onePage(LocationPageBody, '/locations', list, page, perPage, signal);
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
