/** Validation of POST /locations bodies: every problem is reported per field, unknown keys included. */
import { ISO_COUNTRY } from '../../core/api/wire';
import { isRecord, validationError } from '../http-kit';
import { isValidTimezone } from '../places';
import type { AddressRec } from '../snapshot';

const ADDRESS_KEYS = ['line1', 'line2', 'city', 'region', 'postal_code', 'country'] as const;
const REQUIRED = new Set(['line1', 'city', 'country']);
const MAX: Record<string, number> = {
  line1: 200,
  line2: 200,
  city: 100,
  region: 100,
  postal_code: 20,
  country: 200,
};

/** Falls back to a zone by country so every location has one (the spec gives no rule; assumed). */
const DEFAULT_ZONES: Record<string, string> = {
  US: 'America/New_York',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  NL: 'Europe/Amsterdam',
  JP: 'Asia/Tokyo',
};

export interface LocationInput {
  name: string;
  address: AddressRec;
  timezone: string;
}

export const parseLocationInput = (body: unknown): LocationInput => {
  if (!isRecord(body)) throw validationError({ body: 'must be a JSON object' });
  const fields: Record<string, string> = {};
  for (const key of Object.keys(body))
    if (!['name', 'address', 'timezone'].includes(key)) fields[key] = 'is not allowed';

  const name = typeof body.name === 'string' ? body.name.trim() : undefined;
  if (body.name === undefined) fields.name = 'is required';
  else if (name === undefined) fields.name = 'must be a string';
  else if (name.length < 1 || name.length > 120) fields.name = 'must be 1 to 120 characters';

  const address: Record<string, string | null> = {};
  if (body.address === undefined) fields.address = 'is required';
  else if (!isRecord(body.address)) fields.address = 'must be an object';
  else {
    const raw = body.address;
    for (const key of Object.keys(raw))
      if (!(ADDRESS_KEYS as readonly string[]).includes(key))
        fields[`address.${key}`] = 'is not allowed';
    for (const key of ADDRESS_KEYS) {
      const v = raw[key];
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
        if (REQUIRED.has(key)) fields[`address.${key}`] = 'is required';
        else address[key] = null;
      } else if (typeof v !== 'string') fields[`address.${key}`] = 'must be a string';
      else if (v.trim().length > (MAX[key] ?? 200))
        fields[`address.${key}`] = `must be at most ${MAX[key]} characters`;
      else address[key] = v.trim();
    }
    if (address.country && !ISO_COUNTRY.test(address.country))
      fields['address.country'] = 'must be an ISO 3166-1 alpha-2 code such as US or DE';
  }

  let timezone = '';
  if (body.timezone !== undefined) {
    if (typeof body.timezone !== 'string' || !isValidTimezone(body.timezone))
      fields.timezone = 'must be an IANA time zone such as Europe/Berlin';
    else timezone = body.timezone;
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  const country = address.country ?? '';
  return {
    name: name ?? '',
    address: {
      line1: address.line1 ?? '',
      line2: address.line2 ?? null,
      city: address.city ?? '',
      region: address.region ?? null,
      postal_code: address.postal_code ?? null,
      country,
    },
    timezone: timezone || (DEFAULT_ZONES[country] ?? 'UTC'),
  };
};
