/**
 * The vendor API's JSON shapes as this project understands them (docs/api/openapi.yaml is
 * the documented form; tests keep the two in step). Used by the API client to validate
 * responses and by the sandbox to type what it serves.
 *
 * Objects are `looseObject`: unknown fields the server adds are kept, never a crash.
 * Fields the spec does not guarantee are optional or nullable (see openapi.yaml x-source).
 */
import { z } from 'zod';

export const ISO_COUNTRY = /^[A-Z]{2}$/;

/** A location as a device, a conflict or a metric names it. The spec gives `{id, name}` as
 * strings; servers that leave the name out (or send null) still name a location, so `name`
 * may be null after reading (readLocationRef normalises the variants). An empty id names no
 * location (see `installedLocation`): readers turn it into null, so it is refused here. */
export const LocationRef = z.looseObject({
  id: z.string().min(1),
  name: z.string().nullable(),
});
export type LocationRef = z.infer<typeof LocationRef>;

/**
 * Where a device is installed, or null when it is not: a device is installed only when its
 * location has a non-empty id. Servers write "not installed" as null, an absent field, or a
 * zero value ({id: "", name: ""}, {id: 0}); every reader of a device's location goes through
 * this (answer-readers.ts on the way in, device-rows.ts for the inventory column).
 */
export const installedLocation = <L extends { id?: unknown }>(
  location: L | null | undefined,
): L | null => {
  if (location === null || location === undefined) return null;
  const id = location.id;
  return (typeof id === 'string' && id !== '') || (typeof id === 'number' && id !== 0)
    ? location
    : null;
};

export const Organization = z.looseObject({
  id: z.string(),
  name: z.string(),
  timezone: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type Organization = z.infer<typeof Organization>;

/** The fields of each resource the app reads; anything else a server sends is kept but unread
 * (the connection check lists those for support). */
export const ORGANIZATION_FIELDS: readonly string[] = Object.keys(Organization.shape);

/**
 * An address as the app keeps it, whatever spelling the server used (address-reader.ts reads
 * them all into this): any part may be missing (null), and `text` is the whole address on one
 * line, as the server gave it or put together from the parts.
 */
const Address = z.looseObject({
  line1: z.string().nullable().optional(),
  line2: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  postal_code: z.string().nullable().optional(),
  /** ISO 3166-1 alpha-2, upper case, when it could be told; else as the server sent it. */
  country: z.string().nullable().optional(),
  text: z.string().nullable().optional(),
});
type Address = z.infer<typeof Address>;

/** Beyond `id` nothing of a location is guaranteed: a missing or null field is null/absent,
 * never a refused list (screens show "untitled" / "—"). */
export const Location = z.looseObject({
  id: z.string(),
  name: z.string().nullable().default(null),
  address: Address.nullish(),
  timezone: z.string().nullish(),
  /** Devices installed here now (assumed; lets the list show counts without N calls). */
  device_count: z.number().int().nonnegative().nullish(),
  created_at: z.string().nullish(),
});
export type Location = z.infer<typeof Location>;
export const LOCATION_FIELDS: readonly string[] = Object.keys(Location.shape);

/** Device: the spec's seven fields with the spec's names and types, plus assumed extras. */
export const Device = z.looseObject({
  serial_number: z.string(),
  device_type_name: z.string().nullable().optional(),
  board_id: z.string().nullable().optional(),
  firmware_version_name: z.string().nullable().optional(),
  last_checkin_at: z.string().nullable().optional(),
  update_interval_s: z.number().int().nullable().optional(),
  /** null when the device is not installed anywhere (assumed). The spec's `{id, name}`;
   * variants (a numeric id, no name, a bare id) are normalised by readLocationRef first. */
  location: LocationRef.nullish(),
  /** Assumed: when the current installation happened. */
  installed_at: z.string().nullable().optional(),
  /** Assumed: a free-text label the technician may set (writable). */
  name: z.string().nullable().optional(),
});
export type Device = z.infer<typeof Device>;
export const DEVICE_FIELDS: readonly string[] = Object.keys(Device.shape);

/** Fields PUT /devices/{serial} accepts (assumed); anything else is a 422. */
export const DEVICE_WRITABLE_FIELDS = ['name', 'update_interval_s'] as const;

/** One time bucket of counted visitors ("Foot Traffic" record; assumed shape). */
export const FootTraffic = z.looseObject({
  start: z.string(),
  end: z.string(),
  count: z.number().int().nonnegative(),
  /** People in and out, where the server says them apart (an accuracy audit compares each). */
  in: z.number().int().nonnegative().optional(),
  out: z.number().int().nonnegative().optional(),
});
export type FootTraffic = z.infer<typeof FootTraffic>;

/** Foot traffic of one location over the requested range (assumed shape). */
export const LocationMetric = z.looseObject({
  location: LocationRef,
  total: z.number().int().nonnegative(),
  series: z.array(FootTraffic),
});
export type LocationMetric = z.infer<typeof LocationMetric>;

/** Page-based paging (assumed). `meta` may be absent: then the list is one page. */
export const PageMeta = z.looseObject({
  page: z.number().int().positive().optional(),
  per_page: z.number().int().positive().optional(),
  total_count: z.number().int().nonnegative().optional(),
  total_pages: z.number().int().nonnegative().optional(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const listOf = <T extends z.ZodType>(item: T) =>
  z.looseObject({ data: z.array(item), meta: PageMeta.optional() });

export const one = <T extends z.ZodType>(item: T) => z.looseObject({ data: item });

/** Every error answer: `{error: {code, message, details?}}` (assumed). */
export const ErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Paging defaults and bounds (assumed). */
export const PAGE_SIZE_DEFAULT = 100;
export const PAGE_SIZE_MAX = 500;
/** Foot-traffic queries return at most this many buckets; more is a 422. */
export const FOOT_TRAFFIC_MAX_BUCKETS = 2_000;
