/** CSV export of this visit's activity: RFC 4180 quoting, and formula-injection safe for
 * spreadsheets (a cell starting with = + - @ is prefixed with an apostrophe). */
import type { ActivityEntry } from '../../../electron/contract';

const needsQuotes = /[",\r\n]/;
const formulaStart = /^[=+\-@\t\r]/;

export const csvCell = (value: string | number | null | undefined): string => {
  let text = value === null || value === undefined ? '' : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const toCsv = (rows: readonly (readonly (string | number | null | undefined)[])[]): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

export const ACTIVITY_CSV_HEADER = ['time', 'action', 'serial', 'location', 'result', 'detail'];

export const activityToCsv = (entries: readonly ActivityEntry[]): string =>
  toCsv([
    ACTIVITY_CSV_HEADER,
    ...entries.map((e) => [
      e.at,
      e.action,
      e.serial,
      e.locationName ?? e.locationId,
      e.result,
      e.detail,
    ]),
  ]);

/** Hands a text file to the browser's download machinery (works in Electron and Chromium). */
export const downloadText = (fileName: string, text: string, mime = 'text/csv'): void => {
  const url = URL.createObjectURL(new Blob([text], { type: `${mime};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
