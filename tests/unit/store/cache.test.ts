import { readdir, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Device } from '../../../electron/core/api/wire';
import { JsonText } from '../../../electron/core/json-text';
import { createCache, keyToFileName, scopeId } from '../../../electron/core/store/cache';
import { quarantinedFiles, recordingLogger, tempDir } from './test-helpers';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

const BASE = 'https://api.example.test/v1';
const Names = z.array(z.string());

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
}

describe('cache', () => {
  it('returns what was set, with the time it was fetched', async () => {
    const at = new Date('2025-03-01T10:00:00.000Z');
    const scope = createCache(dir, recordingLogger(), () => at).scope(BASE, 'org-1');
    await scope.set('locations', ['Main St', 'Mall']);
    expect(await scope.get('locations', Names)).toEqual({
      value: ['Main St', 'Mall'],
      fetchedAt: at.toISOString(),
    });
  });

  it('returns null for a key never cached', async () => {
    const scope = createCache(dir, recordingLogger()).scope(BASE, 'org-1');
    expect(await scope.get('inventory', Names)).toBeNull();
  });

  it('keeps organizations and servers apart', async () => {
    const cache = createCache(dir, recordingLogger());
    await cache.scope(BASE, 'org-1').set('locations', ['one']);
    expect(await cache.scope(BASE, 'org-2').get('locations', Names)).toBeNull();
    expect(await cache.scope('https://other.test/v1', 'org-1').get('locations', Names)).toBeNull();
    expect(await cache.scope(BASE, null).get('locations', Names)).toBeNull();
    // A trailing slash is the same server.
    expect(await cache.scope(`${BASE}/`, 'org-1').get('locations', Names)).not.toBeNull();
  });

  it('names scope folders without revealing the server or organization', () => {
    const id = scopeId(BASE, 'org-secret-name');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(id).not.toBe(scopeId(BASE, null));
  });

  it.each([
    '../../escape',
    '/etc/passwd',
    '..',
    'a/../../b',
    'C:\\Windows\\x',
    'location-devices:42',
  ])('stores key %j inside its scope folder, retrievable under the same key', async (key) => {
    const scope = createCache(join(dir, 'cache'), recordingLogger()).scope(BASE, 'org-1');
    await scope.set(key, ['v']);
    expect(await scope.get(key, Names)).toMatchObject({ value: ['v'] });
    expect(await filesUnder(dir)).toEqual([join('cache', scope.id, keyToFileName(key))]);
  });

  it('maps different keys to different file names, even lookalikes and very long ones', () => {
    const keys = ['a:b', 'a_b', 'a~3Ab', 'a.b', 'a/b', 'x'.repeat(300), `${'x'.repeat(299)}y`, 'é'];
    const names = keys.map(keyToFileName);
    expect(new Set(names).size).toBe(keys.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_~-]{1,150}\.json$/);
  });

  it('forgets a key on delete and a scope on clear, leaving other scopes alone', async () => {
    const cache = createCache(dir, recordingLogger());
    const mine = cache.scope(BASE, 'org-1');
    const other = cache.scope(BASE, 'org-2');
    await mine.set('a', ['1']);
    await mine.set('b', ['2']);
    await other.set('a', ['3']);
    await mine.delete('a');
    expect(await mine.get('a', Names)).toBeNull();
    expect(await mine.get('b', Names)).not.toBeNull();
    const pending = mine.set('c', ['late']);
    await mine.clear();
    await pending;
    expect(await mine.get('b', Names)).toBeNull();
    expect(await mine.get('c', Names)).toBeNull();
    expect(await other.get('a', Names)).toMatchObject({ value: ['3'] });
    await cache.clearAll();
    expect(await other.get('a', Names)).toBeNull();
  });

  it('quarantines an entry that no longer matches the schema and reports it missing', async () => {
    const log = recordingLogger();
    const scope = createCache(dir, log).scope(BASE, 'org-1');
    await scope.set('devices', [{ serial: 'no serial_number field' }]);
    expect(await scope.get('devices', z.array(Device))).toBeNull();
    expect(await quarantinedFiles(join(dir, scope.id), keyToFileName('devices'))).toHaveLength(1);
    expect(log.lines.some((l) => l.level === 'warn')).toBe(true);
  });

  it('hands back JSON text as it was stored, and the same entry parsed on request', async () => {
    const at = new Date('2025-03-01T10:00:00.000Z');
    const scope = createCache(dir, recordingLogger(), () => at).scope(BASE, 'org-1');
    await scope.setJson('inventory', JsonText.fromString<string[]>('["a","b"]'));
    const text = await scope.getJson<string[]>('inventory');
    expect(await text?.value.text()).toBe('["a","b"]');
    expect(text?.fetchedAt).toBe(at.toISOString());
    expect(await scope.get('inventory', Names)).toEqual({
      value: ['a', 'b'],
      fetchedAt: at.toISOString(),
    });
  });

  it('quarantines an entry whose text no longer matches its checksum, on the text path too', async () => {
    const log = recordingLogger();
    const scope = createCache(dir, log).scope(BASE, 'org-1');
    await scope.set('inventory', ['FTC-1', 'FTC-2']);
    const file = join(dir, scope.id, keyToFileName('inventory'));
    const { readFile } = await import('node:fs/promises');
    await writeFile(file, (await readFile(file, 'utf8')).replace('FTC-2', 'FTC-9'));
    expect(await scope.getJson('inventory')).toBeNull();
    expect(await quarantinedFiles(join(dir, scope.id), keyToFileName('inventory'))).toHaveLength(1);
    expect(
      log.lines.some((l) => l.level === 'warn' && l.data?.['reason'] === 'checksum mismatch'),
    ).toBe(true);
    // Nothing is left to trip over: the next read is a plain miss.
    expect(await scope.get('inventory', Names)).toBeNull();
  });

  it('treats a corrupt entry file as missing instead of failing', async () => {
    const scope = createCache(dir, recordingLogger()).scope(BASE, 'org-1');
    await scope.set('locations', ['x']);
    await writeFile(join(dir, scope.id, keyToFileName('locations')), '{"value": ["x"');
    expect(await scope.get('locations', Names)).toBeNull();
  });

  it('handles a 100,000-device inventory within seconds', async () => {
    const inventory: Device[] = Array.from({ length: 100_000 }, (_, i) => ({
      serial_number: `SN${String(i).padStart(8, '0')}`,
      device_type_name: 'Counter 3D',
      board_id: `B-${i}`,
      firmware_version_name: '4.2.1',
      last_checkin_at: '2025-03-01T10:00:00Z',
      update_interval_s: 300,
      location: null,
    }));
    const scope = createCache(dir, recordingLogger()).scope(BASE, 'org-1');
    const started = performance.now();
    await scope.set('inventory', inventory);
    const written = performance.now();
    const back = await scope.get('inventory', z.array(Device));
    const read = performance.now();
    const bytes = (await stat(join(dir, scope.id, keyToFileName('inventory')))).size;
    console.warn(
      `100k inventory: ${(bytes / 1e6).toFixed(1)} MB, write ${Math.round(written - started)} ms, ` +
        `read+validate ${Math.round(read - written)} ms`,
    );
    expect(back?.value).toHaveLength(100_000);
    expect(back?.value[99_999]?.serial_number).toBe('SN00099999');
    expect(read - started).toBeLessThan(10_000);
  });
});
