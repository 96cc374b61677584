/**
 * The serial key (electron/shared/serial-key.ts): one concept for core and renderer, and the same
 * function in SQL (cache migration 2) for every serial the contract accepts.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSerial } from '../../../electron/shared/id-patterns';
import { otherCase, serialKey } from '../../../electron/shared/serial-key';

describe('serial key', () => {
  it('leaves out case, spaces and separators, as people read labels', () => {
    for (const typed of ['FTC-2B5H97J8', 'ftc2b5h97j8', 'FTC 2B5H97J8', ' ftc.2b5h_97j8 '])
      expect(serialKey(typed), typed).toBe('ftc2b5h97j8');
    // Full width (a Japanese IME) is the same serial.
    expect(serialKey('ＦＴＣ－２Ｂ５')).toBe('ftc2b5');
    expect(serialKey('FTC-2B5H97J9')).not.toBe(serialKey('FTC-2B5H97J8'));
  });

  it('is what cache.db computes in SQL for every serial the contract accepts', () => {
    const db = new Database(':memory:');
    const sql = db.prepare<[string], { key: string }>(
      "SELECT lower(replace(replace(replace(replace(?, ' ', ''), '-', ''), '.', ''), '_', '')) AS key",
    );
    try {
      fc.assert(
        fc.property(
          fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]*$/).filter((s) => isSerial(s)),
          (serial) => {
            expect(sql.get(serial)?.key).toBe(serialKey(serial));
          },
        ),
        { numRuns: 500 },
      );
    } finally {
      db.close();
    }
  });
});

describe('the other case, tried after a 404 for a serial the app does not know', () => {
  it('is lower case for an upper-case serial and upper case otherwise', () => {
    expect(otherCase('FTC-2B5H97J8')).toBe('ftc-2b5h97j8');
    expect(otherCase('4654432d32')).toBe('4654432D32');
    expect(otherCase('Ab-12')).toBe('AB-12');
    // Digits only: there is no other case to try.
    expect(otherCase('0042-17')).toBe('0042-17');
  });
});
