/** Records → wire JSON. Typed against wire.ts so the sandbox cannot drift from the client's schemas. */
import type { Device, Location, LocationRef, Organization } from '../core/api/wire';
import { iso } from './http-kit';
import type { DeviceRec, LocationRec, OrgRec } from './snapshot';
import type { SandboxState } from './state';

export const orgJson = (o: OrgRec): Organization => ({
  id: o.id,
  name: o.name,
  timezone: o.timezone,
  created_at: iso(o.createdAt),
});

/** The sandbox always names its references (the spec's form). */
export const locationRef = (l: LocationRec): LocationRef & { name: string } => ({
  id: l.id,
  name: l.name,
});

export const locationJson = (state: SandboxState, l: LocationRec): Location => ({
  id: l.id,
  name: l.name,
  address: { ...l.address },
  timezone: l.timezone,
  device_count: state.deviceCount(l.id),
  created_at: iso(l.createdAt),
});

export const deviceJson = (state: SandboxState, d: DeviceRec, now = state.now()): Device => {
  const loc = d.locationId === null ? undefined : state.locationsById.get(d.locationId);
  const last = state.lastCheckin(d, now);
  return {
    serial_number: d.serial,
    ...d.served,
    last_checkin_at: last === null ? null : iso(last),
    update_interval_s: d.intervalS,
    location: loc ? locationRef(loc) : null,
    installed_at: d.installedAt === null ? null : iso(d.installedAt),
  };
};
