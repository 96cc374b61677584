/**
 * Reads single resources out of answers, whatever envelope the server used: `{data: {...}}`
 * (the spec's list shape carried over), the object itself, a named root (`{"device": {...}}`,
 * Rails and friends), or nothing usable (a 204, `{}`, `{id}` only, `{"status": "ok"}`) — then
 * the caller reads the state back. The same reader serves reads and writes. Devices keep the
 * spec's exact field names and types (validated) after "not installed" and "never" are read
 * in their other spellings (an empty location, a zero time); locations get their address read
 * tolerantly; every unknown field is kept.
 */
import type { z } from 'zod';
import { AppError } from '../app-error';
import { readAddress } from './address-reader';
import { ignoreFindings, type FindingSink } from './findings';
import { UNREADABLE } from './error-mapping';
import { capServerText } from './server-text';
import { isZeroTime, readTime } from './time-reader';
import { Device, Location, Organization, installedLocation } from './wire';

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The name a server wraps each kind of resource in (`{"device": {...}}`). */
export type ResourceRoot = 'device' | 'location' | 'organization';

/**
 * The resource inside an answer, or null when the answer carries none: `{data: X}`, X itself,
 * or `{<root>: X}`. The resource itself is tried before its named root, so a location that
 * has a `location` field of its own (a geo point) is still itself.
 */
export function unwrap(
  body: unknown,
  looksRight: (o: Obj) => boolean,
  root: ResourceRoot,
  note: FindingSink = ignoreFindings,
): Obj | null {
  if (!isObj(body)) return null;
  if (isObj(body['data']) && looksRight(body['data'])) return body['data'];
  if (looksRight(body)) return body;
  const named = body[root];
  if (isObj(named) && looksRight(named)) {
    note({ kind: 'named_root' });
    return named;
  }
  return null;
}

const validated = <S extends z.ZodType>(schema: S, raw: unknown): z.output<S> => {
  const result = schema.safeParse(raw);
  if (result.success) return capServerText(result.data);
  // Paths and zod's own wording only: the values themselves are not copied into the cause.
  const summary = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new AppError(UNREADABLE, { cause: new Error(summary) });
};

export const isDeviceLike = (o: Obj): boolean => typeof o['serial_number'] === 'string';
/** An id and something more: a name is not guaranteed, but `{id}` alone is no resource. */
export const isLocationLike = (o: Obj): boolean =>
  (typeof o['id'] === 'string' || typeof o['id'] === 'number') &&
  (typeof o['name'] === 'string' || Object.keys(o).some((k) => k !== 'id'));

const idText = (v: unknown): unknown => (typeof v === 'number' ? String(v) : v);

/**
 * "No location" as a zero value: `{id: "", name: ""}`, `{id: 0}`, `{id: null}`, `{}`, or a
 * bare "" / 0. An object with no `id` key but other fields is not one of these: it names a
 * location the app cannot identify, and the schema refuses it.
 */
const isEmptyLocation = (raw: unknown): boolean =>
  raw === '' ||
  raw === 0 ||
  (isObj(raw) && installedLocation(raw) === null && ('id' in raw || Object.keys(raw).length === 0));

/**
 * A reference to a location in the spec's `{id, name}` form, from the variants servers send:
 * a numeric id (→ text), no name or a null one (→ null), a bare id instead of an object
 * (→ `{id, name: null}`), and "no location" spelled as a zero value (→ null). Anything else is
 * left as it was for the schema to judge.
 */
function readLocationRef(raw: unknown): unknown {
  if (isEmptyLocation(raw)) return null;
  if (typeof raw === 'string' || typeof raw === 'number') return { id: String(raw), name: null };
  if (!isObj(raw)) return raw;
  const name = raw['name'];
  return { ...raw, id: idText(raw['id']), name: name === undefined ? null : name };
}

/** The fields of each resource that hold times (time-reader.ts reads them all). */
const TIME_FIELDS = {
  device: ['last_checkin_at', 'installed_at'],
  resource: ['created_at'],
} as const;

/**
 * `raw` with each of `fields` it has read as a time (a copy only when one changes: lists read
 * 100,000 devices); a zero value is told as a finding.
 */
const withTimes = <F extends string>(raw: Obj, fields: readonly F[], note: FindingSink): Obj => {
  let out = raw;
  for (const field of fields) {
    const value = raw[field];
    if (value === undefined || value === null) continue;
    const read = readTime(value);
    if (read === value) continue;
    if (isZeroTime(value)) note({ kind: 'zero_time_is_never' });
    if (out === raw) out = { ...raw };
    out[field] = read;
  }
  return out;
};

/**
 * Where a device is, in the spec's form: null when it is not installed — whether the server
 * said so with null, with a zero-value location, or with `installed: false` beside one.
 */
const deviceLocation = (raw: Obj, note: FindingSink): unknown => {
  const location = raw['location'];
  const given = location !== null && location !== undefined;
  if (raw['installed'] === false || isEmptyLocation(location)) {
    if (given) note({ kind: 'not_installed_empty_location' });
    return null;
  }
  return readLocationRef(location);
};

/** A device with the spec's fields as they are, after its location and times are read. */
export function readDevice(raw: unknown, note: FindingSink = ignoreFindings): Device {
  if (!isObj(raw)) return validated(Device, raw);
  const read = withTimes(raw, TIME_FIELDS.device, note);
  if (!('location' in raw) && raw['installed'] !== false) return validated(Device, read);
  return validated(Device, { ...read, location: deviceLocation(raw, note) });
}

export function readLocation(raw: unknown, note: FindingSink = ignoreFindings): Location {
  if (!isObj(raw)) return validated(Location, raw);
  const address = readAddress(raw);
  const read = withTimes(raw, TIME_FIELDS.resource, note);
  return validated(Location, { ...read, id: idText(raw['id']), address });
}

export function readOrganization(raw: unknown, note: FindingSink = ignoreFindings): Organization {
  if (!isObj(raw)) return validated(Organization, raw);
  const read = withTimes(raw, TIME_FIELDS.resource, note);
  return validated(Organization, { ...read, id: idText(raw['id']) });
}

/**
 * The id a create answer gave: in the body (`{id}`, `{data: {id}}`, `{location: {id}}`) or as
 * the last segment of `Location`.
 */
export function createdId(body: unknown, locationHeader: string | null): string | null {
  const wrapper = isObj(body) ? [body['data'], body['location']].find(isObj) : undefined;
  const inBody = isObj(body) ? (wrapper ? wrapper['id'] : body['id']) : undefined;
  if (typeof inBody === 'string' || typeof inBody === 'number') return String(inBody);
  if (!locationHeader) return null;
  // The last segment, decoded once: an opaque id's "/", "?" or "#" arrives escaped in it.
  const last = locationHeader.split(/[?#]/)[0]?.split('/').filter(Boolean).at(-1);
  try {
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null; // a malformed escape names no store: it is looked for by name instead
  }
}
