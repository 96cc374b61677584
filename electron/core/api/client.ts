/**
 * The vendor API client: each endpoint of the spec, asked through requests.ts (credentials,
 * http.ts, a list's pages), in four groups (organizations, locations, devices, foot traffic),
 * reading every answer with the tolerant readers — lists (list-answer.ts), resources
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
import type { FindingSink } from './findings';
import type { HttpAnswer, Method } from './http';
import { capText, NAME_MAX } from './server-text';
import { accepted, UNREADABLE, type Subject } from './error-mapping';
import { Requests, type ApiClientOptions } from './requests';
import {
  isVisitorTotal,
  readDeviceTraffic,
  readLocationMetrics,
  unknownTrafficFormat,
} from './traffic-reader';
import type { Device, Location } from './wire';
import type { DeviceListRef, NewLocation, VendorApi } from './vendor-api';

export type { DeviceListRef, VendorApi } from './vendor-api';
export type { PageRequest } from './list-answer';
export { validateBaseUrl } from './base-url';
export { LIST_PAGE_SIZE, type ApiClientOptions } from './requests';

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

/** What every group of endpoints is built on: the requests, and readers bound to this client's sink. */
interface Parts {
  req: Requests;
  note: FindingSink;
  readDevice: (raw: unknown) => Device;
  readLocation: (raw: unknown) => Location;
  getDevice: (serial: string) => Promise<Device>;
  getLocation: (id: string) => Promise<Location>;
}

const list: Subject = { kind: 'list' };

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

const parts = (options: ApiClientOptions): Parts => {
  const req = new Requests(options);
  const note: FindingSink = options.onFinding ?? (() => undefined);
  const readDevice = (raw: unknown) => readDeviceAs(raw, note);
  const readLocation = (raw: unknown) => readLocationAs(raw, note);
  return {
    req,
    note,
    readDevice,
    readLocation,
    async getDevice(serial) {
      const answer = await req.call('GET', 'org', `/devices/${seg(serial)}`, {
        kind: 'device',
        serial,
      });
      return readDevice(unwrap(answer.body, isDeviceLike, 'device', note) ?? answer.body);
    },
    async getLocation(id) {
      const answer = await req.call('GET', 'org', `/locations/${seg(id)}`, {
        kind: 'location',
        id,
      });
      return readLocation(unwrap(answer.body, isLocationLike, 'location', note) ?? answer.body);
    },
  };
};

type OrganizationCalls = Pick<VendorApi, 'ping' | 'listOrganizations' | 'getOrganization'>;

const organizationCalls = ({ req, note }: Parts): OrganizationCalls => {
  const readOrganization = (raw: unknown) => readOrganizationAs(raw, note);
  return {
    async ping(signal) {
      try {
        await req.call('GET', 'cross', '/organizations', list, { signal, retries: 0 });
      } catch (error) {
        // The server answered (a 401, a 500, an unreadable body): it is reachable.
        if (error instanceof AppError && !traitsOf(error.kind).connectivity && error.kind !== 'tls')
          return;
        throw error;
      }
    },
    async listOrganizations() {
      const { items, first } = await req.whole('cross', '/organizations', list, readOrganization);
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
      const answer = await req.call('GET', 'cross', `/organizations/${seg(id)}`, {
        kind: 'organization',
        id,
      });
      return readOrganization(
        unwrap(answer.body, isLocationLike, 'organization', note) ?? answer.body,
      );
    },
  };
};

type LocationCalls = Pick<
  VendorApi,
  | 'listLocations'
  | 'findLocation'
  | 'getLocation'
  | 'createLocation'
  | 'deleteLocation'
  | 'locationPage'
>;

const locationCalls = ({ req, note, readLocation, getLocation }: Parts): LocationCalls => {
  const listLocations: VendorApi['listLocations'] = async (query) =>
    (await req.whole('org', '/locations', list, readLocation, { extra: { q: query?.q } })).items;
  const findLocation: VendorApi['findLocation'] = async (input) =>
    (await listLocations({ q: input.name })).find((l) => sameStore(l, input)) ?? null;
  return {
    listLocations,
    findLocation,
    getLocation,
    async createLocation(input) {
      const answer = await req.call('POST', 'org', '/locations', list, { body: input });
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
      await req.call('DELETE', 'org', `/locations/${seg(id)}`, { kind: 'location', id });
    },
    locationPage(request, signal, ask) {
      return req.listPage('org', '/locations', list, request, readLocation, { signal, ask });
    },
  };
};

type DeviceCalls = Pick<
  VendorApi,
  'devicePage' | 'getDevice' | 'updateDevice' | 'installDevice' | 'uninstallDevice'
>;

const deviceCalls = ({ req, note, readDevice, getDevice }: Parts): DeviceCalls => {
  /**
   * A device write: the device from the answer, or read back when the answer has none. One
   * accepted for later is said so (`write_accepted`): the replay reads until it shows.
   */
  const deviceWrite = async (method: Method, path: string, serial: string, body: unknown) => {
    const answer = await req.call(method, 'org', path, { kind: 'device', serial }, { body });
    if (acceptedForLater(answer)) throw new AppError(accepted(answer.status));
    const device = noBody(answer) ? null : unwrap(answer.body, isWholeDevice, 'device', note);
    return device ? readDevice(device) : getDevice(serial);
  };
  return {
    devicePage(which, request, signal, ask) {
      const { path, subject } = deviceListAt(which);
      return req.listPage('org', path, subject, request, readDevice, { signal, ask });
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
  };
};

type TrafficCalls = Pick<VendorApi, 'locationsFootTraffic' | 'deviceFootTraffic'>;

const trafficCalls = ({ req, note }: Parts, organizationId: string | null): TrafficCalls => ({
  async locationsFootTraffic(range) {
    const { items } = await req.whole('org', '/foot-traffic/locations', list, (raw) => raw, {
      extra: { ...range },
      // Answered, but with the records somewhere the app does not look: a format question.
      notAList: unknownTrafficFormat,
    });
    return readLocationMetrics(items, range.granularity, { organizationId, note });
  },
  /** Every page of the series (a server may page a long one), or an error: never a part. */
  async deviceFootTraffic(serial, range) {
    const { items } = await req.whole(
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
});

/** The vendor API (vendor-api.ts): its endpoints in four groups over one set of requests. */
export const createApiClient = (options: ApiClientOptions): VendorApi => {
  const shared = parts(options);
  return {
    withFindings: (onFinding) => createApiClient({ ...options, onFinding }),
    ...organizationCalls(shared),
    ...locationCalls(shared),
    ...deviceCalls(shared),
    ...trafficCalls(shared, options.organizationId),
  };
};
