/**
 * What the rest of the core calls to talk to the vendor API (or the sandbox): one method per
 * endpoint of the spec. List methods return the whole list (all pages); device lists, which
 * reach 100,000 entries, come as validated JSON (../json-text.ts). Every failure is an
 * AppError (electron/core/app-error.ts).
 */
import type { JsonText } from '../json-text';
import type { Device, FootTraffic, Location, LocationMetric, Organization } from './wire';

export interface LocationQuery {
  /** Case-insensitive match on name, city or street. */
  q?: string;
}

export interface DeviceFilters {
  location_id?: string;
  installed?: boolean;
  q?: string;
  device_type_name?: string;
  firmware_version_name?: string;
}

export type InventoryFilters = Pick<
  DeviceFilters,
  'q' | 'device_type_name' | 'firmware_version_name'
>;

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
  listLocationDevices(id: string): Promise<JsonText<Device[]>>;
  listDevices(filters?: DeviceFilters): Promise<JsonText<Device[]>>;
  getDevice(serial: string): Promise<Device>;
  updateDevice(serial: string, changes: DeviceChanges): Promise<Device>;
  installDevice(serial: string, locationId: string): Promise<Device>;
  uninstallDevice(serial: string, locationId?: string): Promise<Device>;
  listUninstalledDevices(filters?: InventoryFilters): Promise<JsonText<Device[]>>;
  locationsFootTraffic(range: TrafficRange<'hour' | 'day'>): Promise<LocationMetric[]>;
  deviceFootTraffic(
    serial: string,
    range: TrafficRange<'minute' | 'hour' | 'day'>,
  ): Promise<{ series: FootTraffic[]; total: number }>;
}
