/**
 * What the rest of the core calls to talk to the vendor API (or the sandbox): one method per
 * endpoint of the spec. Small lists (organizations, a location search, foot traffic) come
 * whole (all pages). The lists the sync engine mirrors — devices, which reach 100,000
 * entries, and locations — come one validated page at a time (`devicePage`, `locationPage`),
 * so the engine chooses how many pages are in flight, cancels them and retries each one.
 * Every failure is an AppError (electron/core/app-error.ts).
 */
import type { Device, FootTraffic, Location, LocationMetric, Organization } from './wire';

/** A list the sync engine fetches page by page. */
export type ListRef =
  | { kind: 'devices' }
  | { kind: 'uninstalled-devices' }
  | { kind: 'location-devices'; locationId: string }
  | { kind: 'locations' };

/** The lists of devices among them (`devicePage`). */
export type DeviceListRef = Exclude<ListRef, { kind: 'locations' }>;

/** One page of a list, with what the server said (or what follows from it) about the rest. */
export interface ListPage<T> {
  items: T[];
  /** The page number asked for, from 1. */
  page: number;
  /** null when the server does not say (and it cannot be worked out). */
  totalPages: number | null;
  totalCount: number | null;
  /** Whether another page follows. */
  hasMore: boolean;
}

export interface LocationQuery {
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

export interface TrafficRange<G extends string> {
  /** ISO 8601 timestamps. */
  from: string;
  to: string;
  granularity: G;
}

export interface SignedInUser {
  id: string;
  name: string;
}

export interface VendorApi {
  listOrganizations(): Promise<{ organizations: Organization[]; user: SignedInUser | null }>;
  getOrganization(id: string): Promise<Organization>;
  listLocations(query?: LocationQuery): Promise<Location[]>;
  getLocation(id: string): Promise<Location>;
  createLocation(input: NewLocation): Promise<Location>;
  deleteLocation(id: string): Promise<void>;
  /**
   * Page `page` (from 1) of a device list, `perPage` items at most (1…PAGE_SIZE_MAX; callers
   * use LIST_PAGE_SIZE). `signal` cancels this call only: it fails with the cancelled error,
   * in flight or while waiting to retry. A list declaring more than `maxPages` pages, or a
   * page number past it, is refused with bad_response.
   */
  devicePage(
    list: DeviceListRef,
    page: number,
    perPage: number,
    signal?: AbortSignal,
  ): Promise<ListPage<Device>>;
  /** Page `page` of all the organization's locations; otherwise as `devicePage`. */
  locationPage(page: number, perPage: number, signal?: AbortSignal): Promise<ListPage<Location>>;
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
