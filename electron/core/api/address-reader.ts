/**
 * The tolerant reader for addresses. The spec says nothing about Address fields, and real APIs
 * spell them many ways: line1 / street / street_address / address1, postal_code / zip /
 * postcode, city / town / locality, region / state / province, country / country_code given
 * as a code or a name — or the whole address as one string, or its parts flat on the location.
 * Everything is read into the one shape the app shows; a part that is not there is null (the
 * screen shows "—"), never an error. The original fields are kept beside it.
 */

export interface ReadAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  /** ISO 3166-1 alpha-2 when it could be told, else what the server sent. */
  country: string | null;
  /** The address as one line, as the server gave it or put together from the parts. */
  text: string | null;
}

const SPELLINGS: Record<Exclude<keyof ReadAddress, 'text'>, readonly string[]> = {
  line1: [
    'line1',
    'line_1',
    'address_line_1',
    'address_line1',
    'addressLine1',
    'street',
    'street_address',
    'streetAddress',
    'address1',
    'street1',
  ],
  line2: [
    'line2',
    'line_2',
    'address_line_2',
    'address_line2',
    'addressLine2',
    'address2',
    'street2',
    'extended_address',
    'extendedAddress',
  ],
  city: ['city', 'town', 'locality', 'municipality'],
  region: ['region', 'state', 'province', 'county', 'prefecture', 'state_code'],
  postal_code: ['postal_code', 'postalCode', 'zip', 'zip_code', 'zipcode', 'postcode', 'post_code'],
  country: ['country_code', 'countryCode', 'country', 'country_name', 'iso_country'],
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

let countryNames: Map<string, string> | null = null;

/** The current ISO code for a region code ("UK" → "GB", "SU" → "RU"); as given if unknown. */
function canonicalCode(code: string): string {
  try {
    return Intl.getCanonicalLocales(`und-${code}`)[0]?.slice(4) ?? code;
  } catch {
    return code;
  }
}

/** Country names in the app's languages → ISO code, built once from Intl's own data. */
function countryByName(name: string): string | null {
  if (!countryNames) {
    countryNames = new Map();
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const displays = ['en', 'de', 'fr', 'nl', 'ja'].map(
      (l) => new Intl.DisplayNames([l], { type: 'region' }),
    );
    for (const a of letters) {
      for (const b of letters) {
        const code = a + b;
        // Withdrawn codes (UK, SU, YU, BU…) have their successor's name: keep the current code.
        if (canonicalCode(code) !== code) continue;
        for (const display of displays) {
          const shown = display.of(code);
          if (shown && shown !== code) countryNames.set(shown.toLowerCase(), code);
        }
      }
    }
    for (const [alias, code] of [
      ['usa', 'US'],
      ['uk', 'GB'],
      ['great britain', 'GB'],
      ['england', 'GB'],
      ['holland', 'NL'],
      ['deutschland', 'DE'],
    ] as const) {
      countryNames.set(alias, code);
    }
  }
  return countryNames.get(name.trim().toLowerCase()) ?? null;
}

/** A code, a name in one of the app's languages, or null. */
export function readCountry(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  if (/^[A-Za-z]{2}$/.test(raw)) return canonicalCode(raw.toUpperCase());
  if (/^[A-Za-z]{3}$/.test(raw) && raw.toUpperCase() === 'USA') return 'US';
  return countryByName(raw) ?? raw;
}

const firstOf = <K extends string>(source: Obj, keys: readonly K[]): unknown => {
  for (const key of keys) if (source[key] !== undefined && source[key] !== null) return source[key];
  return undefined;
};

/** `address` may be an object, a string, or absent with the parts flat on `owner`. */
export function readAddress(owner: Obj): ReadAddress | null {
  const raw = owner['address'];
  if (typeof raw === 'string') {
    return raw.trim() === ''
      ? null
      : {
          line1: null,
          line2: null,
          city: null,
          region: null,
          postal_code: null,
          country: null,
          text: raw.trim(),
        };
  }
  const source = isObj(raw) ? raw : owner;
  const read: ReadAddress = {
    line1: text(firstOf(source, SPELLINGS.line1)),
    line2: text(firstOf(source, SPELLINGS.line2)),
    city: text(firstOf(source, SPELLINGS.city)),
    region: text(firstOf(source, SPELLINGS.region)),
    postal_code: text(firstOf(source, SPELLINGS.postal_code)),
    country: readCountry(firstOf(source, SPELLINGS.country)),
    text: text(source['formatted'] ?? source['text'] ?? source['full'] ?? source['one_line']),
  };
  const parts = [
    read.line1,
    read.line2,
    [read.postal_code, read.city].filter(Boolean).join(' '),
    read.region,
    read.country,
  ];
  const any = parts.some((p) => p !== null && p !== '');
  if (!any && read.text === null) return null;
  read.text ??= parts.filter((p): p is string => p !== null && p !== '').join(', ');
  return read;
}
