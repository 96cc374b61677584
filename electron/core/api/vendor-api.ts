/**
 * What the rest of the core calls to talk to the vendor API (or the sandbox): one method per
 * endpoint of the spec. Small lists (organizations, a location search, foot traffic) come
 * whole (all pages). The lists the sync engine mirrors — devices, which reach 100,000
 * entries, and locations — come one validated page at a time (`devicePage`, `locationPage`),
 * so the engine chooses how many pages are in flight, cancels them and retries each one.
 * Every failure is an AppError (electron/core/app-error.ts).
 */
import type { FindingSink } from './findings';
import type { Validators } from './http';
import type { ListAnswer, PageRequest } from './list-answer';
import type { Device, FootTraffic, Location, LocationMetric, Organization } from './wire';

/** A list the sync engine fetches page by page. */
type ListRef =
  | { kind: 'devices' }
  | { kind: 'uninstalled-devices' }
  | { kind: 'location-devices'; locationId: string }
  | { kind: 'locations' };

/** The lists of devices among them (`devicePage`). */
export type DeviceListRef = Exclude<ListRef, { kind: 'locations' }>;

/**
 * One page of a list, with what the server said about the rest: how to ask for the next page
 * (`next`, null at the end) and, when they can be worked out, every remaining request
 * (`rest`: the pages may then be fetched concurrently). See list-answer.ts.
 */
export type ListPage<T> = Omit<ListAnswer, 'items'> & { items: T[] } & Partial<PageFacts>;

/**
 * What one answer says beyond its items (decision record 32: ask less when the server allows it). The
 * client always sets them; absent (pages made elsewhere, e.g. in tests) reads as "nothing".
 */
export interface PageFacts {
  /**
   * The server answered 304 to the validators asked: the page is the one stored with them, and
   * nothing else here is set (no items, no paging).
   */
  notModified: boolean;
  /** What identifies this page's body, to ask with next time; null when the server sent none. */
  validators: Validators | null;
  /** The server's clock when it answered (its `Date` header), ISO; null when unreadable. */
  serverTime: string | null;
  /** The `updated_since` the answer says was applied (it echoes the one asked), else null. */
  updatedSince: string | null;
}

/** How to ask for a page: conditionally, and/or only what changed since a time (ISO). */
export interface PageAsk {
  validators?: Validators | null;
  updatedSince?: string;
}

interface LocationQuery {
  /** Case-insensitive match on name, city or street. */
  q?: string;
}

export interface NewLocation {
  name: string;
  address: {
    line1: string;
    line2?: string;
    city: string;
    region?: string;
    postal_code?: string;
    country: string;
  };
  timezone?: string;
}

/** The only fields PUT /devices/{serial} accepts. */
export interface DeviceChanges {
  name?: string | null;
  update_interval_s?: number;
}

interface TrafficRange<G extends string> {
  /** ISO 8601 timestamps. */
  from: string;
  to: string;
  granularity: G;
}

interface SignedInUser {
  id: string;
  name: string;
}

export interface VendorApi {
  /**
   * The same client (same server, organization and key), telling `onFinding` what its readers
   * adapt to in the answers: the connection check names it in its report.
   */
  withFindings(onFinding: FindingSink): VendorApi;
  /**
   * Is the server there? One GET of the cross-organization list's first page, asked once (no
   * retry): any HTTP answer resolves, only a failure to reach the server throws. The idle
   * connectivity probe; `signal` ends it.
   */
  ping(signal?: AbortSignal): Promise<void>;
  listOrganizations(): Promise<{ organizations: Organization[]; user: SignedInUser | null }>;
  getOrganization(id: string): Promise<Organization>;
  listLocations(query?: LocationQuery): Promise<Location[]>;
  getLocation(id: string): Promise<Location>;
  createLocation(input: NewLocation): Promise<Location>;
  /** The store with this name and street, if the server lists one (a lost create answer). */
  findLocation(input: NewLocation): Promise<Location | null>;
  deleteLocation(id: string): Promise<void>;
  /**
   * One page of a device list: the first when `request` is null, else the one a previous
   * page's `next` or `rest` named. `signal` cancels this call only: it fails with the
   * cancelled error, in flight or while waiting to retry. A list declaring more than
   * `maxPages` pages is refused with bad_response. `ask.validators` asks conditionally (a 304
   * is `notModified`); `ask.updatedSince` asks for the devices changed since then, on every
   * page of the walk (honoured only when the answer's `updatedSince` says so).
   */
  devicePage(
    list: DeviceListRef,
    request: PageRequest | null,
    signal?: AbortSignal,
    ask?: PageAsk,
  ): Promise<ListPage<Device>>;
  /** One page of all the organization's locations; otherwise as `devicePage`. */
  locationPage(
    request: PageRequest | null,
    signal?: AbortSignal,
    ask?: PageAsk,
  ): Promise<ListPage<Location>>;
  getDevice(serial: string): Promise<Device>;
  updateDevice(serial: string, changes: DeviceChanges): Promise<Device>;
  installDevice(serial: string, locationId: string): Promise<Device>;
  uninstallDevice(serial: string, locationId?: string): Promise<Device>;
  locationsFootTraffic(range: TrafficRange<'hour' | 'day'>): Promise<LocationMetric[]>;
  deviceFootTraffic(
    serial: string,
    range: TrafficRange<'minute' | 'hour' | 'day'>,
  ): Promise<{ series: FootTraffic[]; total: number }>;
}
