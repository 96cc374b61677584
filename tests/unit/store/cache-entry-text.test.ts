import { describe, expect, it } from 'vitest';
import { entryText, splitEntryText } from '../../../electron/core/store/cache-entry-text';

const value = JSON.stringify([{ serial_number: 'FTC-ÄÖ-1' }, { serial_number: 'FTC-2' }]);
const at = '2026-11-21T10:00:00.000Z';

describe('cache entry layout', () => {
  it('is ordinary JSON a reader can parse, with the value text cut out unparsed', () => {
    const text = entryText(value, at);
    expect(JSON.parse(text)).toMatchObject({ fetchedAt: at, value: JSON.parse(value) });
    expect(splitEntryText(text)).toEqual({ fetchedAt: at, valueJson: value });
  });

  it.each([
    ['a flipped character inside the value', (t: string) => t.replace('FTC-2', 'FTC-3')],
    ['a truncated file', (t: string) => t.slice(0, -5)],
    ['a missing closing brace', (t: string) => t.slice(0, -1)],
    ['a file of an older layout', () => `{"value":${value},"fetchedAt":"${at}"}`],
    ['an empty file', () => ''],
    ['a wrong checksum', (t: string) => t.replace(/"crc32":\d+/, '"crc32":1')],
  ])('rejects %s with a reason', (_label, damage) => {
    const result = splitEntryText(damage(entryText(value, at)));
    expect(result).toEqual({ problem: expect.any(String) });
  });
});
