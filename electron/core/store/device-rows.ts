/**
 * Devices in cache.db: written from the server's lists and answers, and changed optimistically
 * by the technician's intents. The full object (unknown fields included) lives in device_json;
 * the columns beside it are derived from it here and nowhere else, so they never disagree.
 */
import { randomUUID } from 'node:crypto';
import { installedLocation, type Device, type LocationRef } from '../api/records';
import type { Db } from '../db/open-database';
import { deviceSearchText, serialSearchKey } from '../db/search-text';

export interface DeviceRows {
  /** Inserts or updates; `pass` marks it as listed by that full download. */
  put(device: Device, fetchedAt: string, pass?: number | null): void;
  /** `put` for a batch (a downloaded page): one transaction, the search index written last. */
  putAll(devices: readonly Device[], fetchedAt: string, pass?: number | null): void;
  get(serial: string): { device: Device; fetchedAt: string } | null;
  atLocation(locationId: string): Device[];
  remove(serial: string): void;
  /** After a complete download: devices it did not list are gone from the server. */
  removeUnseen(pass: number): number;
  /** Devices the download `pass` has listed so far. */
  countSeen(pass: number): number;
  /**
   * The same two a step at a time (a whole scan of a million rows held the thread 165–210 ms):
   * devices of one stretch of row ids, `[from, to)`; `lastId` where the stretches end.
   */
  countSeenIn(pass: number, from: number, to: number): number;
  unseenIn(pass: number, from: number, to: number): number[];
  lastId(): number;
  /** Removes these rows (ids of `unseenIn`), in the caller's transaction or one of its own. */
  removeRows(ids: readonly number[]): void;
  /**
   * The server said these rows are unchanged (a page answered 304): they were fetched again
   * now, and `pass` (when given) listed them. Serials not stored are skipped.
   */
  confirm(serials: readonly string[], fetchedAt: string, pass?: number | null): void;
  /** Every device stored. */
  count(): number;
  /** How many of these serials are stored. */
  countStored(serials: readonly string[]): number;
  /** Rewrites the location of every device at `from` (a store's temporary id replaced). */
  renameLocation(from: string, to: LocationRef): void;
  /**
   * Which inventory a check was made against: another value once a device was added or
   * removed, or its type, location or searched text changed (a check-in alone leaves it). In
   * memory, new at every open (a check from before is checked again once).
   */
  version(): string;
}

/** The search index's `state` for a device that is not installed (see schema.ts). */
export const INVENTORY_MARK = 'yes';

interface IndexChange {
  id: number;
  text: string;
  /** serial_search's entry (a device's serial never changes, its state does). */
  key: string;
  state: string;
  /** The device was indexed before: its old entry goes first. */
  replace: boolean;
}

/** FNV-1a, 32 bits: enough to tell that a device's search text changed. */
const hashText = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
};

/** The columns an insert and an update both write, in the statements' order. */
type RowColumns = [
  locationId: string | null,
  locationName: string | null,
  deviceTypeName: string | null,
  firmwareVersionName: string | null,
  searchHash: number,
  seenPass: number | null,
  fetchedAt: string,
];

// eslint-disable-next-line max-lines-per-function -- one table's prepared statements and the short methods over them, one object
export function deviceRows(db: Db): DeviceRows {
  const existing = db.prepare<
    [string],
    { id: number; search_hash: number; location_id: string | null }
  >('SELECT id, search_hash, location_id FROM devices WHERE serial = ?');
  const epoch = randomUUID();
  let changes = 0;
  const insert = db.prepare<[serial: string, ...RowColumns]>(
    `INSERT INTO devices (serial, location_id, location_name, device_type_name, firmware_version_name,
       search_hash, seen_pass, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const update = db.prepare<[...RowColumns, id: number]>(
    `UPDATE devices SET location_id = ?, location_name = ?, device_type_name = ?,
       firmware_version_name = ?, search_hash = ?, seen_pass = coalesce(?, seen_pass), fetched_at = ?
     WHERE id = ?`,
  );
  const putJson = db.prepare<[number, string]>(
    'INSERT INTO device_json (id, json) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET json = excluded.json',
  );
  const unindexText = db.prepare<[number]>('DELETE FROM devices_search WHERE rowid = ?');
  const indexText = db.prepare<[number, string, string]>(
    'INSERT INTO devices_search (rowid, text, state) VALUES (?, ?, ?)',
  );
  const unindexSerial = db.prepare<[number]>('DELETE FROM serial_search WHERE rowid = ?');
  const indexSerial = db.prepare<[number, string, string]>(
    'INSERT INTO serial_search (rowid, key, state) VALUES (?, ?, ?)',
  );
  const unindex = (id: number) => {
    unindexText.run(id);
    unindexSerial.run(id);
  };
  const getOne = db.prepare<[string], { json: string; fetched_at: string }>(
    'SELECT j.json, d.fetched_at FROM devices d JOIN device_json j ON j.id = d.id WHERE d.serial = ?',
  );
  const atLocation = db.prepare<[string], { json: string }>(
    'SELECT j.json FROM devices d JOIN device_json j ON j.id = d.id WHERE d.location_id = ? ORDER BY d.id',
  );
  const idOf = db.prepare<[string], { id: number }>('SELECT id FROM devices WHERE serial = ?');
  const deleteRow = db.prepare<[number]>('DELETE FROM devices WHERE id = ?');
  const unseen = db.prepare<[number], { id: number }>(
    'SELECT id FROM devices WHERE seen_pass IS NOT NULL AND seen_pass < ?',
  );
  const seen = db.prepare<[number], { n: number }>(
    'SELECT count(*) AS n FROM devices WHERE seen_pass = ?',
  );
  const seenIn = db.prepare<[number, number, number], { n: number }>(
    'SELECT count(*) AS n FROM devices WHERE id >= ? AND id < ? AND seen_pass = ?',
  );
  const unseenInRange = db.prepare<[number, number, number], { id: number }>(
    'SELECT id FROM devices WHERE id >= ? AND id < ? AND seen_pass IS NOT NULL AND seen_pass < ?',
  );
  const maxId = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM devices');
  const serialsAt = db.prepare<[string], { serial: string }>(
    'SELECT serial FROM devices WHERE location_id = ?',
  );

  // Why the search index is written after the rows and not beside each one: a write to
  // `devices` runs its count trigger inside a statement savepoint, and FTS5 flushes its pending
  // terms to disk at every savepoint. Interleaved, each device became a one-row index segment
  // to merge: storing the 100,000 devices of the first-sync benchmark took 6.2 s, 3.1 s with
  // the index written last (a probe timing each statement over the sandbox's pages).
  const reindex = (changes: readonly IndexChange[]) => {
    for (const change of changes) {
      if (change.replace) unindex(change.id);
      indexText.run(change.id, change.text, change.state);
      indexSerial.run(change.id, change.key, change.state);
    }
  };

  /** Writes the row and its JSON; returns the search index change it needs, if any. */
  const putRow = (given: Device, fetchedAt: string, pass: number | null): IndexChange | null => {
    // A zero-value location ({id: ""}, kept by an earlier version) is the inventory too, in
    // the column and in the JSON the screens read.
    const location = installedLocation(given.location);
    const device = location === null && given.location ? { ...given, location: null } : given;
    const text = deviceSearchText(device);
    const key = serialSearchKey(device.serial_number, location !== null);
    const state = location === null ? INVENTORY_MARK : '';
    const hash = hashText(`${text}\n${state}`);
    const columns = [
      location?.id ?? null,
      location?.name ?? null,
      device.device_type_name ?? null,
      device.firmware_version_name ?? null,
    ] as const;
    const found = existing.get(device.serial_number);
    let change: IndexChange | null;
    let id: number;
    if (found) {
      id = found.id;
      update.run(...columns, hash, pass, fetchedAt, id);
      // Most refreshes change only the check-in time: the search index is left alone then
      // (deleting from a trigram index is most of the cost of a write).
      change = found.search_hash === hash ? null : { id, text, key, state, replace: true };
      if (change || found.location_id !== columns[0]) changes += 1;
    } else {
      changes += 1;
      id = Number(
        insert.run(device.serial_number, ...columns, hash, pass, fetchedAt).lastInsertRowid,
      );
      change = { id, text, key, state, replace: false };
    }
    putJson.run(id, JSON.stringify(device));
    return change;
  };

  const putAllNow = (devices: readonly Device[], fetchedAt: string, pass: number | null) => {
    const changes: IndexChange[] = [];
    for (const device of devices) {
      const change = putRow(device, fetchedAt, pass);
      if (change) changes.push(change);
    }
    reindex(changes);
  };
  const putAllInTransaction = db.transaction(putAllNow);
  // Inside the caller's transaction (a downloaded page, an intent) no savepoint of its own:
  // while one is open SQLite copies every page the batch changes aside, which made each
  // device's insert three times slower (7 µs → 23 µs in the 100,000-device download).
  const putAll = (devices: readonly Device[], fetchedAt: string, pass: number | null) =>
    db.inTransaction
      ? putAllNow(devices, fetchedAt, pass)
      : putAllInTransaction(devices, fetchedAt, pass);

  // Index entries first, rows after: the same flush-per-savepoint reason as `reindex`.
  const removeIds = (ids: readonly number[]) => {
    if (ids.length > 0) changes += 1;
    for (const id of ids) unindex(id);
    for (const id of ids) deleteRow.run(id);
  };

  const confirmOne = db.prepare<[number | null, string, string]>(
    'UPDATE devices SET seen_pass = coalesce(?, seen_pass), fetched_at = ? WHERE serial = ?',
  );
  const countAll = db.prepare<[], { total: number }>('SELECT total FROM device_counts');
  const confirmAll = (serials: readonly string[], fetchedAt: string, pass: number | null) => {
    for (const serial of serials) confirmOne.run(pass, fetchedAt, serial);
  };

  const rows: DeviceRows = {
    put: (device, fetchedAt, pass = null) => putAll([device], fetchedAt, pass),
    putAll: (devices, fetchedAt, pass = null) => putAll(devices, fetchedAt, pass),
    get(serial) {
      const row = getOne.get(serial);
      return row ? { device: JSON.parse(row.json) as Device, fetchedAt: row.fetched_at } : null;
    },
    atLocation: (locationId) => atLocation.all(locationId).map((r) => JSON.parse(r.json) as Device),
    remove(serial) {
      const row = idOf.get(serial);
      if (row) removeIds([row.id]);
    },
    countSeen: (pass) => (seen.get(pass) as { n: number }).n,
    countSeenIn: (pass, from, to) => seenIn.get(from, to, pass)?.n ?? 0,
    unseenIn: (pass, from, to) => unseenInRange.all(from, to, pass).map((r) => r.id),
    lastId: () => maxId.get()?.id ?? 0,
    removeRows(ids) {
      if (db.inTransaction) removeIds(ids);
      else db.transaction(removeIds)(ids);
    },
    confirm(serials, fetchedAt, pass = null) {
      if (db.inTransaction) confirmAll(serials, fetchedAt, pass);
      else db.transaction(confirmAll)(serials, fetchedAt, pass);
    },
    count: () => countAll.get()?.total ?? 0,
    countStored: (serials) => serials.filter((serial) => idOf.get(serial) !== undefined).length,
    removeUnseen(pass) {
      const ids = unseen.all(pass).map((row) => row.id);
      if (db.inTransaction) removeIds(ids);
      else db.transaction(removeIds)(ids);
      return ids.length;
    },
    version: () => `${epoch}:${changes}`,
    renameLocation(from, to) {
      for (const { serial } of serialsAt.all(from)) {
        const found = rows.get(serial);
        if (!found) continue;
        rows.put({ ...found.device, location: { ...to } }, found.fetchedAt);
      }
    },
  };
  return rows;
}
