/**
 * Serials as typed, matched against the cached devices through their serial keys
 * (electron/shared/serial-key.ts, serial_search in schema.ts): the server's own spelling of a typed
 * serial, and the serials close to one that the inventory does not have ("Did you mean …").
 */
import { serialKey } from '../../shared/serial-key';
import type { Db } from '../db/open-database';
import { misreadSpellings, NEAR_EDITS, nearProbes, serialDistance } from '../db/serial-near';
import { KEY_CHARACTERS, keyEndsWith, phrase } from '../db/search-text';

export interface SerialLookup {
  /**
   * The cached device's serial for a typed one: the same spelling, else the one device whose
   * key is the same. null when none is cached — or two are (a server that looks serials up
   * case-sensitively may have "ab12" and "AB12"): the typed form is then all there is to send.
   */
  spelling(typed: string): string | null;
  /** Cached serials close to a typed one (serial-near.ts) or ending with it, closest first. */
  near(typed: string, limit: number): string[];
}

/** Pieces more devices than this share tell nothing (a vendor's prefix): they are skipped. */
const PIECE_ROWS_MAX = 2_000;

/** Every choice of one item from each list. */
const combinations = (lists: readonly string[][]): string[][] =>
  lists.reduce<string[][]>((done, list) => done.flatMap((c) => list.map((x) => [...c, x])), [[]]);

export function serialLookup(db: Db): SerialLookup {
  const exact = db.prepare<[string], { serial: string }>(
    'SELECT serial FROM devices WHERE serial = ?',
  );
  const matching = db.prepare<[string, number], { serial: string }>(
    `SELECT d.serial FROM serial_search s JOIN devices d ON d.id = s.rowid
     WHERE serial_search MATCH ? ORDER BY s.rowid LIMIT ?`,
  );
  /** `match`: an FTS5 expression over the keys. */
  const serialsWith = (match: string, limit: number): string[] =>
    matching.all(`key : (${match})`, limit).map((r) => r.serial);

  return {
    spelling(typed) {
      if (exact.get(typed)) return typed;
      const key = serialKey(typed);
      if (!KEY_CHARACTERS.test(key)) return null;
      const same = serialsWith(keyEndsWith(key, false), 50).filter((s) => serialKey(s) === key);
      if (same.length === 1) return same[0] ?? null;
      // Two spellings of one key: only the one the typed form spells, separators aside.
      const bare = (s: string) => s.replace(/[\s._-]/g, '');
      const spelt = same.filter((s) => bare(s) === bare(typed));
      return spelt.length === 1 ? (spelt[0] ?? null) : null;
    },
    near(typed, limit) {
      const key = serialKey(typed);
      if (!KEY_CHARACTERS.test(key) || key.length < 3) return [];
      const distance = new Map<string, number>();
      // Its last characters, as people read a label whose start every device shares.
      for (const serial of serialsWith(keyEndsWith(key, false), limit + 1))
        if (serialKey(serial) !== key) distance.set(serial, 0);
      for (const probe of nearProbes(key)) {
        for (const spellings of combinations(probe.map(misreadSpellings))) {
          const found = serialsWith(spellings.map(phrase).join(' AND '), PIECE_ROWS_MAX + 1);
          if (found.length > PIECE_ROWS_MAX) continue;
          for (const serial of found) {
            const other = serialKey(serial);
            if (other === key || distance.has(serial)) continue;
            const edits = serialDistance(key, other);
            if (edits <= NEAR_EDITS) distance.set(serial, edits);
          }
        }
      }
      return [...distance]
        .sort(([a, x], [b, y]) => x - y || a.localeCompare(b))
        .slice(0, limit)
        .map(([serial]) => serial);
    },
  };
}
