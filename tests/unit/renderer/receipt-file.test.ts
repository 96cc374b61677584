/**
 * "Check a receipt" never freezes on a file: beyond its stated limit it says so having read only
 * the limit and one byte (a 10 MB file of line breaks, a 50 MB file), and a file within it is
 * parsed a slice at a time, with progress, and can be cancelled between slices.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_RECEIPT_CSV_BYTES,
  MAX_RECEIPT_CSV_ROWS,
  readReceiptFile,
} from '../../../renderer/src/lib/visit/receipt-file';

/** A Blob that counts the bytes read from it. */
const counted = (size: number, fill: number) => {
  const blob = new Blob([new Uint8Array(size).fill(fill)]);
  const read = { bytes: 0 };
  const slice = blob.slice.bind(blob);
  blob.slice = (start?: number, end?: number) => {
    const part = slice(start, end);
    read.bytes += part.size;
    return part;
  };
  blob.text = () => {
    throw new Error('a receipt file is never read whole');
  };
  blob.arrayBuffer = () => {
    throw new Error('a receipt file is never read whole');
  };
  return { blob, read };
};

describe('a receipt CSV file to check', () => {
  it.each([
    ['10 MB of line breaks', 10 * 1024 * 1024, 0x0a],
    ['50 MB', 50 * 1024 * 1024, 0x41],
  ])('%s: refused as too large, having read only the limit and one byte', async (_, size, fill) => {
    const { blob, read } = counted(size, fill);
    expect(await readReceiptFile(blob)).toEqual({ problem: 'too_large' });
    expect(read.bytes).toBe(MAX_RECEIPT_CSV_BYTES + 1);
  });

  it('within the limit, more rows than a receipt can have: refused, part way', async () => {
    let turns = 0;
    const found = await readReceiptFile(new Blob(['\n'.repeat(MAX_RECEIPT_CSV_ROWS + 10)]), {
      nextTurn: async () => void (turns += 1),
    });
    expect(found).toEqual({ problem: 'too_many_rows' });
  });

  it('is parsed a slice at a time with progress, and a cancel stops it between slices', async () => {
    // Rows as long as a record's (a hash each), as many as a receipt may have.
    const rows = MAX_RECEIPT_CSV_ROWS - 1;
    const text = `"a","b"\r\n${`"1","${'a'.repeat(64)}"\r\n`.repeat(rows)}`;
    const progress: number[] = [];
    let turns = 0;
    const read = await readReceiptFile(new Blob([text]), {
      onProgress: (done) => progress.push(done),
      nextTurn: async () => void (turns += 1),
    });
    expect('rows' in read && read.rows.length).toBe(rows + 1);
    expect(turns).toBeGreaterThan(5);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const stop = new AbortController();
    const cancelled = await readReceiptFile(new Blob([text]), {
      signal: stop.signal,
      nextTurn: async () => stop.abort(),
    });
    expect(cancelled).toEqual({ problem: 'cancelled' });
  });
});
