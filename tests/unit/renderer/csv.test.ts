import { describe, expect, it } from 'vitest';
import {
  activityToCsv,
  CSV_BOM,
  csvCell,
  localTimeWithOffset,
  toCsv,
} from '../../../renderer/src/lib/visit/csv';
import { activityEntry } from '../../helpers/activity-entry';

const entry = (patch: Parameters<typeof activityEntry>[0] = {}) =>
  activityEntry({
    id: '1',
    at: '2026-05-04T12:00:00Z',
    locationId: 'loc_1',
    locationName: 'Store, Berlin',
    detail: 'Installed',
    visitId: 'v-1',
    ...patch,
  });

describe('CSV export', () => {
  it('quotes every cell and doubles quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('""');
  });
  it('defuses spreadsheet formulas (more in csv-injection.test.ts)', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-5')).toBe(`"'-5"`);
  });
  it('writes local time with its offset from UTC', () => {
    expect(localTimeWithOffset('2026-05-04T12:00:00Z', () => 120)).toBe(
      '2026-05-04 14:00:00 +02:00',
    );
    expect(localTimeWithOffset('2026-05-04T02:30:00Z', () => -330)).toBe(
      '2026-05-03 21:00:00 -05:30',
    );
  });
  it('starts with a BOM and names the organization and the stores, never their ids', () => {
    const csv = activityToCsv(
      [entry(), entry({ id: '2', locationName: null, action: 'verify', result: 'not_verified' })],
      {
        organization: 'Northwind',
        cities: new Map([['loc_1', 'Berlin']]),
        locale: 'en-US',
        offsetMinutes: () => 120,
      },
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe(
      '"Organization","Time","Action","Serial number","Label","Location","City","Result","Detail","Needs follow-up","Signed by"\r\n' +
        '"Northwind","2026-05-04 14:00:00 +02:00","Install","FTC-1","","Store, Berlin","Berlin","Done","Installed","",""\r\n' +
        '"Northwind","2026-05-04 14:00:00 +02:00","Verify","FTC-1","","Unknown location","Berlin","Not verified","Installed","Not verified",""\r\n',
    );
    expect(csv).not.toContain('loc_1');
    expect(toCsv([])).toBe('\r\n');
  });
  it("uses ';' where the locale writes decimals with a comma", () => {
    const csv = activityToCsv([entry()], {
      organization: 'Northwind',
      locale: 'de-DE',
      offsetMinutes: () => 0,
    });
    expect(csv.split('\r\n')[1]).toBe(
      '"Northwind";"2026-05-04 12:00:00 +00:00";"Install";"FTC-1";"";"Store, Berlin";"";"Done";"Installed";"Not checked";""',
    );
  });
});
