/** Address spellings. Stored addresses are {line1, line2, city, region, postal_code, country (ISO)}. */
import type { AddressRec as Address } from '../snapshot';

export type AddressStyle =
  /** {line1, line2, city, region, postal_code, country: "DE"} (the default). */
  | 'lines'
  /** {address1, address2, town, state, zip, country_code: "DE"}. */
  | 'address1-zip'
  /** {street_address, extended_address, locality, province, postcode, country: "Germany"}. */
  | 'street-address-locality'
  /** {street (both lines), city, state, postcode, country: "Germany"}. */
  | 'street-country-name'
  /** One string: "Marienplatz 1, 80331 München, Germany". */
  | 'one-line'
  /** {street_address (both lines), address_locality, address_region, postal_code, address_country: "DE"}. */
  | 'schema-org'
  /** {address_lines: [line1, line2?], municipality, province, zip, country: "Germany"}. */
  | 'lines-municipality';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "DE" → "Germany"; anything Intl does not know stays as it is. */
const countryName = (code: string): string => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** Countries that write "City, Region Postcode" rather than "Postcode City". */
const CITY_FIRST = new Set(['US', 'GB', 'JP']);

const oneLine = (a: Address): string => {
  const place = CITY_FIRST.has(a.country)
    ? [a.city, [a.region, a.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : [a.postal_code, a.city].filter(Boolean).join(' ');
  return [a.line1, a.line2, place, countryName(a.country)].filter(Boolean).join(', ');
};

export const renderAddress = (style: AddressStyle, a: Address): unknown => {
  switch (style) {
    case 'lines':
      return a;
    case 'address1-zip':
      return {
        address1: a.line1,
        address2: a.line2 ?? null,
        town: a.city,
        state: a.region ?? null,
        zip: a.postal_code ?? null,
        country_code: a.country,
      };
    case 'street-address-locality':
      return {
        street_address: a.line1,
        extended_address: a.line2 ?? null,
        locality: a.city,
        province: a.region ?? null,
        postcode: a.postal_code ?? null,
        country: countryName(a.country),
      };
    case 'street-country-name':
      return {
        street: [a.line1, a.line2].filter(Boolean).join(', '),
        city: a.city,
        state: a.region ?? null,
        postcode: a.postal_code ?? null,
        country: countryName(a.country),
      };
    case 'one-line':
      return oneLine(a);
    case 'schema-org':
      return {
        street_address: [a.line1, a.line2].filter(Boolean).join(', '),
        address_locality: a.city,
        address_region: a.region ?? null,
        postal_code: a.postal_code ?? null,
        address_country: a.country,
      };
    case 'lines-municipality':
      return {
        address_lines: [a.line1, a.line2].filter(Boolean),
        municipality: a.city,
        province: a.region ?? null,
        zip: a.postal_code ?? null,
        country: countryName(a.country),
      };
  }
};
