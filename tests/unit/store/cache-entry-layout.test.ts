import { describe, expect, it } from 'vitest';
import { entryBytes, splitEntry } from '../../../electron/core/store/cache-entry-layout';

const value = Buffer.from(
  JSON.stringify([{ serial_number: 'FTC-ÄÖ-1', name: 'Tür "Nord"' }, { serial_number: 'FTC-2' }]),
);
const at = '2026-11-21T10:00:00.000Z';

describe('cache entry layout', () => {
  it('is ordinary JSON a reader can parse, with the value bytes cut out unparsed', () => {
    const file = entryBytes([value], at);
    expect(JSON.parse(file.toString('utf8'))).toMatchObject({
      fetchedAt: at,
      value: JSON.parse(value.toString('utf8')),
    });
    const split = splitEntry(file);
    expect(split).toEqual({ fetchedAt: at, value });
    // A value in pieces is stored the same, checksum included.
    const half = Math.floor(value.length / 2);
    expect(entryBytes([value.subarray(0, half), value.subarray(half)], at)).toEqual(file);
  });

  const damaged: [string, (file: Buffer) => Buffer][] = [
    [
      'a changed character inside the value',
      (f) => Buffer.from(f.toString().replace('FTC-2', 'FTC-3')),
    ],
    ['a truncated file', (f) => f.subarray(0, f.length - 5)],
    ['a missing closing brace', (f) => f.subarray(0, f.length - 1)],
    [
      'a file of an older layout',
      () => Buffer.from(`{"value":${value.toString()},"fetchedAt":"${at}"}`),
    ],
    ['an empty file', () => Buffer.alloc(0)],
    ['a head with nothing after it', (f) => Buffer.from(/^[^[]*/.exec(f.toString())![0])],
    ['a wrong checksum', (f) => Buffer.from(f.toString().replace(/"crc32":\d+/, '"crc32":1'))],
  ];
  it.each(damaged)('rejects %s with a reason', (_label, damage) => {
    expect(splitEntry(damage(entryBytes([value], at)))).toEqual({ problem: expect.any(String) });
  });
});
