/**
 * The one place the vendor's shapes (wire.ts, as the readers left them) become the app's views
 * (shared/contract/views.ts): the services' answers to the renderer go through here, the cache
 * and the queue keep the vendor's JSON (decision 79). A new device field is one line here.
 */
import type {
  ActionResult,
  Cached,
  DeviceTraffic,
  DeviceWindow,
  LocationResult,
  SessionStatus,
} from '../../shared';
import type {
  AddressView,
  DeviceView,
  LocationRefView,
  LocationTraffic,
  LocationView,
  OrganizationView,
  TrafficBucket,
} from '../../shared/contract/views';
import type {
  Device,
  FootTraffic,
  Location,
  LocationMetric,
  LocationRef,
  Organization,
} from './wire';

const locationRefView = (ref: LocationRef): LocationRefView => ({
  id: ref.id,
  name: ref.name,
});

export const deviceView = (device: Device): DeviceView => ({
  serial: device.serial_number,
  label: device.name ?? null,
  type: device.device_type_name ?? null,
  board: device.board_id ?? null,
  firmware: device.firmware_version_name ?? null,
  lastCheckinAt: device.last_checkin_at ?? null,
  updateIntervalS: device.update_interval_s ?? null,
  location: device.location ? locationRefView(device.location) : null,
  installedAt: device.installed_at ?? null,
});

const addressView = (address: NonNullable<Location['address']>): AddressView => ({
  line1: address.line1 ?? null,
  line2: address.line2 ?? null,
  city: address.city ?? null,
  region: address.region ?? null,
  postalCode: address.postal_code ?? null,
  country: address.country ?? null,
  text: address.text ?? null,
});

export const locationView = (location: Location): LocationView => ({
  id: location.id,
  name: location.name,
  address: location.address ? addressView(location.address) : null,
  timezone: location.timezone ?? null,
  deviceCount: location.device_count ?? null,
});

export const organizationView = (
  organization: Pick<Organization, 'id' | 'name' | 'timezone'>,
): OrganizationView => ({
  id: organization.id,
  name: organization.name,
  timezone: organization.timezone ?? null,
});

const trafficBucket = (bucket: FootTraffic): TrafficBucket => ({
  start: bucket.start,
  end: bucket.end,
  count: bucket.count,
  ...(bucket.in === undefined ? {} : { in: bucket.in }),
  ...(bucket.out === undefined ? {} : { out: bucket.out }),
});

export const locationTraffic = (metric: LocationMetric): LocationTraffic => ({
  location: locationRefView(metric.location),
  total: metric.total,
  series: metric.series.map(trafficBucket),
});

/** The same cached answer, its value in the app's view. */
export const cachedView = <T, V>(cached: Cached<T>, view: (value: T) => V): Cached<V> => ({
  ...cached,
  value: view(cached.value),
});

export const deviceWindowView = (window: DeviceWindow<Device>): DeviceWindow => ({
  ...window,
  rows: window.rows.map(deviceView),
});

export const actionResultView = (result: ActionResult<Device>): ActionResult =>
  result.status === 'done' ? { status: 'done', device: deviceView(result.device) } : result;

export const locationResultView = (result: LocationResult<Location>): LocationResult => ({
  ...result,
  location: locationView(result.location),
});

export const deviceTrafficView = (traffic: DeviceTraffic<FootTraffic>): DeviceTraffic => ({
  ...traffic,
  series: traffic.series.map(trafficBucket),
});

/** The session's organizations as the app shows them (the session keeps the server's JSON). */
export const sessionStatusView = (status: SessionStatus): SessionStatus => ({
  ...status,
  organizations: status.organizations.map(organizationView),
  organization: status.organization && organizationView(status.organization),
});
