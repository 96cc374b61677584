/**
 * The inventory and all-devices views as windows of rows, answered in SQL: the renderer asks
 * for the rows it shows, never for a whole list. Order is the server's list order (row id),
 * which the trigram index also returns rows in, so a search streams its first window without
 * sorting every match. Counting stops at MATCH_COUNT_CAP: "1,000+" is as useful to a
 * technician as an exact figure and costs nothing at a million devices.
 */
import type { DeviceFacets, DeviceWindow, ParsedInput } from '../../shared';
import type { Device } from '../api/records';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open-database';
import { keyEndsWith, parseQuery, phrase, TRIGRAM_MIN } from '../db/search-text';
import type { DeviceBlocks } from './device-blocks';
import { INVENTORY_MARK } from './device-rows';

export const MATCH_COUNT_CAP = 1_000;

type Query = ParsedInput<'queryDevices'>;

export interface DeviceQueries {
  window(query: Query, fetchedAt: string | null): DeviceWindow<Device>;
  facets(): DeviceFacets;
  /** Call after any write: counts and facets are remembered until then. */
  invalidate(): void;
}

/**
 * Distinct values of an indexed column by hopping from one value to the next in the index
 * (a skip scan): a handful of seeks instead of reading a million entries.
 */
const distinctSql = (column: string): string =>
  `WITH RECURSIVE v(x) AS (
     SELECT min(${column}) FROM devices
     UNION ALL SELECT (SELECT min(${column}) FROM devices WHERE ${column} > v.x) FROM v WHERE v.x IS NOT NULL
   ) SELECT x AS v FROM v WHERE x IS NOT NULL`;

// eslint-disable-next-line max-lines-per-function -- one table's prepared statements and the short methods over them, one object
export function deviceQueries(db: Db, blocks: DeviceBlocks): DeviceQueries {
  const statements = new Map<string, Statement<unknown[]>>();
  const prepared = (sql: string): Statement<unknown[]> => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[]>(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const remembered = new Map<string, unknown>();
  const remember = <T>(key: string, compute: () => T): T => {
    if (!remembered.has(key)) remembered.set(key, compute());
    return remembered.get(key) as T;
  };

  /** FROM/WHERE and its parameters for a query; ordered by `order`, rows named by `id`. */
  function selection(query: Query): {
    from: string;
    where: string[];
    params: unknown[];
    order: string;
    id: string;
    /** Narrower than the view: its rows must be counted, not taken from device_counts. */
    filtered: boolean;
  } {
    const parsed = parseQuery(query.q);
    const onDevice = query.deviceType !== undefined || query.firmware !== undefined;
    const where: string[] = [];
    const params: unknown[] = [];
    let from = 'devices d';
    let order = 'd.id';
    let id = 'd.id';
    // Words are looked for in the text, the query as one serial in the serial keys; the
    // inventory view is a condition inside each index (state).
    const inView = (match: string) =>
      query.view === 'uninstalled' ? `(${match}) AND state : "${INVENTORY_MARK}"` : match;
    const arms: string[] = [];
    if (parsed.text !== null) {
      arms.push('SELECT rowid FROM devices_search WHERE devices_search MATCH ?');
      params.push(inView(`text : (${parsed.text})`));
    }
    const key = parsed.serialKey;
    if (key !== null) {
      arms.push('SELECT rowid FROM serial_search WHERE serial_search MATCH ?');
      // The last characters: the end mark after them keeps to the view (search-text.ts).
      params.push(
        key.length >= TRIGRAM_MIN
          ? inView(`key : ${phrase(key)}`)
          : `key : ${keyEndsWith(key, query.view === 'uninstalled')}`,
      );
    }
    if (arms.length > 0) {
      // Both indexes return rows in row id order, so the union is a merge that streams the
      // first window without reading every match. `devices` is joined only for the type and
      // firmware filters: counting 1,000 matches through the join read 1,000 rows of it (2–16 ms
      // a keystroke), the indexes alone answer in well under 1 ms.
      const matches = `(${arms.join(' UNION ')} ORDER BY rowid) s`;
      from = onDevice ? `${matches} JOIN devices d ON d.id = s.rowid` : matches;
      order = 's.rowid';
      id = 's.rowid';
    } else if (query.view === 'uninstalled') {
      where.push('d.location_id IS NULL');
    }
    if (query.deviceType !== undefined) {
      where.push('d.device_type_name IS ?');
      params.push(query.deviceType);
    }
    if (query.firmware !== undefined) {
      where.push('d.firmware_version_name IS ?');
      params.push(query.firmware);
    }
    const filtered = arms.length > 0 || onDevice;
    return { from, where, params, order, id, filtered };
  }

  return {
    window(query, fetchedAt) {
      const { from, where, params, order, id, filtered } = selection(query);
      const sqlWhere = where.length > 0 ? where.join(' AND ') : '1';
      // A match list is counted to MATCH_COUNT_CAP and no further: no window lies past it
      // (an offset of 900,000 in a search stepped over every match, 530 ms at 1M devices).
      const beyond = filtered && query.offset > MATCH_COUNT_CAP;
      // The whole list or the inventory: the window's first row found by block counts.
      const start = filtered ? null : blocks.start(query.view, query.offset);
      const rows = beyond
        ? []
        : start
          ? (prepared(
              `SELECT j.json FROM ${from} JOIN device_json j ON j.id = ${id} WHERE ${sqlWhere} AND d.id >= ? ORDER BY ${order} LIMIT ? OFFSET ?`,
            ).all(...params, start.fromId, query.limit, start.skip) as { json: string }[])
          : (prepared(
              `SELECT j.json FROM ${from} JOIN device_json j ON j.id = ${id} WHERE ${sqlWhere} ORDER BY ${order} LIMIT ? OFFSET ?`,
            ).all(...params, query.limit, query.offset) as { json: string }[]);
      // Kept by triggers (schema.ts): counting a cold million-row index took 160–330 ms.
      const counts = prepared('SELECT total, uninstalled FROM device_counts').get() as {
        total: number;
        uninstalled: number;
      };
      const total = query.view === 'uninstalled' ? counts.uninstalled : counts.total;
      // A first window that is not full already holds every match: no need to count them.
      const complete = query.offset === 0 && rows.length < query.limit;
      const matched = !filtered
        ? total
        : complete
          ? rows.length
          : (
              prepared(
                `SELECT count(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${sqlWhere} LIMIT ${MATCH_COUNT_CAP + 1})`,
              ).get(...params) as { n: number }
            ).n;
      return {
        offset: query.offset,
        rows: rows.map((r) => JSON.parse(r.json) as Device),
        matched: Math.min(matched, filtered ? MATCH_COUNT_CAP : matched),
        matchedCapped: filtered && matched > MATCH_COUNT_CAP,
        total,
        fetchedAt,
      };
    },
    // The choices are those of every device, whatever the view: a type with no uninstalled
    // device left simply shows "0 devices", and the skip scan needs no table lookups.
    facets() {
      return remember('facets', () => {
        const distinct = (column: string) =>
          (prepared(distinctSql(column)).all() as { v: string }[]).map((r) => r.v);
        return {
          types: distinct('device_type_name'),
          firmwares: distinct('firmware_version_name'),
        };
      });
    },
    invalidate: () => remembered.clear(),
  };
}
