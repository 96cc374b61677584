/**
 * A managed file's `deviceTypes` object (the mounting checklists, the silent-device guide) read
 * as its own [name, list] pairs: a device type is the server's text, and zod's record output
 * drops a "__proto__" key (it sets the prototype instead), so the files are validated as pairs
 * and kept in Maps (tests/unit/dev/own-keys.test.ts).
 */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The file with `deviceTypes` as its own [name, list] pairs. */
export const withPairs = (raw: unknown): unknown =>
  isObject(raw) && isObject(raw.deviceTypes)
    ? { ...raw, deviceTypes: Object.entries(raw.deviceTypes) }
    : raw;

/** Where a problem is, in the file's words: a pair's index back to its device type. */
export const placeOf = (path: readonly PropertyKey[], raw: unknown): string => {
  const [first, index, , ...rest] = path;
  const pairs = isObject(raw) && isObject(raw.deviceTypes) ? Object.keys(raw.deviceTypes) : [];
  const named =
    first === 'deviceTypes' && typeof index === 'number' && pairs[index] !== undefined
      ? ['deviceTypes', pairs[index], ...rest]
      : path;
  return named.map(String).join('.').slice(0, 200);
};
