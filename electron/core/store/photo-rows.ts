/**
 * Placement photos in work.db, with the visit they were taken in. Kept on this computer only:
 * nothing here is ever part of a request to the vendor API.
 */
import { randomUUID } from 'node:crypto';
import type { PhotoInfo } from '../../shared';
import type { Db } from '../db/open-database';

export interface PhotoRows {
  add(
    photo: Omit<PhotoInfo, 'id' | 'takenAt' | 'bytes'> & {
      mime: string;
      data: Buffer;
      /** When the picture was captured (the camera's frame); now when not said. */
      takenAt?: string;
    },
  ): PhotoInfo;
  list(visitId: string, serial?: string): PhotoInfo[];
  data(id: string): { mime: string; data: Buffer } | null;
  get(id: string): PhotoInfo | null;
  /** Deletes one photo; false when it was not there. */
  remove(id: string): boolean;
  /** Photos of one device in one visit (a bound against filling the disk by accident). */
  count(visitId: string, serial: string): number;
}

interface Row {
  id: string;
  visit_id: string;
  serial: string;
  location_id: string;
  taken_at: string;
  bytes: number;
}

const fromRow = (r: Row): PhotoInfo => ({
  id: r.id,
  visitId: r.visit_id,
  serial: r.serial,
  locationId: r.location_id,
  takenAt: r.taken_at,
  bytes: r.bytes,
});

export function photoRows(db: Db, now: () => Date = () => new Date()): PhotoRows {
  const columns =
    'SELECT id, visit_id, serial, location_id, taken_at, length(bytes) AS bytes FROM photos';
  const ofVisit = db.prepare<[string], Row>(`${columns} WHERE visit_id = ? ORDER BY seq`);
  const ofDevice = db.prepare<[string, string], Row>(
    `${columns} WHERE visit_id = ? AND serial = ? ORDER BY seq`,
  );
  const one = db.prepare<[string], Row>(`${columns} WHERE id = ?`);
  const picture = db.prepare<[string], { mime: string; bytes: Buffer }>(
    'SELECT mime, bytes FROM photos WHERE id = ?',
  );
  const counted = db.prepare<[string, string], { n: number }>(
    'SELECT count(*) AS n FROM photos WHERE visit_id = ? AND serial = ?',
  );
  const drop = db.prepare<[string]>('DELETE FROM photos WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO photos (id, seq, visit_id, serial, location_id, taken_at, mime, bytes)
     VALUES (@id, (SELECT coalesce(max(seq), 0) + 1 FROM photos), @visitId, @serial, @locationId,
       @takenAt, @mime, @data)`,
  );
  return {
    add(photo) {
      const id = `p-${randomUUID()}`;
      insert.run({ ...photo, id, takenAt: photo.takenAt ?? now().toISOString() });
      return fromRow(one.get(id) as Row);
    },
    list: (visitId, serial) =>
      (serial === undefined ? ofVisit.all(visitId) : ofDevice.all(visitId, serial)).map(fromRow),
    data(id) {
      const row = picture.get(id);
      return row ? { mime: row.mime, data: row.bytes } : null;
    },
    count: (visitId, serial) => counted.get(visitId, serial)?.n ?? 0,
    get(id) {
      const row = one.get(id);
      return row ? fromRow(row) : null;
    },
    remove: (id) => drop.run(id).changes > 0,
  };
}
