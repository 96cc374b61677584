import { describe, expect, it } from 'vitest';
import { activityToCsv, csvCell, toCsv } from '../../../renderer/src/lib/csv';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });
  it('defuses spreadsheet formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-5')).toBe("'-5");
  });
  it('writes a header and one CRLF-terminated row per activity entry', () => {
    const csv = activityToCsv([
      {
        id: '1',
        at: '2026-05-04T12:00:00Z',
        action: 'install',
        serial: 'FTC-1',
        locationId: 'loc_1',
        locationName: 'Store, Berlin',
        result: 'done',
        detail: 'Installed',
        visitId: 'v-1',
        walkTest: null,
      },
    ]);
    expect(csv).toBe(
      'time,action,serial,location,result,detail\r\n2026-05-04T12:00:00Z,install,FTC-1,"Store, Berlin",done,Installed\r\n',
    );
    expect(toCsv([])).toBe('\r\n');
  });
});
