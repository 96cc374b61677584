/**
 * A receipt's CSV file read for "Check a receipt" without ever holding the page: a stated size
 * limit (a clear error beyond it), only that much read (`Blob.slice`: a file of any size costs
 * its first MAX_RECEIPT_CSV_BYTES + 1 bytes), then parsed a slice at a time between frames,
 * with progress and a cancel (decision record 68).
 */
import { RECEIPT_ENTRIES_MAX } from '$shared/field-limits';
import { csvReader } from './record-csv';

/** A 5,000-entry visit writes about 1.6 MB: this holds the largest the core checks (RECEIPT_ENTRIES_MAX). */
export const MAX_RECEIPT_CSV_BYTES = 4 * 1024 * 1024;
/** A receipt's rows: its entries, its record's entries and a few more. */
export const MAX_RECEIPT_CSV_ROWS = 2 * RECEIPT_ENTRIES_MAX + 20;
/** Characters parsed between two frames (a few milliseconds of work). */
const SLICE = 100_000;

export type ReceiptFileProblem = 'too_large' | 'too_many_rows' | 'cancelled';

export interface ReadOptions {
  signal?: AbortSignal;
  /** 0…1, after each slice. */
  onProgress?: (done: number) => void;
  /** Waits for the next turn (a frame); tests may pass their own. */
  nextTurn?: () => Promise<void>;
}

const frame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The file's rows, or why they were not read. */
export async function readReceiptFile(
  file: Blob,
  { signal, onProgress, nextTurn = frame }: ReadOptions = {},
): Promise<{ rows: string[][] } | { problem: ReceiptFileProblem }> {
  // Never more than the limit and one byte: enough to know the file is over it.
  const bytes = await file.slice(0, MAX_RECEIPT_CSV_BYTES + 1).arrayBuffer();
  if (bytes.byteLength > MAX_RECEIPT_CSV_BYTES) return { problem: 'too_large' };
  if (signal?.aborted) return { problem: 'cancelled' };
  const reader = csvReader(new TextDecoder().decode(bytes));
  for (;;) {
    const done = reader.step(SLICE);
    if (reader.rows.length > MAX_RECEIPT_CSV_ROWS) return { problem: 'too_many_rows' };
    onProgress?.(reader.length === 0 ? 1 : reader.position / reader.length);
    if (done) return { rows: reader.rows };
    await nextTurn();
    if (signal?.aborted) return { problem: 'cancelled' };
  }
}
