/**
 * The tolerant reader for error answers. The spec shows no error body, and servers and the
 * gateways in front of them answer in many ways: `{error: {code, message, details}}`,
 * `{message, code}`, `{error: "text"}`, `{errors: [...]}` (JSON:API and friends),
 * `{errors: {field: [...]}}` (Rails), `{detail: [...]}` (FastAPI), plain text, an HTML page.
 * What the app needs from any of them: a code it may recognise, the fields a form should mark,
 * and, for a conflict, where the device is or how many devices a store still has.
 */
import type { LocationRef } from './records';

export interface ReadError {
  code: string | null;
  /** Field → the server's words about it; null where it named the field without any. */
  fields: Record<string, string | null>;
  location: LocationRef | null;
  deviceCount: number | null;
}

const MAX_FIELDS = 50;
const MAX_TEXT = 200;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const clip = (s: string): string => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** `/data/attributes/address/city` (JSON:API pointer) or ['body', 'address', 'city'] → address.city */
const fieldName = (raw: unknown): string | null => {
  if (Array.isArray(raw))
    return (
      raw
        .filter((p) => p !== 'body')
        .map(String)
        .join('.') || null
    );
  const s = str(raw);
  if (s === null) return null;
  return s.startsWith('/')
    ? s
        .split('/')
        .filter((p) => p && p !== 'data' && p !== 'attributes')
        .join('.')
    : s;
};

const messageOf = (v: unknown): string | null =>
  str(v) ??
  (Array.isArray(v)
    ? v
        .map((m) => messageOf(m))
        .filter((m) => m !== null)
        .join('; ') || null
    : isObj(v)
      ? (str(v['message']) ?? str(v['msg']) ?? str(v['detail']))
      : null);

const clipped = (text: string | null): string | null => (text === null ? null : clip(text));

/** Field names are the server's text: gathered in a Map (a "__proto__" field stays a field). */
function readFields(source: unknown, out: Map<string, string | null>): void {
  if (Array.isArray(source)) {
    for (const entry of source) {
      if (!isObj(entry)) continue;
      const source2 = isObj(entry['source']) ? entry['source'] : {};
      const name = fieldName(
        entry['field'] ??
          entry['path'] ??
          entry['param'] ??
          entry['loc'] ??
          source2['pointer'] ??
          source2['parameter'],
      );
      if (name !== null) out.set(clip(name), clipped(messageOf(entry)));
    }
  } else if (isObj(source)) {
    for (const [key, value] of Object.entries(source))
      out.set(clip(key), clipped(messageOf(value)));
  }
}

const readLocation = (v: unknown): LocationRef | null => {
  if (!isObj(v)) return null;
  const id = str(v['id']) ?? (typeof v['id'] === 'number' ? String(v['id']) : null);
  const name = str(v['name']);
  return id !== null ? { id: clip(id), name: clip(name ?? id) } : null;
};

/** JSON:API and friends put the code in each entry of `errors`: the first one that has one. */
const listedCode = (errors: unknown): string | null => {
  if (!Array.isArray(errors)) return null;
  for (const entry of errors)
    if (isObj(entry) && str(entry['code']) !== null) return str(entry['code']);
  return null;
};

export function readErrorBody(body: unknown): ReadError {
  const out: ReadError = { code: null, fields: {}, location: null, deviceCount: null };
  if (!isObj(body)) return out;
  const inner = isObj(body['error']) ? body['error'] : body;
  out.code =
    str(inner['code']) ??
    str(inner['type']) ??
    str(body['code']) ??
    str(body['error_code']) ??
    listedCode(body['errors']);
  const details = isObj(inner['details'])
    ? inner['details']
    : isObj(body['details'])
      ? body['details']
      : {};
  const fields = new Map<string, string | null>();
  readFields(details['fields'], fields);
  readFields(inner['fields'] ?? body['fields'], fields);
  readFields(body['errors'], fields);
  if (Array.isArray(body['detail'])) readFields(body['detail'], fields);
  out.fields = Object.fromEntries([...fields].slice(0, MAX_FIELDS));
  out.location =
    readLocation(details['location']) ??
    readLocation(inner['location']) ??
    readLocation(body['location']) ??
    readLocation(body['current_location']) ??
    readLocation(details['current_location']);
  const count = details['device_count'] ?? inner['device_count'] ?? body['device_count'];
  out.deviceCount =
    typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
  return out;
}

const INSTALLED_ELSEWHERE = /installed[_ ]elsewhere|already[_ ]installed|device[_ ]in[_ ]use/i;
const HAS_DEVICES = /has[_ ]devices|not[_ ]empty|devices[_ ]installed/i;

export const isInstalledElsewhere = (code: string | null): boolean =>
  code !== null && INSTALLED_ELSEWHERE.test(code);
export const isLocationWithDevices = (code: string | null): boolean =>
  code !== null && HAS_DEVICES.test(code);
