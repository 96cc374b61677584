/**
 * The one serialisation a visit entry's hash is taken over: JSON with object keys sorted by
 * UTF-16 code units, no whitespace, no `undefined` members (RFC 8785's rules for the values a
 * record holds: strings, numbers, booleans, null, arrays, objects). Written here rather than
 * taken from a package: these bytes are a stored format — every hash ever printed on a receipt
 * depends on them — so they must not change with a dependency's update.
 */
export function canonicalJson(value: unknown): string {
  if (
    value === null ||
    value === undefined ||
    typeof value === 'boolean' ||
    typeof value === 'string'
  ) {
    return JSON.stringify(value ?? null);
  }
  // ECMAScript's shortest round-trip form, as RFC 8785 prescribes; NaN and ±Infinity as null,
  // as JSON.stringify writes them (a record must never fail to be written over a number).
  if (typeof value === 'number') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
    return `{${members.join(',')}}`;
  }
  // Functions, symbols, bigints: nothing a record holds (JSON.stringify drops or throws).
  throw new TypeError(`cannot be recorded: ${typeof value}`);
}
