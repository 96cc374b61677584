/**
 * The tolerant reader for addresses. The spec says nothing about Address fields, and real APIs
 * spell them many ways: line1 / street / street_address / address1 / address_lines [...],
 * postal_code / zip / postcode, city / town / locality / municipality / address_locality,
 * region / state / province / address_region, country / country_code / address_country given
 * as a code or a name — or the whole address as one string, or its parts flat on the
 * location. Names are matched whatever their case and separators (`addressLocality`,
 * `address_locality`, `Address-Locality` are one), street lines may come as a list. Everything
 * is read into the one shape the app shows; a part that is not there is null (the screen shows
 * "—"), never an error. The original fields are kept beside it.
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

/** Each part's names, as `nameKey` writes them (lower case, no "_", "-", "." or space). */
const SPELLINGS: Record<Exclude<keyof ReadAddress, 'text'>, readonly string[]> = {
  line1: [
    'line1',
    'addressline1',
    'street',
    'streetaddress',
    'address1',
    'street1',
    'streetline1',
    'addressline',
  ],
  line2: ['line2', 'addressline2', 'address2', 'street2', 'streetline2', 'extendedaddress'],
  city: [
    'city',
    'town',
    'locality',
    'municipality',
    'addresslocality',
    'postaltown',
    'cityname',
    'village',
  ],
  region: [
    'region',
    'state',
    'province',
    'county',
    'prefecture',
    'statecode',
    'addressregion',
    'stateprovince',
    'stateorprovince',
    'administrativearea',
    'provincecode',
    'regioncode',
  ],
  postal_code: ['postalcode', 'zip', 'zipcode', 'postcode', 'postal', 'zippostalcode'],
  country: ['countrycode', 'country', 'countryname', 'isocountry', 'addresscountry', 'countryiso'],
};

/** Street lines given as a list: the first is line1, the rest line2. */
const LINE_LISTS = [
  'addresslines',
  'streetlines',
  'lines',
  'street',
  'streetaddress',
  'addressline',
];

/** A field's name as SPELLINGS writes it. */
const nameKey = (name: string): string => name.toLowerCase().replace(/[\s._-]/g, '');

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

/** The first part the source has under one of `keys` (SPELLINGS' form), in that order. */
const firstOf = (byName: ReadonlyMap<string, unknown>, keys: readonly string[]): unknown => {
  for (const key of keys) {
    const value = byName.get(key);
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
};

/** The source's fields by `nameKey`; the first of two that read alike wins. */
const byNameKey = (source: Obj): Map<string, unknown> => {
  const byName = new Map<string, unknown>();
  for (const [name, value] of Object.entries(source)) {
    const key = nameKey(name);
    if (!byName.has(key) || byName.get(key) === null) byName.set(key, value);
  }
  return byName;
};

/** Street lines given as a list, as text; null when the source has none. */
const lineList = (byName: ReadonlyMap<string, unknown>): string[] | null => {
  for (const key of LINE_LISTS) {
    const value = byName.get(key);
    if (Array.isArray(value)) {
      const lines = value.map(text).filter((l): l is string => l !== null);
      if (lines.length > 0) return lines;
    }
  }
  return null;
};

/** A country as text, or as an object naming it ({code | iso | name}, schema.org's form). */
const countryOf = (value: unknown): unknown =>
  isObj(value) ? (value['code'] ?? value['iso'] ?? value['iso_code'] ?? value['name']) : value;

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
  const byName = byNameKey(source);
  const lines = lineList(byName);
  const read: ReadAddress = {
    line1: lines?.[0] ?? text(firstOf(byName, SPELLINGS.line1)),
    line2:
      (lines && lines.length > 1 ? lines.slice(1).join(', ') : null) ??
      text(firstOf(byName, SPELLINGS.line2)),
    city: text(firstOf(byName, SPELLINGS.city)),
    region: text(firstOf(byName, SPELLINGS.region)),
    postal_code: text(firstOf(byName, SPELLINGS.postal_code)),
    country: readCountry(countryOf(firstOf(byName, SPELLINGS.country))),
    text: text(firstOf(byName, ['formatted', 'formattedaddress', 'text', 'full', 'oneline'])),
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
