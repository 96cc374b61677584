/**
 * A visit's chained record in its CSV, and read back from one for "Check a receipt": the
 * visit id, the entry count, the final hash and every entry's number, time, kind and hash,
 * after the activity rows. Read back by shape (an id, a 64-digit hash, a number), never by
 * heading, so a CSV written in any language or with either separator is read.
 */
import type { RecordEntryInfo, RecordEntryKind, Visit } from '$shared';
import { m } from '../words/i18n';

type Cell = string | number | null | undefined;

export const recordKindWords = (kind: RecordEntryKind): string => {
  switch (kind) {
    case 'visit_started':
      return m.record_kind_visit_started();
    case 'action':
      return m.record_kind_action();
    case 'verification':
      return m.record_kind_verification();
    case 'photo':
      return m.record_kind_photo();
    case 'photo_removed':
      return m.record_kind_photo_removed();
    case 'mounting_checklist':
      return m.record_kind_mounting_checklist();
    case 'visit_incomplete':
      return m.record_kind_visit_incomplete();
    case 'silent_check':
      return m.record_kind_silent_check();
    case 'walk_test_started':
      return m.record_kind_walk_test_started();
    case 'accuracy_audit':
      return m.record_kind_accuracy_audit();
    case 'sign_off':
      return m.record_kind_sign_off();
    case 'amendment':
      return m.record_kind_amendment();
    case 'storage':
      return m.record_kind_storage();
    case 'chained_at_upgrade':
      return m.record_kind_chained_at_upgrade();
  }
};

/** The record's rows, after a blank one. `time` writes an entry's time as the file does. */
export const recordCsvRows = (
  visit: Pick<Visit, 'id'>,
  entries: readonly RecordEntryInfo[],
  time: (iso: string) => string,
): Cell[][] => [
  [],
  [m.record_csv_visit(), visit.id],
  [m.record_entry_count(), entries.length],
  [m.record_final_hash(), entries.at(-1)?.hash ?? ''],
  [m.record_csv_entry(), m.csv_header_time(), m.record_csv_kind(), m.record_csv_hash()],
  ...entries.map((e) => [e.n, time(e.at), recordKindWords(e.kind), e.hash]),
];

/** The separator a CSV uses: the one its header line has more of. */
const separatorOf = (body: string): ',' | ';' => {
  const end = body.search(/\r?\n|$/);
  const firstLine = body.slice(0, Math.min(end, 10_000));
  return (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
};

/**
 * RFC 4180 cells (quoted or not), either separator, read a slice at a time: `step` reads up
 * to `budget` characters and says whether it is done, so a big file is parsed between other
 * work (lib/visit/receipt-file.ts) instead of in one block.
 */
export function csvReader(text: string) {
  const body = text.replace(/^\uFEFF/, '');
  const separator = separatorOf(body);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  return {
    rows,
    /** Characters read so far, of `length`. */
    get position() {
      return i;
    },
    length: body.length,
    step(budget: number): boolean {
      const stop = Math.min(body.length, i + budget);
      for (; i < stop; i++) {
        const c = body[i]!;
        if (quoted) {
          if (c === '"' && body[i + 1] === '"') {
            cell += '"';
            i++;
          } else if (c === '"') quoted = false;
          else cell += c;
        } else if (c === '"') quoted = true;
        else if (c === separator) {
          row.push(cell);
          cell = '';
        } else if (c === '\n' || c === '\r') {
          if (c === '\r' && body[i + 1] === '\n') i++;
          row.push(cell);
          rows.push(row);
          row = [];
          cell = '';
        } else cell += c;
      }
      if (i < body.length) return false;
      if (cell !== '' || row.length > 0) rows.push([...row, cell]);
      row = [];
      cell = '';
      return true;
    },
  };
}

/** RFC 4180 cells of a whole (small) text at once. */
export function parseCsv(text: string): string[][] {
  const reader = csvReader(text);
  reader.step(Infinity);
  return reader.rows;
}

export interface ReceiptRecord {
  visitId: string;
  hash: string;
  entries: { n: number; hash: string }[];
}

const HASH = /^[0-9a-f]{64}$/;
const VISIT_ID = /^v-[A-Za-z0-9-]+$/;

/** What a receipt's CSV rows say of its record; null when they have none (not a receipt's). */
export function readReceiptRows(parsed: readonly string[][]): ReceiptRecord | null {
  const rows = parsed.map((r) => r.map((c) => c.trim()));
  const visitId = rows.find((r) => r.length === 2 && VISIT_ID.test(r[1]!))?.[1];
  const hash = rows.find((r) => r.length === 2 && HASH.test(r[1]!))?.[1];
  const entries = rows
    .filter((r) => r.length === 4 && /^\d+$/.test(r[0]!) && HASH.test(r[3]!))
    .map((r) => ({ n: Number(r[0]), hash: r[3]! }));
  if (!visitId || !hash) return null;
  return { visitId, hash, entries };
}

/** What a receipt's CSV says of its record; null when it has none (not a receipt's CSV). */
export const readReceiptCsv = (text: string): ReceiptRecord | null =>
  readReceiptRows(parseCsv(text));
