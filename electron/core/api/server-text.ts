/**
 * Caps on the length of the text a server's answers name things with (names, labels,
 * addresses), applied where answers are read (answer-readers.ts, the signed-in user in
 * client.ts), so every screen, the cache and every export get bounded strings: a store name
 * of a megabyte written in the vendor's portal would otherwise stretch every list, receipt and
 * CSV it appears in. Caps count characters (code points); a cut string ends with "…".
 * Ids, serials and times are not cut: a changed id would name another thing. The caps are
 * stated in docs/api/openapi.yaml (`info.x-client-tolerates.shortens`).
 */

/** Names and labels: a store, an organization, a device's label, the signed-in user. */
export const NAME_MAX = 200;
/** One part of an address (street, town, region, postal code, country). */
export const ADDRESS_PART_MAX = 200;
/** A whole address given as one string. */
export const ADDRESS_TEXT_MAX = 500;
/** A device type or firmware version name. */
export const TYPE_NAME_MAX = 100;

/** The cap of each text field the readers cut, by its name in the app's reading of answers. */
const CAPS: Readonly<Record<string, number>> = {
  name: NAME_MAX,
  device_type_name: TYPE_NAME_MAX,
  firmware_version_name: TYPE_NAME_MAX,
  line1: ADDRESS_PART_MAX,
  line2: ADDRESS_PART_MAX,
  city: ADDRESS_PART_MAX,
  region: ADDRESS_PART_MAX,
  postal_code: ADDRESS_PART_MAX,
  country: ADDRESS_PART_MAX,
  text: ADDRESS_TEXT_MAX,
};

/** Objects a resource nests whose text fields are capped too. */
const NESTED = new Set(['address', 'location']);

/** `text` cut to `max` characters (code points, never half a surrogate pair). */
export const capText = (text: string, max: number): string => {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
};

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A read resource with its names, labels and address parts capped (a copy when any is cut). */
export function capServerText<T>(resource: T): T {
  if (!isObj(resource)) return resource;
  let copy: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(resource)) {
    const max = Object.hasOwn(CAPS, key) ? CAPS[key] : undefined;
    const capped =
      typeof value === 'string' && max !== undefined
        ? capText(value, max)
        : NESTED.has(key)
          ? capServerText(value)
          : value;
    // defineProperty: an assignment to a key spelled "__proto__" would set the prototype.
    if (capped !== value)
      Object.defineProperty((copy ??= { ...resource }), key, {
        value: capped,
        writable: true,
        enumerable: true,
        configurable: true,
      });
  }
  return (copy ?? resource) as T;
}
