/**
 * The vendor API client: builds each request's Basic credentials (org id or '' as username,
 * the key read from the keychain when a call needs it), sends it through http.ts and reads
 * every answer with the tolerant readers — lists (list-answer.ts), resources
 * (answer-readers.ts), errors (error-body.ts), foot traffic (traffic-reader.ts) — so that the
 * spec's "not shown" details may differ from the sandbox's without the technician noticing.
 */
import { z } from 'zod';
import { AppError } from '../app-error';
import { traitsOf } from '../../shared/error-traits';
import {
  createdId,
  isDeviceLike,
  isLocationLike,
  isObj,
  readDevice as readDeviceAs,
  readLocation as readLocationAs,
  readOrganization as readOrganizationAs,
  unwrap,
} from './answer-readers';
import { validateBaseUrl } from './base-url';
import type { FindingSink } from './findings';
import { createHttp, type HttpAnswer, type Method, type Validators } from './http';
import {
  listItemsIn,
  queryFor,
  readListAnswer,
  type PageRequest,
  type TotalCounts,
} from './list-answer';
import { tooManyPages, walkAll } from './list-walk';
import { capText, NAME_MAX } from './server-text';
import { accepted, UNREADABLE, type Subject } from './error-mapping';
import {
  isVisitorTotal,
  readDeviceTraffic,
  readLocationMetrics,
  unknownTrafficFormat,
} from './traffic-reader';
import { PAGE_SIZE_MAX, type Device, type Location } from './wire';
import type {
  DeviceListRef,
  ListPage,
  NewLocation,
  PageAsk,
  PageFacts,
  VendorApi,
} from './vendor-api';

export type { DeviceListRef, VendorApi } from './vendor-api';
export type { PageRequest } from './list-answer';
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
  /** After each attempt of each request: whether the server answered (http.ts). */
  onAttempt?: (answered: boolean) => void;
  /** Told what the readers adapted to (the connection check reports it). */
  onFinding?: FindingSink;
}

type Scope = 'cross' | 'org';
type Query = Record<string, string | number | boolean | undefined>;

const SignedInUser = z.looseObject({ id: z.union([z.string(), z.number()]), name: z.string() });

/**
 * One path segment: an id or serial exactly as the server gave it (Unicode, spaces, "/", "?",
 * "#", "%"), percent-encoded whole, so it stays one segment of the path it names. What no
 * encoding makes safe is refused: empty, "." or ".." (URL parsers resolve those, escaped or
 * not), and a lone surrogate half (it has no UTF-8 to encode). The contract refuses the same
 * (electron/shared/id-patterns.ts); this guards ids that come from a server's own answers.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const seg = (value: string): string => {
  if (value === '' || value === '.' || value === '..' || LONE_SURROGATE.test(value))
    throw new AppError(UNREADABLE);
  return encodeURIComponent(value);
};

/** What a 304 carries of a page: nothing (the caller has the page it stored with the validators). */
const NOT_MODIFIED: Omit<ListPage<never>, keyof PageFacts> = {
  items: [],
  style: 'none',
  next: null,
  totalCount: null,
  totalPages: null,
  rest: null,
  raw: undefined,
  size: 0,
};

const isoOrNull = (httpDate: string | null): string | null => {
  const ms = httpDate === null ? Number.NaN : Date.parse(httpDate);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/**
 * The answer says it applied the `updated_since` asked (`meta.updated_since`, or beside the
 * items in flat envelopes), as the same instant. A server that ignores an unknown parameter
 * says nothing, and its answer is the whole list: never taken for the changes only.
 */
const echoes = (body: unknown, asked: string): boolean => {
  if (!isObj(body)) return false;
  const meta = isObj(body['meta']) ? body['meta'] : {};
  const said = meta['updated_since'] ?? body['updated_since'];
  return typeof said === 'string' && Date.parse(said) === Date.parse(asked);
};

/** The first request of every list: by page, which most servers accept or ignore harmlessly. */
const FIRST: PageRequest = { style: 'page', page: 1, perPage: LIST_PAGE_SIZE };

/**
 * A device as a write answer may carry it. Servers often answer a write with only what changed
 * (`{serial_number, location}`); stored as the device, that wiped its type, board and firmware
 * from the local rows. The spec's descriptive fields tell a whole device from such an echo,
 * which is read back instead.
 */
const isWholeDevice = (o: Record<string, unknown>): boolean =>
  isDeviceLike(o) &&
  (['device_type_name', 'board_id', 'firmware_version_name'] as const).some((field) =>
    Object.hasOwn(o, field),
  );

/** A write answered without a usable body: read the state back (the caller does). */
const noBody = (answer: HttpAnswer): boolean => answer.status === 204 || !isObj(answer.body);

/** What servers call work taken on but not done yet. */
const PENDING = new Set([
  'accepted',
  'pending',
  'queued',
  'processing',
  'in_progress',
  'in-progress',
  'inprogress',
  'scheduled',
  'submitted',
]);
const TASK_KEYS = ['task_id', 'taskId', 'job_id', 'jobId', 'operation_id', 'operationId'] as const;
const TASK_OBJECTS = ['task', 'job', 'operation'] as const;

/**
 * A write the server accepted to do later rather than did: 202, a status such as "pending" or
 * "queued" (on the answer or its `data`), or a task, job or operation to follow. Its body,
 * even a whole device, is not the new state: a read must show it (sync/replay.ts).
 */
const acceptedForLater = (answer: HttpAnswer): boolean => {
  if (answer.status === 202) return true;
  const top = isObj(answer.body) ? answer.body : null;
  if (top === null) return false;
  return [top, isObj(top['data']) ? top['data'] : {}].some(
    (o) =>
      (['status', 'state'] as const).some(
        (k) => typeof o[k] === 'string' && PENDING.has(o[k].trim().toLowerCase()),
      ) ||
      TASK_KEYS.some((k) => o[k] !== undefined && o[k] !== null) ||
      TASK_OBJECTS.some((k) => isObj(o[k])),
  );
};

/** The store the technician asked to create, among locations the server lists. */
const sameStore = (l: Location, input: NewLocation): boolean => {
  const lower = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();
  if (lower(l.name) !== lower(input.name)) return false;
  const a = l.address;
  if (!a) return false;
  // The part as the server spells it when it sends it, else within its one-line address.
  const same = (asked: string, part: string | null | undefined) =>
    lower(part) !== '' ? lower(part) === lower(asked) : lower(a.text).includes(lower(asked));
  // Street and town: a chain has stores of one name on a "Main Street" in many towns, and
  // taking another town's store for the one created would send its installs there.
  return same(input.address.line1, a.line1) && same(input.address.city, a.city);
};

export const createApiClient = (options: ApiClientOptions): VendorApi => {
  const note: FindingSink = options.onFinding ?? (() => undefined);
  // The readers bound to this client's sink, one argument each (list pages map items with them).
  const readDevice = (raw: unknown) => readDeviceAs(raw, note);
  const readLocation = (raw: unknown) => readLocationAs(raw, note);
  const readOrganization = (raw: unknown) => readOrganizationAs(raw, note);
  const baseUrl = validateBaseUrl(options.baseUrl);
  const baseOrigin = new URL(baseUrl).origin;
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
    onAttempt: options.onAttempt,
  });

  const credentials = async (scope: Scope) => {
    let username = '';
    if (scope === 'org') {
      if (!options.organizationId)
        throw new AppError({ kind: 'not_signed_in', code: 'no_organization' });
      username = options.organizationId;
    }
    const key = await options.getApiKey();
    if (!key) throw new AppError({ kind: 'not_signed_in', code: 'no_key' });
    const token = Buffer.from(`${username}:${key}`, 'utf8').toString('base64');
    return { authorization: `Basic ${token}`, secrets: [key, token] };
  };

  interface CallOptions {
    query?: Query | undefined;
    body?: unknown;
    signal?: AbortSignal | undefined;
    /** An absolute URL the server gave (a next page); already checked to be on our origin. */
    url?: string | undefined;
    retries?: number | undefined;
    validators?: Validators | null | undefined;
  }

  const call = async (
    method: Method,
    scope: Scope,
    path: string,
    subject: Subject,
    opts: CallOptions = {},
  ): Promise<HttpAnswer> => {
    let url = opts.url;
    if (url === undefined) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(opts.query ?? {})) {
        if (value !== undefined) search.set(name, String(value));
      }
      const qs = search.toString();
      url = `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
    }
    const auth = await credentials(scope);
    return http.send({
      method,
      url,
      ...auth,
      body: opts.body,
      subject,
      signal: opts.signal,
      retries: opts.retries,
      validators: opts.validators,
    });
  };

  interface PageOptions {
    /** Query parameters every page of the walk asks with (a server's next-page URL has its own). */
    extra?: Query;
    signal?: AbortSignal | undefined;
    /** The error for an answer with no list in it, when the list has a more specific one. */
    notAList?: () => AppError;
    ask?: PageAsk | undefined;
    /** Whether a `total` the answer gives counts its entries (list-answer.ts `TotalCounts`). */
    totalCounts?: TotalCounts;
  }

  /** One page of a list, read whatever paging style and envelope the server uses. */
  async function listPage<T>(
    scope: Scope,
    path: string,
    subject: Subject,
    request: PageRequest | null,
    read: (raw: unknown) => T,
    o: PageOptions = {},
  ): Promise<ListPage<T>> {
    const asked = request ?? FIRST;
    const ask = o.ask ?? {};
    const extra = o.extra ?? {};
    // Every page of a walk asks the same filter (a server's next-page URL carries its own).
    const query =
      ask.updatedSince === undefined ? extra : { ...extra, updated_since: ask.updatedSince };
    const answer = await call('GET', scope, path, subject, {
      ...(asked.style === 'url' ? { url: asked.url } : { query: { ...query, ...queryFor(asked) } }),
      signal: o.signal,
      validators: ask.validators,
    });
    const facts: PageFacts = {
      notModified: answer.status === 304,
      validators: answer.validators,
      serverTime: isoOrNull(answer.date),
      updatedSince: null,
    };
    if (facts.notModified) return { ...NOT_MODIFIED, ...facts };
    if (o.notAList && listItemsIn(answer.body) === null) throw o.notAList();
    const page = readListAnswer(answer.body, answer.link, asked, answer.url, baseOrigin, {
      size: answer.size,
      ...(o.totalCounts ? { totalCounts: o.totalCounts } : {}),
    });
    if (page.totalPages !== null && page.totalPages > maxPages) throw tooManyPages(maxPages);
    const updatedSince =
      ask.updatedSince !== undefined && echoes(answer.body, ask.updatedSince)
        ? ask.updatedSince
        : null;
    return { ...page, items: page.items.map(read), ...facts, updatedSince };
  }

  const whole = <T>(
    scope: Scope,
    path: string,
    subject: Subject,
    read: (raw: unknown) => T,
    o: PageOptions = {},
  ) => walkAll((request) => listPage(scope, path, subject, request, read, o), maxPages);

  const deviceListAt = (which: DeviceListRef): { path: string; subject: Subject } => {
    switch (which.kind) {
      case 'devices':
        return { path: '/devices', subject: { kind: 'list' } };
      case 'uninstalled-devices':
        return { path: '/uninstalled-devices', subject: { kind: 'list' } };
      case 'location-devices':
        return {
          path: `/locations/${seg(which.locationId)}/devices`,
          subject: { kind: 'location', id: which.locationId },
        };
    }
  };

  const list: Subject = { kind: 'list' };

  const getDevice = async (serial: string): Promise<Device> => {
    const answer = await call('GET', 'org', `/devices/${seg(serial)}`, { kind: 'device', serial });
    return readDevice(unwrap(answer.body, isDeviceLike, 'device', note) ?? answer.body);
  };

  const getLocation = async (id: string): Promise<Location> => {
    const answer = await call('GET', 'org', `/locations/${seg(id)}`, { kind: 'location', id });
    return readLocation(unwrap(answer.body, isLocationLike, 'location', note) ?? answer.body);
  };

  /**
   * A device write: the device from the answer, or read back when the answer has none. One
   * accepted for later is said so (`write_accepted`): the replay reads until it shows.
   */
  const deviceWrite = async (method: Method, path: string, serial: string, body: unknown) => {
    const answer = await call(method, 'org', path, { kind: 'device', serial }, { body });
    if (acceptedForLater(answer)) throw new AppError(accepted(answer.status));
    const device = noBody(answer) ? null : unwrap(answer.body, isWholeDevice, 'device', note);
    return device ? readDevice(device) : getDevice(serial);
  };

  const listLocations: VendorApi['listLocations'] = async (query) =>
    (await whole('org', '/locations', list, readLocation, { extra: { q: query?.q } })).items;

  const findLocation: VendorApi['findLocation'] = async (input) =>
    (await listLocations({ q: input.name })).find((l) => sameStore(l, input)) ?? null;

  return {
    withFindings: (onFinding) => createApiClient({ ...options, onFinding }),
    async ping(signal) {
      try {
        await call('GET', 'cross', '/organizations', list, { signal, retries: 0 });
      } catch (error) {
        // The server answered (a 401, a 500, an unreadable body): it is reachable.
        if (error instanceof AppError && !traitsOf(error.kind).connectivity && error.kind !== 'tls')
          return;
        throw error;
      }
    },
    async listOrganizations() {
      const { items, first } = await whole('cross', '/organizations', list, readOrganization);
      const top = isObj(first.raw) ? first.raw : {};
      const meta = isObj(top['meta']) ? top['meta'] : {};
      // In `meta` ({data, meta}) or beside the items in flat envelopes ({items, user}).
      const user = SignedInUser.safeParse(meta['user'] ?? top['user']);
      return {
        organizations: items,
        user: user.success
          ? { id: String(user.data.id), name: capText(user.data.name, NAME_MAX) }
          : null,
      };
    },
    async getOrganization(id) {
      const answer = await call('GET', 'cross', `/organizations/${seg(id)}`, {
        kind: 'organization',
        id,
      });
      return readOrganization(
        unwrap(answer.body, isLocationLike, 'organization', note) ?? answer.body,
      );
    },
    listLocations,
    findLocation,
    getLocation,
    async createLocation(input) {
      const answer = await call('POST', 'org', '/locations', list, { body: input });
      // To be made later: looked for until it is there (sync/replay.ts), never sent again.
      if (acceptedForLater(answer)) throw new AppError(accepted(answer.status));
      const full = noBody(answer) ? null : unwrap(answer.body, isLocationLike, 'location', note);
      if (full) return readLocation(full);
      // Created, answered without the store itself: by its id, else by what was asked.
      const id = createdId(answer.body, answer.location);
      if (id !== null) return getLocation(id);
      const found = await findLocation(input);
      if (found) return found;
      throw new AppError({ ...UNREADABLE, status: answer.status });
    },
    async deleteLocation(id) {
      await call('DELETE', 'org', `/locations/${seg(id)}`, { kind: 'location', id });
    },
    devicePage(which, request, signal, ask) {
      const { path, subject } = deviceListAt(which);
      return listPage('org', path, subject, request, readDevice, { signal, ask });
    },
    locationPage(request, signal, ask) {
      return listPage('org', '/locations', list, request, readLocation, { signal, ask });
    },
    getDevice,
    updateDevice: (serial, changes) =>
      deviceWrite('PUT', `/devices/${seg(serial)}`, serial, changes),
    installDevice: (serial, locationId) =>
      deviceWrite('POST', `/devices/${seg(serial)}/install`, serial, { location_id: locationId }),
    uninstallDevice: (serial, locationId) =>
      deviceWrite(
        'POST',
        `/devices/${seg(serial)}/uninstall`,
        serial,
        locationId === undefined ? {} : { location_id: locationId },
      ),
    async locationsFootTraffic(range) {
      const { items } = await whole('org', '/foot-traffic/locations', list, (raw) => raw, {
        extra: { ...range },
        // Answered, but with the records somewhere the app does not look: a format question.
        notAList: unknownTrafficFormat,
      });
      return readLocationMetrics(items, range.granularity, {
        organizationId: options.organizationId,
        note,
      });
    },
    /** Every page of the series (a server may page a long one), or an error: never a part. */
    async deviceFootTraffic(serial, range) {
      const { items } = await whole(
        'org',
        `/foot-traffic/devices/${seg(serial)}`,
        { kind: 'device', serial },
        (raw) => raw,
        {
          extra: { ...range },
          notAList: unknownTrafficFormat,
          totalCounts: (total, records) => !isVisitorTotal(total, records, range.granularity),
        },
      );
      return readDeviceTraffic(items, range.granularity);
    },
  };
};
