import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openJsonFile } from '../../../electron/core/store/atomic-json-file';
import { quarantinedFiles, recordingLogger, tempDir } from './test-helpers';

const Counter = z.object({ count: z.number().int(), label: z.string() });
type Counter = z.infer<typeof Counter>;
const empty = (): Counter => ({ count: 0, label: 'empty' });

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

describe('openJsonFile', () => {
  it('returns the fallback for a missing file without logging anything', async () => {
    const log = recordingLogger();
    const file = openJsonFile(join(dir, 'missing.json'), Counter, empty, log);
    expect(await file.load()).toEqual(empty());
    expect(log.lines).toEqual([]);
  });

  it('saves and loads a value, creating missing parent folders', async () => {
    const path = join(dir, 'a', 'b', 'counter.json');
    const file = openJsonFile(path, Counter, empty, recordingLogger());
    await file.save({ count: 7, label: 'seven' });
    expect(await openJsonFile(path, Counter, empty, recordingLogger()).load()).toEqual({
      count: 7,
      label: 'seven',
    });
  });

  it('applies saves in call order: the last save wins even when fired without awaiting', async () => {
    const path = join(dir, 'ordered.json');
    const first = openJsonFile(path, Counter, empty, recordingLogger());
    const second = openJsonFile(path, Counter, empty, recordingLogger());
    // Big early payloads take longer to write than small late ones; order must still hold.
    const saves = Array.from({ length: 30 }, (_, i) =>
      (i % 2 ? first : second).save({ count: i, label: 'x'.repeat((30 - i) * 20_000) }),
    );
    await Promise.all(saves);
    const onDisk = Counter.parse(JSON.parse(await readFile(path, 'utf8')));
    expect(onDisk.count).toBe(29);
  });

  it('leaves no temp files behind after saving', async () => {
    const file = openJsonFile(join(dir, 'clean.json'), Counter, empty, recordingLogger());
    await Promise.all([1, 2, 3].map((n) => file.save({ count: n, label: 'n' })));
    expect(await readdir(dir)).toEqual(['clean.json']);
  });

  it('removes temp files a killed process left next to the file when loading', async () => {
    await writeFile(join(dir, 'x.json'), JSON.stringify({ count: 1, label: 'ok' }));
    await writeFile(join(dir, 'x.json.3141592653'), '{"count":');
    await writeFile(join(dir, 'x.json.notes'), 'not ours');
    await openJsonFile(join(dir, 'x.json'), Counter, empty, recordingLogger()).load();
    expect((await readdir(dir)).sort()).toEqual(['x.json', 'x.json.notes']);
  });

  it('remove() deletes the file, and removing a missing file is fine', async () => {
    const file = openJsonFile(join(dir, 'gone.json'), Counter, empty, recordingLogger());
    await file.save({ count: 1, label: 'one' });
    await file.remove();
    await file.remove();
    expect(await readdir(dir)).toEqual([]);
  });

  describe.each([
    ['garbage bytes', Buffer.from([0xff, 0x00, 0xfe, 0x13, 0x37, 0x80, 0x81])],
    ['truncated JSON', Buffer.from('{"count": 3, "label": "tru')],
    ['an empty file', Buffer.alloc(0)],
    ['a schema mismatch', Buffer.from(JSON.stringify({ count: 'three', label: 3 }))],
  ])('a file holding %s', (_name, bytes) => {
    it('is quarantined with its original bytes, logged, and the store keeps working', async () => {
      const path = join(dir, 'state.json');
      await writeFile(path, bytes);
      const log = recordingLogger();
      const file = openJsonFile(path, Counter, empty, log);

      expect(await file.load()).toEqual(empty());

      const quarantined = await quarantinedFiles(dir, 'state.json');
      expect(quarantined).toHaveLength(1);
      expect(quarantined[0]).toMatch(
        /state\.json\.corrupt-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z$/,
      );
      expect(Buffer.compare(await readFile(quarantined[0] ?? ''), bytes)).toBe(0);
      expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
      expect(log.lines[0]?.data).toMatchObject({ quarantinedPath: quarantined[0] });

      await file.save({ count: 1, label: 'fresh' });
      expect(await file.load()).toEqual({ count: 1, label: 'fresh' });
      expect(await quarantinedFiles(dir, 'state.json')).toHaveLength(1);
    });
  });

  it('keeps every quarantined copy when the file is corrupted twice within the same millisecond', async () => {
    const path = join(dir, 'twice.json');
    const file = openJsonFile(path, Counter, empty, recordingLogger());
    await writeFile(path, 'first');
    await file.load();
    await writeFile(path, 'second');
    await file.load();
    const contents = await Promise.all(
      (await quarantinedFiles(dir, 'twice.json')).map((p) => readFile(p, 'utf8')),
    );
    expect(contents.sort()).toEqual(['first', 'second']);
  });

  it('reports a quarantine to the owner with the raw bytes', async () => {
    const path = join(dir, 'owned.json');
    await writeFile(path, '{"count": 1, "label"');
    const seen: string[] = [];
    const file = openJsonFile(path, Counter, empty, recordingLogger(), {
      onQuarantine: (info) => seen.push(info.raw.toString('utf8')),
    });
    await file.load();
    expect(seen).toEqual(['{"count": 1, "label"']);
  });
});
