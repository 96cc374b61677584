/**
 * CSV export of a visit's activity, readable by the spreadsheet the technician has:
 * UTF-8 with a byte-order mark (Excel otherwise reads "München" as "MÃ¼nchen"), and ';' as the
 * separator where the locale writes decimals with a comma (German, French, Dutch Excel split
 * on ';' and would read a ',' file as one column). Safe to open whatever separator the
 * spreadsheet splits on (it follows the computer's list separator, not the file's language):
 * see `csvCell`.
 */
import type { ActivityEntry, RecordEntryInfo, SignOff, Visit } from '$shared';
import { formatLocale } from '../words/active-locale';
import { activityDetail } from '../words/activity-text';
import { followUpByEntry } from './follow-ups';
import { m } from '../words/i18n';
import { actionName, entryResultWords } from '../words/outbox-text';
import { auditBucketCsvRows } from './audit-csv';
import { recordCsvRows } from './record-csv';

export type CsvSeparator = ',' | ';';

export const CSV_BOM = '\uFEFF';

/** ';' where the locale's decimal separator is a comma (de, fr, nl…), ',' elsewhere. */
export const csvSeparatorFor = (locale: string): CsvSeparator => {
  const decimal = new Intl.NumberFormat(locale)
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? ';' : ',';
};

/** Characters that start a formula (full-width forms too: some spreadsheets read them so). */
const FORMULA = '=+\\-@\uFF1D\uFF0B\uFF0D\uFF20';
/** What a spreadsheet may skip before a cell's first character: spaces, quotes. */
const SKIPPED = '\\s"';
/** A formula at the start of the text, or right after a ',' or ';' inside it (where a
 * spreadsheet splitting on the other separator starts a cell). */
const formulaAtStart = new RegExp(`^(?=[${SKIPPED}]*[${FORMULA}])`);
const formulaAfterSeparator = new RegExp(`([,;])(?=[${SKIPPED}]*[${FORMULA}])`, 'g');
/** Bidirectional overrides, embeddings, isolates and marks (the Arabic letter mark too): they
 * can make a cell read as something else than it holds ("Shop" shown for "pohS…"). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Control characters (tabs, line breaks and C1 included): a cell is one line of plain text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/**
 * One cell, safe to open: control and bidirectional-control characters removed (line breaks
 * and tabs become a space), a formula character at its start — after any spaces or quotes —
 * or after a ',' or ';' inside it prefixed with an apostrophe (the spreadsheet then reads
 * text), and the cell always quoted, so the file's own separator never splits it.
 */
export const csvCell = (value: string | number | null | undefined): string =>
  `"${cellText(value).replaceAll('"', '""')}"`;

/** A cell's text as the file holds it, before quoting (what "Check a receipt" reads back). */
export const cellText = (value: string | number | null | undefined): string =>
  (value === null || value === undefined ? '' : String(value))
    .replace(BIDI_CONTROLS, '')
    .replace(CONTROLS, ' ')
    .replace(formulaAtStart, "'")
    .replace(formulaAfterSeparator, "$1'");

/** Rows to CSV text (no BOM: `csvFile` adds it for a file). */
export const toCsv = (
  rows: readonly (readonly (string | number | null | undefined)[])[],
  separator: CsvSeparator = ',',
): string =>
  rows.map((row) => row.map((cell) => csvCell(cell)).join(separator)).join('\r\n') + '\r\n';

/** A CSV file's whole text for the locale: BOM, the locale's separator. */
const csvFile = (
  rows: readonly (readonly (string | number | null | undefined)[])[],
  locale: string = formatLocale(),
): string => CSV_BOM + toCsv(rows, csvSeparatorFor(locale));

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "2026-05-04 14:00:00 +02:00": the time in the zone the app says it uses (this computer's,
 * as Settings says: active-locale.ts `shownTimeZone`) with its offset from UTC, so the
 * file reads naturally and still says exactly when (every spreadsheet sorts it as text).
 * `offsetMinutes` is for tests.
 */
export const localTimeWithOffset = (
  iso: string,
  offsetMinutes: (at: Date) => number = (at) => -at.getTimezoneOffset(),
): string => {
  const utc = new Date(iso);
  if (Number.isNaN(utc.getTime())) return iso;
  const offset = offsetMinutes(utc);
  const local = new Date(utc.getTime() + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
};

/** The header row: also how "Check a receipt" finds the language a CSV was written in. */
export const activityCsvHeader = (): string[] => [
  m.csv_header_organization(),
  m.csv_header_time(),
  m.csv_header_action(),
  m.csv_header_serial(),
  m.csv_header_label(),
  m.csv_header_location(),
  m.csv_header_city(),
  m.csv_header_result(),
  m.csv_header_detail(),
  m.follow_up_title(),
  m.csv_header_signed_by(),
];

/** Which columns hold a time (compared as instants: the file says its own UTC offset). */
export const CSV_TIME_COLUMN = 1;

export interface ActivityCsvOptions {
  organization: string;
  /** Store id → city, where known. */
  cities?: ReadonlyMap<string, string>;
  /** The format locale (separator); the active one by default. */
  locale?: string;
  offsetMinutes?: (at: Date) => number;
  /** The visit's chained record, written after the activity rows (`record-csv.ts`). */
  record?: { visit: Pick<Visit, 'id'>; entries: readonly RecordEntryInfo[] };
  /** The store's sign-off, said on every row (who signed for the visit, or why nobody did). */
  signOff?: SignOff | null;
}

type Cell = string | number | null | undefined;

/** Who signed, as each row says it. */
const signedByText = (signOff: SignOff | null | undefined): string => {
  if (!signOff) return '';
  return signOff.signed ? signOff.name : m.csv_not_signed({ reason: signOff.reason });
};

/** One entry's row, as the file and the check say it. */
export const activityCsvRow = (
  e: ActivityEntry,
  followUp: string,
  { organization, cities = new Map(), offsetMinutes, signOff }: ActivityCsvOptions,
): Cell[] => [
  organization,
  localTimeWithOffset(e.at, offsetMinutes),
  actionName(e.action),
  e.serial,
  e.label ?? '',
  e.locationName ?? (e.locationId ? m.csv_unknown_location() : ''),
  e.locationId ? (cities.get(e.locationId) ?? '') : '',
  entryResultWords(e),
  activityDetail(e),
  followUp,
  signedByText(signOff),
];

/** The file's rows: the header, one per entry, then the record (the check reads them back). */
const activityCsvRows = (
  entries: readonly ActivityEntry[],
  options: ActivityCsvOptions,
): Cell[][] => {
  const followUp = followUpByEntry(entries);
  const { record, offsetMinutes } = options;
  return [
    activityCsvHeader(),
    ...entries.map((e) => activityCsvRow(e, followUp.get(e.id) ?? '', options)),
    ...(record
      ? recordCsvRows(record.visit, record.entries, (at) => localTimeWithOffset(at, offsetMinutes))
      : []),
    ...auditBucketCsvRows(entries),
  ];
};

/** The file as written: BOM first, the locale's separator, organization and stores by name
 * (never an id), actions and results in words; what needs follow-up on each device's last row. */
export const activityToCsv = (
  entries: readonly ActivityEntry[],
  options: ActivityCsvOptions,
): string => csvFile(activityCsvRows(entries, options), options.locale ?? formatLocale());

/** "field-installer-visit-2026-05-04-Northwind-Mall.csv": the day and the (first) store. */
export const csvFileName = (startedAt: string, store: string | null): string => {
  const name = (store ?? '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `field-installer-visit-${startedAt.slice(0, 10)}${name ? `-${name}` : ''}.csv`;
};
