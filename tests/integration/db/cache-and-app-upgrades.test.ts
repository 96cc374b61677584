/**
 * Each cache.db and app.db migration upgrades a file made by the version before it (real
 * SQLite files): the rows that version held are still there, and the new shape works.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../electron/core/db/open-database';
import { APP_MIGRATIONS, CACHE_MIGRATIONS } from '../../../electron/core/db/schema';
import { columns, has, rows, upgradeTo } from './upgrade';

let path: string;
beforeEach(async () => (path = join(await mkdtemp(join(tmpdir(), 'fi-cache-up-')), 'file.db')));
afterEach(() => rm(join(path, '..'), { recursive: true, force: true }));

const upgrade = (version: number, seed?: (db: Db) => void) =>
  upgradeTo(path, CACHE_MIGRATIONS, version, seed);

/** Three devices as version 1 stored them: two installed, one in the inventory, id 1500 in block 1. */
const DEVICES = `INSERT INTO devices (id, serial, location_id, location_name, device_type_name,
    firmware_version_name, search_hash, seen_pass, fetched_at)
  VALUES (1, 'FTC-2B5H97J8', NULL, NULL, 'Counter', '1.0', 0, 1, 'x'),
         (2, 'ftc.0001_a', 'l1', 'Store 1', 'Counter', '1.0', 0, 1, 'x'),
         (1500, 'FTC 9', 'l1', 'Store 1', 'Gate', '2.0', 0, 1, 'x')`;
const counts = (db: Db) => rows(db, 'SELECT total, uninstalled FROM device_counts');

describe('cache.db migrations, each from the version before', () => {
  it('1 initial: a new file counts its devices by trigger, installed or not', () => {
    const db = upgrade(1);
    db.exec(DEVICES);
    expect(counts(db)).toEqual([{ total: 3, uninstalled: 1 }]);
    db.exec('UPDATE devices SET location_id = NULL WHERE id = 2');
    db.exec('DELETE FROM devices WHERE id = 1500');
    expect(counts(db)).toEqual([{ total: 2, uninstalled: 2 }]);
    for (const table of [
      'organizations',
      'locations',
      'device_json',
      'devices_search',
      'foot_traffic',
      'sync_checkpoints',
    ])
      expect(has(db, table)).toBe(true);
    db.close();
  });

  it('2 serial-search: indexes the serial key of every stored device, marked by state', () => {
    const db = upgrade(2, (v1) => v1.exec(DEVICES));
    // Contentless: the index gives row ids, never its text back.
    const find = (query: string) =>
      rows(db, `SELECT rowid AS id FROM serial_search WHERE serial_search MATCH '${query}'`);
    expect(find('key:"ftc2b5h97j8$$"')).toEqual([{ id: 1 }]);
    expect(find('key:"ftc0001a$%"')).toEqual([{ id: 2 }]);
    expect(find('key:"ftc9$%"')).toEqual([{ id: 1500 }]);
    expect(find('key:"ftc" AND state:yes')).toEqual([{ id: 1 }]);
    expect(counts(db)).toEqual([{ total: 3, uninstalled: 1 }]);
    db.close();
  });

  it('3 list-pages: keeps the devices and stores what identifies a list page', () => {
    const db = upgrade(3, (v2) => v2.exec(DEVICES));
    expect(rows(db, 'SELECT id, serial FROM devices ORDER BY id')).toHaveLength(3);
    db.exec(`INSERT INTO list_pages (list, request, etag, ids, paging, pass)
      VALUES ('devices', 'r1', '"e1"', '[1,2]', '{}', 1)`);
    expect(() =>
      db.exec(
        `INSERT INTO list_pages (list, request, ids, paging) VALUES ('devices', 'r1', '[]', '{}')`,
      ),
    ).toThrow(/UNIQUE/);
    expect(columns(db, 'list_marks')).toEqual([
      'list',
      'since',
      'honoured',
      'checked_at',
      'current_at',
    ]);
    db.close();
  });

  it('4 device-blocks: blocks of the devices from before are left to the background count; new ones are counted by trigger', () => {
    const db = upgrade(4, (v3) => v3.exec(DEVICES));
    expect(rows(db, 'SELECT below FROM device_blocks_filled')).toEqual([{ below: 0 }]);
    expect(rows(db, 'SELECT * FROM device_blocks')).toEqual([]);
    db.exec(`INSERT INTO devices (id, serial, location_id, search_hash, fetched_at)
      VALUES (1501, 'FTC-NEW', NULL, 0, 'x')`);
    db.exec('UPDATE devices SET location_id = NULL WHERE id = 1500');
    expect(rows(db, 'SELECT * FROM device_blocks')).toEqual([
      { block: 1, total: 1, uninstalled: 2 },
    ]);
    expect(counts(db)).toEqual([{ total: 4, uninstalled: 3 }]);
    db.close();
  });

  it('has a test above for every cache.db migration the registry lists', () => {
    expect(CACHE_MIGRATIONS).toHaveLength(4);
  });
});

describe('app.db migrations, each from the version before', () => {
  it('1 settings: a new file stores a setting per key', () => {
    const db = upgradeTo(path, APP_MIGRATIONS, 1);
    db.exec(`INSERT INTO settings (key, value) VALUES ('account', '{"id":"a"}')`);
    expect(() => db.exec(`INSERT INTO settings (key, value) VALUES ('account', '{}')`)).toThrow(
      /UNIQUE/,
    );
    expect(columns(db, 'settings')).toEqual(['key', 'value']);
    db.close();
  });

  it('has a test above for every app.db migration the registry lists', () => {
    expect(APP_MIGRATIONS).toHaveLength(1);
  });
});
