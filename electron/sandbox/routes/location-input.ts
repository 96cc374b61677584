/** Validation of POST /locations bodies: every problem is reported per field, unknown keys included. */
import { ISO_COUNTRY } from '../../core/api/wire';
import { isRecord, validationError } from '../http-kit';
import { isValidTimezone } from '../places';
import type { AddressRec } from '../snapshot';

const ADDRESS_KEYS = ['line1', 'line2', 'city', 'region', 'postal_code', 'country'] as const;
const REQUIRED = new Set(['line1', 'city', 'country']);
const MAX: Record<(typeof ADDRESS_KEYS)[number], number> = {
  line1: 200,
  line2: 200,
  city: 100,
  region: 100,
  postal_code: 20,
  country: 200,
};

/** Falls back to a zone by country so every location has one (the spec gives no rule; assumed). */
const DEFAULT_ZONES: ReadonlyMap<string, string> = new Map([
  ['US', 'America/New_York'],
  ['DE', 'Europe/Berlin'],
  ['FR', 'Europe/Paris'],
  ['GB', 'Europe/London'],
  ['NL', 'Europe/Amsterdam'],
  ['JP', 'Asia/Tokyo'],
]);

export interface LocationInput {
  name: string;
  address: AddressRec;
  timezone: string;
}

export const parseLocationInput = (body: unknown): LocationInput => {
  if (!isRecord(body)) throw validationError({ body: 'must be a JSON object' });
  // Keys are the client's text: a Map, so a "__proto__" key is reported like any other.
  const problems = new Map<string, string>();
  for (const key of Object.keys(body))
    if (!['name', 'address', 'timezone'].includes(key)) problems.set(key, 'is not allowed');

  const name = typeof body.name === 'string' ? body.name.trim() : undefined;
  if (body.name === undefined) problems.set('name', 'is required');
  else if (name === undefined) problems.set('name', 'must be a string');
  else if (name.length < 1 || name.length > 120)
    problems.set('name', 'must be 1 to 120 characters');

  const address = new Map<(typeof ADDRESS_KEYS)[number], string | null>();
  if (body.address === undefined) problems.set('address', 'is required');
  else if (!isRecord(body.address)) problems.set('address', 'must be an object');
  else {
    const raw = body.address;
    for (const key of Object.keys(raw))
      if (!(ADDRESS_KEYS as readonly string[]).includes(key))
        problems.set(`address.${key}`, 'is not allowed');
    for (const key of ADDRESS_KEYS) {
      const v = raw[key];
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
        if (REQUIRED.has(key)) problems.set(`address.${key}`, 'is required');
        else address.set(key, null);
      } else if (typeof v !== 'string') problems.set(`address.${key}`, 'must be a string');
      else if (v.trim().length > MAX[key])
        problems.set(`address.${key}`, `must be at most ${MAX[key]} characters`);
      else address.set(key, v.trim());
    }
    const country = address.get('country');
    if (country && !ISO_COUNTRY.test(country))
      problems.set('address.country', 'must be an ISO 3166-1 alpha-2 code such as US or DE');
  }

  let timezone = '';
  if (body.timezone !== undefined) {
    if (typeof body.timezone !== 'string' || !isValidTimezone(body.timezone))
      problems.set('timezone', 'must be an IANA time zone such as Europe/Berlin');
    else timezone = body.timezone;
  }
  if (problems.size > 0) throw validationError(Object.fromEntries(problems));
  const country = address.get('country') ?? '';
  return {
    name: name ?? '',
    address: {
      line1: address.get('line1') ?? '',
      line2: address.get('line2') ?? null,
      city: address.get('city') ?? '',
      region: address.get('region') ?? null,
      postal_code: address.get('postal_code') ?? null,
      country,
    },
    timezone: timezone || (DEFAULT_ZONES.get(country) ?? 'UTC'),
  };
};
