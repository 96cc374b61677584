/**
 * The activity log in work.db: what the technician did, as proof of work. Appending one entry
 * is one INSERT (it used to rewrite a 3.6 MB file per action). Capped so years of use never
 * grow it without bound.
 */
import { randomUUID } from 'node:crypto';
import type { ActivityEntry } from '../../contract';
import type { Db } from '../db/open-database';

export const ACTIVITY_CAP = 5_000;

export type NewActivityEntry = Omit<ActivityEntry, 'id' | 'at'> & { at?: string };

export interface ActivityRows {
  /** Oldest first. */
  list(): ActivityEntry[];
  add(entry: NewActivityEntry): ActivityEntry;
}

export function activityRows(db: Db, now: () => Date = () => new Date()): ActivityRows {
  const insert = db.prepare(
    `INSERT INTO activity (id, seq, at, action, serial, location_id, location_name, result, detail)
     VALUES (@id, (SELECT coalesce(max(seq), 0) + 1 FROM activity), @at, @action, @serial,
       @locationId, @locationName, @result, @detail)`,
  );
  const trim = db.prepare<[number]>(
    'DELETE FROM activity WHERE seq <= (SELECT max(seq) FROM activity) - ?',
  );
  const all = db.prepare<[], Record<string, string | null>>(
    `SELECT id, at, action, serial, location_id AS locationId, location_name AS locationName,
       result, detail FROM activity ORDER BY seq`,
  );
  return {
    list: () => all.all() as unknown as ActivityEntry[],
    add(input) {
      const entry: ActivityEntry = {
        id: randomUUID(),
        at: input.at ?? now().toISOString(),
        action: input.action,
        serial: input.serial,
        locationId: input.locationId,
        locationName: input.locationName,
        result: input.result,
        detail: input.detail,
      };
      insert.run(entry);
      trim.run(ACTIVITY_CAP);
      return entry;
    },
  };
}
