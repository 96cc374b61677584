/**
 * Cached device lists are served from their file in chunks through one reused buffer
 * (store/file-region.ts): exact bytes, checked before use, files closed however reading ends.
 */
import { readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JsonText } from '../../../electron/core/json-text';
import { createCache, type CacheScope } from '../../../electron/core/store/cache';
import { recordingLogger, tempDir } from './test-helpers';

let cleanup: () => Promise<void>;
let scope: CacheScope;
beforeEach(async () => {
  const made = await tempDir();
  cleanup = made.cleanup;
  scope = createCache(made.dir, recordingLogger()).scope('https://api.example.test/v1', 'org-1');
});
afterEach(() => cleanup());

const openFiles = () => readdirSync('/proc/self/fd').length;

/** A list several chunks long (chunks are 256 KiB), with multi-byte characters in it. */
const bigList = Array.from({ length: 16_000 }, (_, i) => ({
  serial_number: `FTC-${String(i).padStart(6, '0')}`,
  name: i % 7 ? null : `Tür ${i} — Straße ✓`,
  board_id: 'O3D-AA7AC9',
}));
const bigJson = JSON.stringify(bigList);

describe.skipIf(process.platform !== 'linux')(
  'streaming cached lists (Linux: counts /proc/self/fd)',
  () => {
    it('gives back exactly the stored bytes across many chunks, and closes the file after', async () => {
      expect(Buffer.byteLength(bigJson)).toBeGreaterThan(3 * 256 * 1024);
      await scope.setJson('inventory', JsonText.fromString(bigJson));
      const before = openFiles();
      const entry = await scope.getJson<typeof bigList>('inventory');
      expect(entry?.value.source.byteLength).toBe(Buffer.byteLength(bigJson));
      expect(await entry?.value.text()).toBe(bigJson);
      expect(openFiles()).toBe(before);
    });

    it('a reader that stops early closes the file too', async () => {
      await scope.setJson('inventory', JsonText.fromString(bigJson));
      const before = openFiles();
      const entry = await scope.getJson('inventory');
      for await (const chunk of entry!.value.source.chunks()) {
        expect(chunk.length).toBeGreaterThan(0);
        break;
      }
      expect(openFiles()).toBe(before);
    });

    it('reads the list that was checked even if a newer one is written before it is sent', async () => {
      await scope.setJson('inventory', JsonText.fromString(bigJson));
      const entry = await scope.getJson('inventory');
      await scope.setJson('inventory', JsonText.fromString('["newer"]'));
      expect(await entry?.value.text()).toBe(bigJson);
      expect(await (await scope.getJson('inventory'))?.value.text()).toBe('["newer"]');
    });

    it('can be read once', async () => {
      await scope.setJson('inventory', JsonText.fromString('[1]'));
      const entry = await scope.getJson('inventory');
      expect(await entry?.value.text()).toBe('[1]');
      await expect(entry!.value.text()).rejects.toThrow(/once/);
    });
  },
);
