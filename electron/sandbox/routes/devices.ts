/** Devices of the organization: lists, detail, update, install and uninstall. */
import { DEVICE_WRITABLE_FIELDS } from '../../core/api/wire';
import { UPDATE_INTERVAL_MAX_S, UPDATE_INTERVAL_MIN_S } from '../../shared/field-limits';
import { ApiError, isRecord, notFound, pageOf, pageOfArray, validationError } from '../http-kit';
import { route, type Ctx, type Route } from '../routing';
import {
  deviceNamed,
  deviceOut,
  deviceWriteReply,
  listReply,
  oneReply,
  serialOut,
  windowOf,
} from '../dialects/answers';
import { deferred, type DeviceWrite } from '../dialects/writes';
import { deviceJson, locationRef } from '../render';
import type { DeviceRec, LocationRec } from '../snapshot';

const findDevice = (ctx: Ctx): DeviceRec => {
  const d = deviceNamed(ctx, ctx.params.serial_number ?? '');
  if (!d) throw notFound('Device');
  return d;
};

const elsewhere = (ctx: Ctx, d: DeviceRec): ApiError => {
  const at = d.locationId === null ? undefined : ctx.state.locationsById.get(d.locationId);
  return new ApiError(
    409,
    'device_installed_elsewhere',
    `Device ${serialOut(ctx, d.serial)} is installed at ${at?.name ?? 'another location'}.`,
    {
      location: at ? locationRef(at) : null,
    },
  );
};

interface DeviceQuery {
  /** undefined = either. */
  installed: boolean | undefined;
  /** null = nothing else to filter on. */
  keep: ((d: DeviceRec) => boolean) | null;
  /** The `updated_since` applied (ISO), echoed in the answer; null when none was. */
  since: string | null;
}

/**
 * `updated_since` (decision record 32), where the dialect honours it: devices whose record changed at or
 * after that time (installed, uninstalled, renamed, a new interval; a check-in is no change).
 */
const sinceOf = (ctx: Ctx): number | null => {
  const raw = ctx.query.get('updated_since');
  if (raw === null || ctx.dialect.updatedSince === false) return null;
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms))
    throw validationError({ updated_since: 'must be an ISO 8601 date-time with an offset' });
  return ms;
};

/** Filters shared by /devices and /uninstalled-devices. */
const deviceQuery = (ctx: Ctx, forced: boolean | undefined): DeviceQuery => {
  const { query } = ctx;
  const sinceMs = sinceOf(ctx);
  const since = sinceMs === null ? null : new Date(sinceMs).toISOString();
  const q = (query.get('q') ?? '').trim().toLowerCase();
  const type = query.get('device_type_name');
  const firmware = query.get('firmware_version_name');
  const locationId = query.get('location_id');
  const installedRaw = query.get('installed');
  let installed = forced;
  if (installedRaw !== null) {
    if (installedRaw !== 'true' && installedRaw !== 'false')
      throw validationError({ installed: 'must be true or false' });
    if (installed === undefined) installed = installedRaw === 'true';
  }
  if (!q && type === null && firmware === null && locationId === null && sinceMs === null)
    return { installed, keep: null, since };
  const upper = q.toUpperCase();
  return {
    installed,
    since,
    keep: (d) =>
      (sinceMs === null || d.updatedMs >= sinceMs) &&
      (locationId === null || d.locationId === locationId) &&
      (type === null || d.served.device_type_name === type) &&
      (firmware === null || d.served.firmware_version_name === firmware) &&
      (!q ||
        d.serial.includes(upper) ||
        (d.served.name !== null && d.served.name.toLowerCase().includes(q))),
  };
};

const listDevices = (ctx: Ctx, forced: boolean | undefined) => {
  const window = windowOf(ctx);
  const { installed, keep, since } = deviceQuery(ctx, forced);
  const now = ctx.state.now();
  const render = (d: DeviceRec) => deviceOut(ctx, deviceJson(ctx.state, d, now), d);
  // The uninstalled list is kept as its own ordered index, so the inventory never scans everything.
  const list =
    (installed === false ? ctx.state.uninstalledByOrg : ctx.state.devicesByOrg).get(ctx.orgId) ??
    [];
  const keepInstalled =
    installed === true ? (d: DeviceRec) => d.locationId !== null && (keep?.(d) ?? true) : keep;
  return listReply(
    ctx,
    keepInstalled ? pageOf(list, window, keepInstalled, render) : pageOfArray(list, window, render),
    since === null ? undefined : { updated_since: since },
  );
};

/** A device as the dialect spells it. */
const deviceBody = (ctx: Ctx, d: DeviceRec): unknown => deviceOut(ctx, deviceJson(ctx.state, d), d);

const written = (ctx: Ctx, write: DeviceWrite, d: DeviceRec) =>
  deviceWriteReply(ctx, write, deviceBody(ctx, d));

/**
 * Makes a write now, or — in dialects that accept writes for later — a moment from now, when
 * it still applies (an install to a device still out, an uninstall from where it still is).
 */
const commit = (ctx: Ctx, apply: () => void): void => {
  if (deferred(ctx.dialect.deviceWrite)) ctx.state.defer(apply);
  else apply();
};

const parseUpdate = (body: unknown): { name?: string | null; intervalS?: number } => {
  if (!isRecord(body)) throw validationError({ body: 'must be a JSON object' });
  // Keys are the client's text: Object.fromEntries keeps a "__proto__" one as a key.
  const fields: Record<string, string> = Object.fromEntries(
    Object.keys(body)
      .filter((key) => !(DEVICE_WRITABLE_FIELDS as readonly string[]).includes(key))
      .map((key) => [key, 'is not writable']),
  );
  const out: { name?: string | null; intervalS?: number } = {};
  if ('name' in body) {
    const n = body.name;
    if (n === null) out.name = null;
    else if (typeof n !== 'string' || n.trim().length > 80)
      fields.name = 'must be a string of at most 80 characters, or null';
    else out.name = n.trim() === '' ? null : n.trim();
  }
  if ('update_interval_s' in body) {
    const v = body.update_interval_s;
    if (
      typeof v !== 'number' ||
      !Number.isInteger(v) ||
      v < UPDATE_INTERVAL_MIN_S ||
      v > UPDATE_INTERVAL_MAX_S
    ) {
      fields.update_interval_s = `must be an integer from ${UPDATE_INTERVAL_MIN_S} to ${UPDATE_INTERVAL_MAX_S}`;
    } else out.intervalS = v;
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return out;
};

/** location_id from an install/uninstall body (only that key is accepted); undefined when absent. */
const bodyLocationId = (ctx: Ctx): string | undefined => {
  const body = ctx.body ?? {};
  if (!isRecord(body)) throw validationError({ body: 'must be a JSON object' });
  const unknown = Object.keys(body).filter((k) => k !== 'location_id');
  if (unknown.length > 0)
    throw validationError(Object.fromEntries(unknown.map((k) => [k, 'is not allowed'])));
  const id = body.location_id;
  if (id === undefined || id === null) return undefined;
  if (typeof id !== 'string' || id === '')
    throw validationError({ location_id: 'must be a location id' });
  return id;
};

export const deviceRoutes: Route[] = [
  route('GET', '/devices', 'org', (ctx) => listDevices(ctx, undefined)),
  route('GET', '/uninstalled-devices', 'org', (ctx) => listDevices(ctx, false)),
  route('GET', '/devices/:serial_number', 'org', (ctx) =>
    oneReply(ctx, 'device', deviceBody(ctx, findDevice(ctx))),
  ),
  route('PUT', '/devices/:serial_number', 'org', (ctx) => {
    const d = findDevice(ctx);
    const changes = parseUpdate(ctx.body);
    commit(ctx, () => ctx.state.update(d, changes));
    return written(ctx, 'update', d);
  }),
  route('POST', '/devices/:serial_number/install', 'org', (ctx) => {
    const d = findDevice(ctx);
    const id = bodyLocationId(ctx);
    if (id === undefined) throw validationError({ location_id: 'is required' });
    const loc: LocationRec | undefined = ctx.state.location(ctx.orgId, id);
    if (!loc) throw validationError({ location_id: 'is not a location of this organization' });
    if (d.locationId === loc.id) return written(ctx, 'install', d);
    if (d.locationId !== null) throw elsewhere(ctx, d);
    commit(ctx, () => {
      if (d.locationId === null && ctx.state.locationsById.has(loc.id)) ctx.state.install(d, loc);
    });
    return written(ctx, 'install', d);
  }),
  // location_id is a guard, not a lookup: an offline replay naming a since-deleted location must
  // still succeed when the device is already out, and conflict when it is installed elsewhere.
  route('POST', '/devices/:serial_number/uninstall', 'org', (ctx) => {
    const d = findDevice(ctx);
    const id = bodyLocationId(ctx);
    if (d.locationId === null) return written(ctx, 'uninstall', d);
    if (id !== undefined && d.locationId !== id) throw elsewhere(ctx, d);
    const from = d.locationId;
    commit(ctx, () => {
      if (d.locationId === from) ctx.state.uninstall(d);
    });
    return written(ctx, 'uninstall', d);
  }),
];
