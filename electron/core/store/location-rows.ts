/** Locations and organizations in cache.db, as the server sent them (unknown fields kept). */
import type { Location, Organization } from '../api/records';
import type { Db } from '../db/open-database';

export interface LocationRows {
  put(location: Location, fetchedAt: string, pass?: number | null): void;
  get(id: string): { location: Location; fetchedAt: string; offlineAt: string | null } | null;
  /** The store's name as cached: what Activity and the record name it by; null if unknown. */
  nameOf(id: string): string | null;
  list(): Location[];
  remove(id: string): void;
  removeUnseen(pass: number): number;
  countSeen(pass: number): number;
  /** Unchanged on the server (a page answered 304): fetched again now, listed by `pass`. */
  confirm(ids: readonly string[], fetchedAt: string, pass: number): void;
  /** How many of these ids are stored. */
  countStored(ids: readonly string[]): number;
  markOffline(id: string, at: string): void;
  /** A store created offline got its real id from the server. */
  rename(from: string, to: Location, fetchedAt: string): void;
}

export function locationRows(db: Db): LocationRows {
  const upsert = db.prepare<[string, string, string, number | null, string]>(
    `INSERT INTO locations (id, name, json, seen_pass, fetched_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, json = excluded.json,
       seen_pass = coalesce(excluded.seen_pass, locations.seen_pass), fetched_at = excluded.fetched_at`,
  );
  const getOne = db.prepare<
    [string],
    { json: string; fetched_at: string; offline_at: string | null }
  >('SELECT json, fetched_at, offline_at FROM locations WHERE id = ?');
  const nameOne = db.prepare<[string], { name: string }>('SELECT name FROM locations WHERE id = ?');
  const all = db.prepare<[], { json: string }>(
    'SELECT json FROM locations ORDER BY name COLLATE NOCASE, id',
  );
  const del = db.prepare<[string]>('DELETE FROM locations WHERE id = ?');
  const delUnseen = db.prepare<[number]>(
    'DELETE FROM locations WHERE seen_pass IS NOT NULL AND seen_pass < ?',
  );
  const seen = db.prepare<[number], { n: number }>(
    'SELECT count(*) AS n FROM locations WHERE seen_pass = ?',
  );
  const offline = db.prepare<[string, string]>('UPDATE locations SET offline_at = ? WHERE id = ?');
  const confirmOne = db.prepare<[number, string, string]>(
    'UPDATE locations SET seen_pass = ?, fetched_at = ? WHERE id = ?',
  );
  const rows: LocationRows = {
    put: (l, fetchedAt, pass = null) =>
      // The name column only sorts; a location without one sorts first.
      void upsert.run(l.id, l.name ?? '', JSON.stringify(l), pass, fetchedAt),
    // A store without a name is stored with '' (the column is NOT NULL): unknown, as a null.
    nameOf: (id) => nameOne.get(id)?.name || null,
    get(id) {
      const row = getOne.get(id);
      return row
        ? {
            location: JSON.parse(row.json) as Location,
            fetchedAt: row.fetched_at,
            offlineAt: row.offline_at,
          }
        : null;
    },
    list: () => all.all().map((r) => JSON.parse(r.json) as Location),
    remove: (id) => void del.run(id),
    removeUnseen: (pass) => delUnseen.run(pass).changes,
    countSeen: (pass) => (seen.get(pass) as { n: number }).n,
    confirm(ids, fetchedAt, pass) {
      for (const id of ids) confirmOne.run(pass, fetchedAt, id);
    },
    countStored: (ids) => ids.filter((id) => getOne.get(id) !== undefined).length,
    markOffline: (id, at) => void offline.run(at, id),
    rename(from, to, fetchedAt) {
      del.run(from);
      rows.put(to, fetchedAt);
    },
  };
  return rows;
}

export interface OrganizationRows {
  replaceAll(organizations: Organization[], fetchedAt: string): void;
  list(): { organizations: Organization[]; fetchedAt: string | null };
}

export function organizationRows(db: Db): OrganizationRows {
  const clear = db.prepare('DELETE FROM organizations');
  const insert = db.prepare<[string, number, string, string]>(
    'INSERT INTO organizations (id, position, json, fetched_at) VALUES (?, ?, ?, ?)',
  );
  const all = db.prepare<[], { json: string; fetched_at: string }>(
    'SELECT json, fetched_at FROM organizations ORDER BY position',
  );
  return {
    replaceAll: db.transaction((organizations: Organization[], fetchedAt: string) => {
      clear.run();
      organizations.forEach((o, i) => insert.run(o.id, i, JSON.stringify(o), fetchedAt));
    }),
    list() {
      const rows = all.all();
      return {
        organizations: rows.map((r) => JSON.parse(r.json) as Organization),
        fetchedAt: rows[0]?.fetched_at ?? null,
      };
    },
  };
}

/** Foot-traffic answers by query: the last one shown is still there offline. */
export interface TrafficRows {
  put(query: string, value: unknown, fetchedAt: string): void;
  get<T>(query: string): { value: T; fetchedAt: string } | null;
}

export function trafficRows(db: Db): TrafficRows {
  const upsert = db.prepare<[string, string, string]>(
    `INSERT INTO foot_traffic (query, json, fetched_at) VALUES (?, ?, ?)
     ON CONFLICT(query) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at`,
  );
  const getOne = db.prepare<[string], { json: string; fetched_at: string }>(
    'SELECT json, fetched_at FROM foot_traffic WHERE query = ?',
  );
  return {
    put: (query, value, fetchedAt) => void upsert.run(query, JSON.stringify(value), fetchedAt),
    get<T>(query: string) {
      const row = getOne.get(query);
      return row ? { value: JSON.parse(row.json) as T, fetchedAt: row.fetched_at } : null;
    },
  };
}
