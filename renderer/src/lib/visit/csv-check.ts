/**
 * "Check a receipt" reads every row of a receipt's CSV, not only its hash column: the rows a
 * visit's record gives (lib/visit/csv.ts, in the language and with the cities the file was
 * written with) are compared cell by cell with the file's, and the first row and column that
 * differ are named. Times are compared as instants: the file says its own UTC offset. A slice
 * of rows at a time, between frames, like the file's parsing (receipt-file.ts).
 */
import type { VisitReceipt } from '$shared';
import { MESSAGE_LOCALES, resolveLocale } from '../../../../i18n/locales';
import { withLocale } from '../words/active-locale';
import { loadMessages } from '../words/i18n';
import { activityCsvHeader, activityCsvRow, cellText, CSV_TIME_COLUMN } from './csv';
import { followUpByEntry } from './follow-ups';

interface CsvRowDifference {
  /** The row in the file (1 = its header line). */
  row: number;
  /** The column's heading, as the file writes it. */
  column: string;
  found: string;
  expected: string;
}

export type CsvRowsFound =
  | { kind: 'same'; rows: number }
  | { kind: 'differs'; difference: CsvRowDifference }
  /** The header is in no language the app writes: the rows cannot be read back. */
  | { kind: 'unreadable' };

const ROWS_PER_TURN = 400;

const frame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** "2026-05-04 14:00:00 +02:00" → its instant in ms (NaN when it is not one). */
const instantOf = (text: string): number => {
  const found = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2}:\d{2})$/.exec(text.trim());
  return found ? Date.parse(`${found[1]}T${found[2]}${found[3]}`) : Number.NaN;
};

const sameTime = (found: string, iso: string): boolean =>
  instantOf(found) === Math.floor(Date.parse(iso) / 1000) * 1000;

export interface CsvContext {
  organization: string;
  cities: ReadonlyMap<string, string>;
}

/**
 * The file's activity rows (its header and the rows up to the blank line before its record)
 * against what the visit's record says, in the file's language.
 */
export async function compareCsvRows(
  rows: readonly string[][],
  receipt: Pick<VisitReceipt, 'entries' | 'visit'>,
  context: CsvContext,
  nextTurn: () => Promise<void> = frame,
): Promise<CsvRowsFound> {
  const header = (rows[0] ?? []).map((c) => c.trim());
  // The language the file was written in: the one whose header it has.
  let language = null;
  for (const messages of MESSAGE_LOCALES) {
    await loadMessages(messages);
    const locale = resolveLocale([messages]);
    if (withLocale(locale, () => activityCsvHeader().join('\n')) === header.join('\n')) {
      language = locale;
      break;
    }
  }
  if (!language) return { kind: 'unreadable' };
  const end = rows.findIndex((r, i) => i > 0 && r.every((c) => c.trim() === ''));
  const fileRows = rows.slice(1, end < 0 ? rows.length : end);
  const { entries } = receipt;
  const options = {
    organization: context.organization,
    cities: context.cities,
    signOff: receipt.visit.signOff,
  };
  const followUp = withLocale(language, () => followUpByEntry(entries));
  const count = Math.max(entries.length, fileRows.length);
  for (let start = 0; start < count; start += ROWS_PER_TURN) {
    if (start > 0) await nextTurn();
    const found = withLocale(language, () => {
      for (let i = start; i < Math.min(count, start + ROWS_PER_TURN); i++) {
        const entry = entries[i];
        const expected = entry
          ? activityCsvRow(entry, followUp.get(entry.id) ?? '', options).map(cellText)
          : [];
        const actual = (fileRows[i] ?? []).map((c) => c.trim());
        for (let col = 0; col < Math.max(expected.length, actual.length, 1); col++) {
          const want = (expected[col] ?? '').trim();
          const got = actual[col] ?? '';
          const same = col === CSV_TIME_COLUMN && entry ? sameTime(got, entry.at) : got === want;
          if (!same)
            return {
              row: i + 2,
              column: header[col] ?? String(col + 1),
              found: got,
              expected: want,
            };
        }
      }
      return null;
    });
    if (found) return { kind: 'differs', difference: found };
  }
  return { kind: 'same', rows: fileRows.length };
}
