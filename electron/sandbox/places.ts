/** Real cities with plausible streets and postcode patterns, so training data looks like a real estate. */
import type { Rng } from './prng';

interface City {
  city: string;
  region: string | null;
  country: string;
  timezone: string;
  streets: readonly string[];
  /** '#' = digit, 'A' = letter. */
  postcode: string;
  /** House number after the street (most of Europe) or before it (US, GB, JP-style here). */
  numberFirst: boolean;
}

const CITIES: readonly City[] = [
  {
    city: 'Chicago',
    region: 'IL',
    country: 'US',
    timezone: 'America/Chicago',
    streets: ['N Michigan Ave', 'W Madison St', 'N State St', 'W Randolph St'],
    postcode: '606##',
    numberFirst: true,
  },
  {
    city: 'Seattle',
    region: 'WA',
    country: 'US',
    timezone: 'America/Los_Angeles',
    streets: ['Pine St', '4th Ave', 'Westlake Ave N', 'Broadway E'],
    postcode: '981##',
    numberFirst: true,
  },
  {
    city: 'Austin',
    region: 'TX',
    country: 'US',
    timezone: 'America/Chicago',
    streets: ['Congress Ave', 'S Lamar Blvd', 'W 6th St', 'Guadalupe St'],
    postcode: '787##',
    numberFirst: true,
  },
  {
    city: 'Boston',
    region: 'MA',
    country: 'US',
    timezone: 'America/New_York',
    streets: ['Newbury St', 'Boylston St', 'Washington St', 'Tremont St'],
    postcode: '021##',
    numberFirst: true,
  },
  {
    city: 'Berlin',
    region: 'Berlin',
    country: 'DE',
    timezone: 'Europe/Berlin',
    streets: ['Friedrichstraße', 'Kurfürstendamm', 'Alexanderplatz', 'Schönhauser Allee'],
    postcode: '10###',
    numberFirst: false,
  },
  {
    city: 'München',
    region: 'Bayern',
    country: 'DE',
    timezone: 'Europe/Berlin',
    streets: ['Kaufingerstraße', 'Sendlinger Straße', 'Leopoldstraße', 'Theatinerstraße'],
    postcode: '80###',
    numberFirst: false,
  },
  {
    city: 'Hamburg',
    region: 'Hamburg',
    country: 'DE',
    timezone: 'Europe/Berlin',
    streets: ['Mönckebergstraße', 'Jungfernstieg', 'Spitalerstraße', 'Große Bergstraße'],
    postcode: '20###',
    numberFirst: false,
  },
  {
    city: 'Paris',
    region: 'Île-de-France',
    country: 'FR',
    timezone: 'Europe/Paris',
    streets: [
      'Rue de Rivoli',
      'Boulevard Haussmann',
      'Rue du Faubourg Saint-Antoine',
      'Avenue des Ternes',
    ],
    postcode: '750##',
    numberFirst: true,
  },
  {
    city: 'Lyon',
    region: 'Auvergne-Rhône-Alpes',
    country: 'FR',
    timezone: 'Europe/Paris',
    streets: ['Rue de la République', 'Rue Victor Hugo', 'Cours Lafayette'],
    postcode: '6900#',
    numberFirst: true,
  },
  {
    city: 'London',
    region: null,
    country: 'GB',
    timezone: 'Europe/London',
    streets: ['Oxford Street', 'Regent Street', 'King’s Road', 'Kensington High Street'],
    postcode: 'W1# #AA',
    numberFirst: true,
  },
  {
    city: 'Manchester',
    region: null,
    country: 'GB',
    timezone: 'Europe/London',
    streets: ['Market Street', 'Deansgate', 'King Street'],
    postcode: 'M# #AA',
    numberFirst: true,
  },
  {
    city: 'Amsterdam',
    region: 'Noord-Holland',
    country: 'NL',
    timezone: 'Europe/Amsterdam',
    streets: ['Kalverstraat', 'Leidsestraat', 'Damrak', 'Utrechtsestraat'],
    postcode: '10## AA',
    numberFirst: false,
  },
  {
    city: 'Utrecht',
    region: 'Utrecht',
    country: 'NL',
    timezone: 'Europe/Amsterdam',
    streets: ['Oudegracht', 'Lange Elisabethstraat', 'Steenweg'],
    postcode: '35## AA',
    numberFirst: false,
  },
  {
    city: 'Tokyo',
    region: 'Tokyo',
    country: 'JP',
    timezone: 'Asia/Tokyo',
    streets: ['Ginza 4-chome', 'Jingumae 1-chome', 'Shinjuku 3-chome'],
    postcode: '1##-####',
    numberFirst: false,
  },
  {
    city: 'Osaka',
    region: 'Osaka',
    country: 'JP',
    timezone: 'Asia/Tokyo',
    streets: ['Umeda 1-chome', 'Shinsaibashisuji 2-chome', 'Namba 5-chome'],
    postcode: '5##-####',
    numberFirst: false,
  },
];

export const STORE_PREFIXES = [
  'Flagship',
  'Outlet',
  'Mall',
  'Station',
  'Downtown',
  'Harbour',
  'Airport',
  'Market',
  'Plaza',
  'Arcade',
] as const;

const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

const postcode = (rng: Rng, pattern: string): string =>
  pattern.replace(/[#A]/g, (c) =>
    c === '#' ? String(rng.int(0, 9)) : (LETTERS[rng.int(0, LETTERS.length - 1)] ?? 'A'),
  );

export interface GeneratedAddress {
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postal_code: string;
  country: string;
  timezone: string;
}

export const randomAddress = (rng: Rng): GeneratedAddress => {
  const c = rng.pick(CITIES);
  const street = rng.pick(c.streets);
  const no = String(rng.int(1, 240));
  return {
    line1: c.numberFirst ? `${no} ${street}` : `${street} ${no}`,
    line2: rng.chance(0.2) ? `Unit ${rng.int(1, 40)}` : null,
    city: c.city,
    region: c.region,
    postal_code: postcode(rng, c.postcode),
    country: c.country,
    timezone: c.timezone,
  };
};

/** Fixed UTC offset of a zone at a moment; the traffic rhythm uses it (DST drift is irrelevant there). */
export const utcOffsetMinutes = (timezone: string, atMs: number): number => {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(atMs))
      .find((p) => p.type === 'timeZoneName')?.value;
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(parts ?? '');
    if (!m) return 0;
    return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  } catch {
    return 0;
  }
};

export const isValidTimezone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
