/**
 * CSV export of this visit's activity, readable by the spreadsheet the technician has:
 * UTF-8 with a byte-order mark (Excel otherwise reads "München" as "MÃ¼nchen"), and ';' as the
 * separator where the locale writes decimals with a comma (German, French, Dutch Excel split
 * on ';' and would read a ',' file as one column). RFC 4180 quoting, and formula-injection
 * safe (a cell starting with = + - @ is prefixed with an apostrophe).
 */
import type { ActivityEntry } from '../../../electron/contract';
import { formatLocale } from './active-locale';
import { m } from './i18n';

export type CsvSeparator = ',' | ';';

export const CSV_BOM = '\uFEFF';

/** ';' where the locale's decimal separator is a comma (de, fr, nl…), ',' elsewhere. */
export const csvSeparatorFor = (locale: string): CsvSeparator => {
  const decimal = new Intl.NumberFormat(locale)
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? ';' : ',';
};

const formulaStart = /^[=+\-@\t\r]/;

export const csvCell = (
  value: string | number | null | undefined,
  separator: CsvSeparator = ',',
): string => {
  let text = value === null || value === undefined ? '' : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  const needsQuotes = text.includes(separator) || /["\r\n]/.test(text);
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Rows to CSV text (no BOM: `csvFile` adds it for a file). */
export const toCsv = (
  rows: readonly (readonly (string | number | null | undefined)[])[],
  separator: CsvSeparator = ',',
): string =>
  rows.map((row) => row.map((cell) => csvCell(cell, separator)).join(separator)).join('\r\n') +
  '\r\n';

/** A CSV file's whole text for the locale: BOM, the locale's separator. */
export const csvFile = (
  rows: readonly (readonly (string | number | null | undefined)[])[],
  locale: string = formatLocale(),
): string => CSV_BOM + toCsv(rows, csvSeparatorFor(locale));

export const activityCsvHeader = (): string[] => [
  m.csv_header_time(),
  m.csv_header_action(),
  m.csv_header_serial(),
  m.csv_header_location(),
  m.csv_header_result(),
  m.csv_header_detail(),
];

/** Times stay ISO 8601 (with their offset): every spreadsheet sorts them, none misreads them. */
export const activityToCsv = (
  entries: readonly ActivityEntry[],
  locale: string = formatLocale(),
): string =>
  csvFile(
    [
      activityCsvHeader(),
      ...entries.map((e) => [
        e.at,
        e.action,
        e.serial,
        e.locationName ?? e.locationId,
        e.result,
        e.detail,
      ]),
    ],
    locale,
  );

/** Hands a text file to the browser's download machinery (works in Electron and Chromium). */
export const downloadText = (fileName: string, text: string, mime = 'text/csv'): void => {
  const url = URL.createObjectURL(new Blob([text], { type: `${mime};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
