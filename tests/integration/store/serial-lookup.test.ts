/**
 * Serials as typed against the cached devices in a real cache.db (store/serial-lookup.ts):
 * the server's own spelling of a typed serial (decision record 34), and "Did you mean …" (decision record 33) —
 * both through the serial keys of cache migration 2, which also upgrades a version-1 file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../electron/common/logger';
import type { Device } from '../../../electron/core/api/wire';
import { openDatabase } from '../../../electron/core/db/open-database';
import { CACHE_MIGRATIONS } from '../../../electron/core/db/schema';
import { openAccountStore, type AccountStore } from '../../../electron/core/store/account-store';
import { memoryRecordKey } from '../../helpers/record-key';

const log: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const NOW = '2026-11-23T08:00:00.000Z';

let dir: string;
let store: AccountStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fi-serial-lookup-'));
  store = openAccountStore(join(dir, 'scope'), log, { recordKey: memoryRecordKey() });
  await store.checked;
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const device = (serial_number: string): Device => ({ serial_number, location: null });
const put = (...serials: string[]) =>
  store.cache.devices.putAll(
    serials.map((s) => device(s)),
    NOW,
  );

describe('the server’s spelling of a typed serial', () => {
  it('is the cached device’s, whatever the case and separators typed', () => {
    put('FTC-2B5H97J8', '4654432d3242354839374a38');
    const { serials } = store.cache;
    expect(serials.spelling('FTC-2B5H97J8')).toBe('FTC-2B5H97J8');
    for (const typed of ['ftc-2b5h97j8', 'FTC2B5H97J8', 'ftc.2b5h_97j8'])
      expect(serials.spelling(typed), typed).toBe('FTC-2B5H97J8');
    expect(serials.spelling('4654432D3242354839374A38')).toBe('4654432d3242354839374a38');
    // Installed or not.
    store.cache.devices.put(
      { serial_number: 'FTC-7MQP4XR2', location: { id: 'loc_1', name: 'Store' } },
      NOW,
    );
    expect(serials.spelling('ftc 7mqp4xr2')).toBe('FTC-7MQP4XR2');
    // Not cached: nothing to go by; a serial that only ends the same is another device.
    expect(serials.spelling('FTC-2B5H97J9')).toBeNull();
    expect(serials.spelling('97J8')).toBeNull();
  });

  it('keeps two spellings a case-sensitive server tells apart, and picks none for a third', () => {
    put('ab-12', 'AB12');
    expect(store.cache.devices.get('ab-12')).not.toBeNull();
    expect(store.cache.devices.get('AB12')).not.toBeNull();
    const { serials } = store.cache;
    expect(serials.spelling('AB12')).toBe('AB12');
    expect(serials.spelling('ab-12')).toBe('ab-12');
    expect(serials.spelling('ab12')).toBe('ab-12');
    // Neither spelling: the typed form goes to the server as it is.
    expect(serials.spelling('Ab12')).toBeNull();
  });
});

describe('the server’s spelling among devices that end alike', () => {
  it('is found when more devices share its last characters than one look-up reads', () => {
    // 60 serials with the same last eight characters: the look-up by the last characters reads
    // 51 and gives up, the one by the whole key finds it.
    const alike = Array.from(
      { length: 60 },
      (_, i) => `SHOP${String(i).padStart(2, '0')}-7MQP4XR2`,
    );
    put(...alike);
    for (const serial of [alike[0]!, alike[59]!])
      expect(store.cache.serials.spelling(serial.toLowerCase().replace('-', ''))).toBe(serial);
    expect(store.cache.serials.spelling('SHOP99-7MQP4XR2')).toBeNull();
  });
});

describe('Did you mean …', () => {
  const near = (typed: string) => store.cache.serials.near(typed, 5);
  beforeEach(() =>
    put('FTC-2B5H97J8', 'FTC-2B5H97K8', 'FTC-7MQP4XR2', 'FTC-9ZZN6WY3', 'FTC-NNAV3KEE'),
  );

  it('offers serials one or two edits away, closest first', async () => {
    expect(await near('FTC-2B5H97J9')).toEqual(['FTC-2B5H97J8', 'FTC-2B5H97K8']);
    expect(await near('FTC-7MQP4XR')).toEqual(['FTC-7MQP4XR2']); // one missing
    expect(await near('FTC-7MQPP4XR2')).toEqual(['FTC-7MQP4XR2']); // one extra
    expect(await near('FTC-7MQX4XRX9')).toEqual([]); // three away
  });

  it('offers a swapped pair and the misreads of a label (O/0, I/1, B/8, S/5)', async () => {
    expect(await near('FTC-M7QP4XR2')).toEqual(['FTC-7MQP4XR2']);
    expect(await near('FTC-7MQP4XRZ')).toEqual(['FTC-7MQP4XR2']); // Z/2 is a typo, one edit
    // Misreads cost nothing: the one misread comes before the one a letter away.
    expect(await near('FTC-285H97J8')).toEqual(['FTC-2B5H97J8', 'FTC-2B5H97K8']);
    expect(await near('ftc-2bSh97j8')).toEqual(['FTC-2B5H97J8', 'FTC-2B5H97K8']);
    // Misreads and a swap together.
    expect((await near('FTC-28SH9J78'))[0]).toBe('FTC-2B5H97J8');
  });

  it('offers the serials that end with what was typed: people read a label’s last characters', async () => {
    expect(await near('97J8')).toEqual(['FTC-2B5H97J8']);
    expect(await near('6wy3')).toEqual(['FTC-9ZZN6WY3']);
    expect(await near('zz')).toEqual([]);
  });

  it('finds two edits anywhere among thousands of devices that share their first characters', async () => {
    const many = Array.from(
      { length: 5_000 },
      (_, i) => `FTC-${(i * 7919).toString(36).toUpperCase().padStart(8, 'Q')}`,
    );
    put(...many);
    const target = many[4321] ?? '';
    const typo = `${target.slice(0, 6)}X${target.slice(7, 10)}Y${target.slice(11)}`;
    expect(await near(typo)).toContain(target);
  });

  it('looks for a long key by short pieces, one index query per pause, and still finds it', async () => {
    const long = `FTC-${'7MQP4XR2'.repeat(7)}`;
    put(long);
    let pauses = 0;
    const found = await store.cache.serials.near(
      `${long.slice(0, 30)}X${long.slice(31)}`,
      5,
      () => {
        pauses += 1;
        return Promise.resolve();
      },
    );
    expect(found).toEqual([long]);
    expect(pauses).toBeGreaterThan(1);
  });
});

describe('cache migration 2', () => {
  it('indexes the serial keys of a version-1 file, in SQL as the app writes them', () => {
    const path = join(dir, 'old-cache.db');
    const v1 = openDatabase(path, { migrations: CACHE_MIGRATIONS.slice(0, 1) });
    // Written as version 1 wrote devices: the row, its JSON, its text in devices_search.
    for (const [serial, at] of [
      ['FTC-2B5H97J8', null],
      ['ab.12_c d', 'loc_1'],
    ] as const) {
      const { lastInsertRowid: id } = v1
        .prepare(
          "INSERT INTO devices (serial, location_id, search_hash, fetched_at) VALUES (?, ?, 0, '2026-01-01')",
        )
        .run(serial, at);
      v1.prepare('INSERT INTO device_json (id, json) VALUES (?, ?)').run(
        id,
        JSON.stringify(device(serial)),
      );
      v1.prepare("INSERT INTO devices_search (rowid, text, state) VALUES (?, ?, 'yes')").run(
        id,
        serial.toLowerCase(),
      );
    }
    v1.close();
    store.close();
    const now = openDatabase(path, { migrations: CACHE_MIGRATIONS });
    try {
      const found = (key: string) =>
        now
          .prepare(
            'SELECT d.serial FROM serial_search s JOIN devices d ON d.id = s.rowid WHERE serial_search MATCH ?',
          )
          .all(`key : "${key}"`)
          .map((r) => (r as { serial: string }).serial);
      expect(found('ftc2b5h97j8$$')).toEqual(['FTC-2B5H97J8']);
      expect(found('ab12cd$%')).toEqual(['ab.12_c d']);
      expect(found('ab12cd$$')).toEqual([]);
    } finally {
      now.close();
      store = openAccountStore(join(dir, 'scope'), log, { recordKey: memoryRecordKey() });
    }
  });
});
