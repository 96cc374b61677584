/**
 * The tolerant address reader (electron/core/api/address-reader.ts): the many ways real APIs
 * spell an address are read into one shape; a country given as a code or a name (in the app's
 * languages) becomes its ISO code; a one-string address is kept as `text`; a missing part is
 * null, never an error.
 */
import { describe, expect, it } from 'vitest';
import { readAddress, readCountry } from '../../../electron/core/api/address-reader';

const MUNICH = {
  line1: 'Marienplatz 1',
  line2: null,
  city: 'München',
  region: 'Bayern',
  postal_code: '80331',
  country: 'DE',
};

describe('readCountry', () => {
  it.each([
    ['DE', 'DE'],
    ['de', 'DE'],
    [' nl ', 'NL'],
    ['Germany', 'DE'],
    ['germany', 'DE'],
    ['Deutschland', 'DE'],
    ['Allemagne', 'DE'],
    ['ドイツ', 'DE'],
    ['Pays-Bas', 'NL'],
    ['Nederland', 'NL'],
    ['オランダ', 'NL'],
    ['Vereinigte Staaten', 'US'],
    ['États-Unis', 'US'],
    ['アメリカ合衆国', 'US'],
    ['United States', 'US'],
    ['USA', 'US'],
    ['usa', 'US'],
    ['United Kingdom', 'GB'],
    ['Royaume-Uni', 'GB'],
    ['UK', 'GB'],
    ['Japan', 'JP'],
    ['日本', 'JP'],
    ['Russia', 'RU'],
    ['Serbia', 'RS'],
    ['Myanmar (Burma)', 'MM'],
  ])('%s → %s', (given, code) => {
    expect(readCountry(given)).toBe(code);
  });

  it('keeps what it cannot tell as it came; nothing is null', () => {
    expect(readCountry('Atlantis')).toBe('Atlantis');
    expect(readCountry('')).toBeNull();
    expect(readCountry('   ')).toBeNull();
    expect(readCountry(null)).toBeNull();
    expect(readCountry(undefined)).toBeNull();
  });
});

describe('readAddress: spellings', () => {
  it('the default {line1, line2, city, region, postal_code, country}', () => {
    expect(readAddress({ address: MUNICH })).toEqual({
      ...MUNICH,
      text: 'Marienplatz 1, 80331 München, Bayern, DE',
    });
  });

  it('{address1, address2, town, state, zip, country_code}', () => {
    const read = readAddress({
      address: {
        address1: '350 5th Ave',
        address2: 'Floor 2',
        town: 'New York',
        state: 'NY',
        zip: '10118',
        country_code: 'us',
      },
    });
    expect(read).toMatchObject({
      line1: '350 5th Ave',
      line2: 'Floor 2',
      city: 'New York',
      region: 'NY',
      postal_code: '10118',
      country: 'US',
    });
  });

  it('{street_address, extended_address, locality, province, postcode, country: a name}', () => {
    expect(
      readAddress({
        address: {
          street_address: 'Damrak 1',
          extended_address: 'Unit 4',
          locality: 'Amsterdam',
          province: 'Noord-Holland',
          postcode: '1012 LG',
          country: 'Netherlands',
        },
      }),
    ).toMatchObject({
      line1: 'Damrak 1',
      line2: 'Unit 4',
      city: 'Amsterdam',
      region: 'Noord-Holland',
      postal_code: '1012 LG',
      country: 'NL',
    });
  });

  it('{street, city, state, postcode, country} and camelCase spellings', () => {
    expect(
      readAddress({
        address: {
          street: 'Marienplatz 1, Hof',
          city: 'München',
          postcode: '80331',
          country: 'Germany',
        },
      }),
    ).toMatchObject({ line1: 'Marienplatz 1, Hof', city: 'München', country: 'DE' });
    expect(
      readAddress({
        address: {
          addressLine1: '1-1 Marunouchi',
          municipality: 'Chiyoda',
          prefecture: 'Tokyo',
          postalCode: '100-0005',
          countryCode: 'JP',
        },
      }),
    ).toMatchObject({
      line1: '1-1 Marunouchi',
      city: 'Chiyoda',
      region: 'Tokyo',
      postal_code: '100-0005',
      country: 'JP',
    });
  });

  it('the common names of each part, in any case and with any separator (schema.org, lists of lines)', () => {
    const want = {
      line1: 'Weender Straße 12',
      line2: 'Hinterhaus',
      city: 'Göttingen',
      region: 'Niedersachsen',
      postal_code: '37073',
      country: 'DE',
    };
    for (const address of [
      {
        street_address: 'Weender Straße 12',
        extended_address: 'Hinterhaus',
        address_locality: 'Göttingen',
        address_region: 'Niedersachsen',
        postal_code: '37073',
        address_country: 'DE',
      },
      {
        streetAddress: 'Weender Straße 12',
        extendedAddress: 'Hinterhaus',
        addressLocality: 'Göttingen',
        addressRegion: 'Niedersachsen',
        postalCode: '37073',
        addressCountry: { '@type': 'Country', name: 'Germany' },
      },
      {
        address_lines: ['Weender Straße 12', 'Hinterhaus'],
        municipality: 'Göttingen',
        province: 'Niedersachsen',
        zip: '37073',
        country: 'Deutschland',
      },
      {
        street_lines: ['Weender Straße 12', 'Hinterhaus'],
        Town: 'Göttingen',
        State: 'Niedersachsen',
        'Post-Code': '37073',
        Country_Code: 'de',
      },
      {
        STREET_LINE_1: 'Weender Straße 12',
        street_line_2: 'Hinterhaus',
        postal_town: 'Göttingen',
        state_province: 'Niedersachsen',
        postcode: '37073',
        country_iso: 'DE',
      },
    ])
      expect(readAddress({ address }), JSON.stringify(address)).toMatchObject(want);
  });

  it('a country name in German, French or Japanese becomes its code', () => {
    for (const country of ['Deutschland', 'Allemagne', 'ドイツ']) {
      expect(readAddress({ address: { ...MUNICH, country } })?.country, country).toBe('DE');
    }
    expect(readAddress({ address: { ...MUNICH, country: 'USA' } })?.country).toBe('US');
  });

  it('the parts flat on the location itself', () => {
    expect(
      readAddress({
        id: 'l1',
        name: 'Store',
        street: 'Damrak 1',
        city: 'Amsterdam',
        zip: '1012',
        country: 'NL',
      }),
    ).toMatchObject({ line1: 'Damrak 1', city: 'Amsterdam', postal_code: '1012', country: 'NL' });
  });

  it('a number for a postcode is read as text', () => {
    expect(readAddress({ address: { ...MUNICH, postal_code: 80331 } })?.postal_code).toBe('80331');
  });

  it('a formatted line beside the parts is kept as `text`', () => {
    expect(
      readAddress({ address: { ...MUNICH, formatted: 'Marienplatz 1\n80331 München' } })?.text,
    ).toBe('Marienplatz 1\n80331 München');
  });
});

describe('readAddress: one string, missing parts, no address', () => {
  it('an address as one string is `text`; its parts are not guessed', () => {
    expect(readAddress({ address: '  Marienplatz 1, 80331 München, Germany ' })).toEqual({
      line1: null,
      line2: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
      text: 'Marienplatz 1, 80331 München, Germany',
    });
  });

  it('missing parts are null, never an error', () => {
    expect(readAddress({ address: { city: 'Utrecht' } })).toEqual({
      line1: null,
      line2: null,
      city: 'Utrecht',
      region: null,
      postal_code: null,
      country: null,
      text: 'Utrecht',
    });
  });

  it('no address at all (absent, null, empty string, empty object) is null', () => {
    expect(readAddress({ id: 'l1', name: 'Store' })).toBeNull();
    expect(readAddress({ address: null })).toBeNull();
    expect(readAddress({ address: '   ' })).toBeNull();
    expect(readAddress({ address: {} })).toBeNull();
  });
});
