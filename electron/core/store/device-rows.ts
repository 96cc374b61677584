/**
 * Devices in cache.db: written from the server's lists and answers, and changed optimistically
 * by the technician's intents. The full object (unknown fields included) lives in device_json;
 * the columns beside it are derived from it here and nowhere else, so they never disagree.
 */
import type { Device, LocationRef } from '../api/wire';
import type { Db } from '../db/open-database';
import { deviceSearchText } from '../db/search-text';

export interface DeviceRows {
  /** Inserts or updates; `pass` marks it as listed by that full download. */
  put(device: Device, fetchedAt: string, pass?: number | null): void;
  get(serial: string): { device: Device; fetchedAt: string } | null;
  atLocation(locationId: string): Device[];
  remove(serial: string): void;
  /** After a complete download: devices it did not list are gone from the server. */
  removeUnseen(pass: number): number;
  /** Rewrites the location of every device at `from` (a store's temporary id replaced). */
  renameLocation(from: string, to: LocationRef): void;
}

export function deviceRows(db: Db): DeviceRows {
  const upsert = db.prepare<
    [string, string | null, string | null, string | null, string | null, number | null, string]
  >(
    `INSERT INTO devices (serial, location_id, location_name, device_type_name, firmware_version_name, seen_pass, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(serial) DO UPDATE SET
       location_id = excluded.location_id, location_name = excluded.location_name,
       device_type_name = excluded.device_type_name,
       firmware_version_name = excluded.firmware_version_name,
       seen_pass = coalesce(excluded.seen_pass, devices.seen_pass), fetched_at = excluded.fetched_at
     RETURNING id`,
  );
  const putJson = db.prepare<[number, string]>(
    'INSERT INTO device_json (id, json) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET json = excluded.json',
  );
  const unindex = db.prepare<[number]>('DELETE FROM devices_search WHERE rowid = ?');
  const index = db.prepare<[number, string]>(
    'INSERT INTO devices_search (rowid, text) VALUES (?, ?)',
  );
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
  const serialsAt = db.prepare<[string], { serial: string }>(
    'SELECT serial FROM devices WHERE location_id = ?',
  );

  const removeId = (id: number) => {
    unindex.run(id);
    deleteRow.run(id);
  };

  const rows: DeviceRows = {
    put(device, fetchedAt, pass = null) {
      const location = device.location ?? null;
      const { id } = upsert.get(
        device.serial_number,
        location?.id ?? null,
        location?.name ?? null,
        device.device_type_name ?? null,
        device.firmware_version_name ?? null,
        pass,
        fetchedAt,
      ) as { id: number };
      putJson.run(id, JSON.stringify(device));
      unindex.run(id);
      index.run(id, deviceSearchText(device));
    },
    get(serial) {
      const row = getOne.get(serial);
      return row ? { device: JSON.parse(row.json) as Device, fetchedAt: row.fetched_at } : null;
    },
    atLocation: (locationId) => atLocation.all(locationId).map((r) => JSON.parse(r.json) as Device),
    remove(serial) {
      const row = idOf.get(serial);
      if (row) removeId(row.id);
    },
    removeUnseen(pass) {
      const ids = unseen.all(pass);
      for (const { id } of ids) removeId(id);
      return ids.length;
    },
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
