/**
 * Reads single resources out of answers, whatever envelope the server used: `{data: {...}}`
 * (the spec's list shape carried over), the object itself, or nothing usable (a 204, `{}`,
 * `{id}` only) — then the caller reads the state back. Devices keep the spec's exact field
 * names and types (validated); locations get their address read tolerantly; every unknown
 * field is kept.
 */
import type { z } from 'zod';
import { AppError } from '../app-error';
import { readAddress } from './address-reader';
import { wording } from './messages';
import { capServerText } from './server-text';
import { Device, Location, Organization } from './wire';

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The resource inside an answer, or null when the answer carries none. */
export function unwrap(body: unknown, looksRight: (o: Obj) => boolean): Obj | null {
  if (!isObj(body)) return null;
  if (isObj(body['data']) && looksRight(body['data'])) return body['data'];
  return looksRight(body) ? body : null;
}

const validated = <S extends z.ZodType>(schema: S, raw: unknown): z.output<S> => {
  const result = schema.safeParse(raw);
  if (result.success) return capServerText(result.data);
  // Paths and zod's own wording only: the values themselves are not copied into the cause.
  const summary = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new AppError(
    { kind: 'bad_response', ...wording.unreadable() },
    { cause: new Error(summary) },
  );
};

export const isDeviceLike = (o: Obj): boolean => typeof o['serial_number'] === 'string';
/** An id and something more: a name is not guaranteed, but `{id}` alone is no resource. */
export const isLocationLike = (o: Obj): boolean =>
  (typeof o['id'] === 'string' || typeof o['id'] === 'number') &&
  (typeof o['name'] === 'string' || Object.keys(o).some((k) => k !== 'id'));

const idText = (v: unknown): unknown => (typeof v === 'number' ? String(v) : v);

/**
 * A reference to a location in the spec's `{id, name}` form, from the variants servers send:
 * a numeric id (→ text), no name or a null one (→ null), a bare id instead of an object
 * (→ `{id, name: null}`). Anything else is left as it was for the schema to judge.
 */
export function readLocationRef(raw: unknown): unknown {
  if (typeof raw === 'string' || typeof raw === 'number') return { id: String(raw), name: null };
  if (!isObj(raw)) return raw;
  const name = raw['name'];
  return { ...raw, id: idText(raw['id']), name: name === undefined ? null : name };
}

/** A device with the spec's fields as they are; only `location` is normalised first. */
export function readDevice(raw: unknown): Device {
  if (!isObj(raw) || !('location' in raw)) return validated(Device, raw);
  return validated(Device, { ...raw, location: readLocationRef(raw['location']) });
}

export function readLocation(raw: unknown): Location {
  if (!isObj(raw)) return validated(Location, raw);
  const address = readAddress(raw);
  return validated(Location, { ...raw, id: idText(raw['id']), address });
}

export function readOrganization(raw: unknown): Organization {
  if (!isObj(raw)) return validated(Organization, raw);
  return validated(Organization, { ...raw, id: idText(raw['id']) });
}

/** The id a create answer gave: in the body (`{id}`) or as the last segment of `Location`. */
export function createdId(body: unknown, locationHeader: string | null): string | null {
  const inBody = isObj(body) ? (isObj(body['data']) ? body['data']['id'] : body['id']) : undefined;
  if (typeof inBody === 'string' || typeof inBody === 'number') return String(inBody);
  if (!locationHeader) return null;
  const last = locationHeader.split('?')[0]?.split('/').filter(Boolean).at(-1);
  return last ? decodeURIComponent(last) : null;
}
