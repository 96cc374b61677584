/**
 * An intent's payload is read back from work.db (a real SQLite file) as its kind's own: a row
 * whose payload is not JSON, or not what its kind carries, is damage (the store's guard sets
 * the file aside and says so, damaged-queue.test.ts), never a crash further on in a replay.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDamage } from '../../../electron/core/db/storage-error';
import type { NewIntent } from '../../../electron/core/store/intent-rows';
import { openWorkDb, tempWorkDir, type WorkDb } from '../../unit/sync/work-db';

let work: WorkDb;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  const dir = await tempWorkDir();
  cleanup = dir.cleanup;
  work = openWorkDb(dir.path);
});
afterEach(async () => {
  work.db.close();
  await cleanup();
});

const base = { locationName: null, fromLocationId: null, keyFingerprint: 'test' };

/** What `get` and `list` throw, or null. */
const thrownBy = (read: () => unknown): unknown => {
  try {
    read();
    return null;
  } catch (error) {
    return error;
  }
};

describe('intent payloads', () => {
  it('reads each kind back with its own payload', () => {
    const intents: NewIntent[] = [
      {
        ...base,
        kind: 'install',
        serial: 'A',
        locationId: 'L1',
        payload: { changes: { name: 'Door' } },
      },
      { ...base, kind: 'uninstall', serial: 'B', locationId: 'L1' },
      {
        ...base,
        kind: 'replace',
        serial: 'C',
        locationId: 'L1',
        payload: { replaces: 'D', changes: { name: 'Till', update_interval_s: 300 } },
      },
      { ...base, kind: 'update_device', serial: 'E', locationId: null, payload: { name: null } },
      {
        ...base,
        kind: 'create_location',
        serial: null,
        locationId: 'local-1',
        payload: { name: 'Mall', address: { line1: '1 Road', city: 'Town', country: 'NL' } },
      },
    ];
    for (const intent of intents) work.intents.add(intent);
    const read = work.intents.list();
    expect(read.map((i) => [i.kind, i.payload])).toEqual(
      intents.map((i) => [i.kind, i.payload ?? null]),
    );
    expect(read.find((i) => i.kind === 'replace')?.replaces).toBe('D');
  });

  it.each([
    ['not JSON', 'install', '{"changes":'],
    ['a replace without the serial it replaces', 'replace', '{"changes":{}}'],
    ['an edit whose label is a number', 'update_device', '{"name":42}'],
    ['a new store without its address', 'create_location', '{"name":"Mall"}'],
  ])('a payload that is %s is damage, never a crash later', (_, kind, payload) => {
    const { id } = work.intents.add({ ...base, kind: 'uninstall', serial: 'S', locationId: 'L' });
    work.db.prepare('UPDATE intents SET kind = ?, payload = ? WHERE id = ?').run(kind, payload, id);
    for (const read of [() => work.intents.list(), () => work.intents.get(id)]) {
      const error = thrownBy(read);
      expect(error).toBeInstanceOf(Error);
      expect(isDamage(error)).toBe(true);
    }
  });
});
