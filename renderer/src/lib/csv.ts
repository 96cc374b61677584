/** CSV export of a visit's activity: RFC 4180 quoting, and formula-injection safe for
 * spreadsheets (a cell starting with = + - @ is prefixed with an apostrophe). */
import type { ActivityEntry } from '../../../electron/contract';
import { ACTION_NAME } from './outbox-text';

const formulaStart = /^[=+\-@\t\r]/;

/** Spreadsheets read a UTF-8 file as the local code page unless it starts with this mark. */
export const UTF8_BOM = '\uFEFF';

export const csvCell = (value: string | number | null | undefined, separator = ','): string => {
  let text = value === null || value === undefined ? '' : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  const needsQuotes = text.includes(separator) || /["\r\n]/.test(text);
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
};

export const toCsv = (
  rows: readonly (readonly (string | number | null | undefined)[])[],
  separator = ',',
): string =>
  rows.map((row) => row.map((c) => csvCell(c, separator)).join(separator)).join('\r\n') + '\r\n';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "2026-05-04 14:00:00 +02:00": the technician's local time with its offset from UTC, so the
 * file reads naturally and still says exactly when. `offsetMinutes` is for tests.
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

export const ACTIVITY_CSV_HEADER = [
  'organization',
  'time',
  'action',
  'device',
  'store',
  'city',
  'result',
  'detail',
];

export interface ActivityCsvOptions {
  organization: string;
  /** Store id → city, where known. */
  cities?: Readonly<Record<string, string>>;
  separator?: string;
  offsetMinutes?: (at: Date) => number;
}

/** The file as written: BOM first, organization and stores by name (never an id). */
export const activityToCsv = (
  entries: readonly ActivityEntry[],
  { organization, cities = {}, separator = ',', offsetMinutes }: ActivityCsvOptions,
): string =>
  UTF8_BOM +
  toCsv(
    [
      ACTIVITY_CSV_HEADER,
      ...entries.map((e) => [
        organization,
        localTimeWithOffset(e.at, offsetMinutes),
        ACTION_NAME[e.action] ?? e.action,
        e.serial,
        e.locationName ?? (e.locationId ? 'Unknown store' : ''),
        e.locationId ? (cities[e.locationId] ?? '') : '',
        e.result.replace('_', ' '),
        e.detail,
      ]),
    ],
    separator,
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
