/**
 * Serials as typed, matched against the cached devices through their serial keys
 * (electron/shared/serial-key.ts, serial_search in schema.ts): the server's own spelling of a typed
 * serial, and the serials close to one that the inventory does not have ("Did you mean …").
 */
import { serialKey } from '../../shared/serial-key';
import type { Db } from '../db/open-database';
import { misreadSpellings, NEAR_EDITS, nearProbes, serialDistance } from '../db/serial-near';
import {
  KEY_CHARACTERS,
  keyEndsWith,
  phrase,
  SERIAL_KEY_END,
  TRIGRAM_MIN as TRIGRAM,
} from '../db/search-text';

export interface SerialLookup {
  /**
   * The cached device's serial for a typed one: the same spelling, else the one device whose
   * key is the same. null when none is cached — or two are (a server that looks serials up
   * case-sensitively may have "ab12" and "AB12"): the typed form is then all there is to send.
   */
  spelling(typed: string): string | null;
  /**
   * Cached serials close to a typed one (serial-near.ts) or ending with it, closest first. A
   * search is dozens of index queries (a hostile key of 64 characters took 200 ms at a million
   * devices): `pause` runs between them, so the core's thread is held one query at a time.
   */
  near(typed: string, limit: number, pause?: () => Promise<void>): Promise<string[]>;
}

/**
 * A trigram of more serial keys than this is common (a vendor's prefix is in every key): an
 * index query that names one reads that many entries (10–20 ms at a million devices). Queries
 * name only rare trigrams: a piece of a key is looked for by its longest stretch of them.
 */
const COMMON_ROWS = 2_000;

/**
 * Device rows read, and weighed, between two pauses: a cold file reads each from disk, 990 of
 * them at once took 50 ms at a million devices.
 */
const ROWS_PER_STEP = 250;

/** Every choice of one item from each list. */
const combinations = (lists: readonly string[][]): string[][] =>
  lists.reduce<string[][]>((done, list) => done.flatMap((c) => list.map((x) => [...c, x])), [[]]);

// eslint-disable-next-line max-lines-per-function -- one table's prepared statements and the short methods over them, one object
export function serialLookup(db: Db): SerialLookup {
  const exact = db.prepare<[string], { serial: string }>(
    'SELECT serial FROM devices WHERE serial = ?',
  );
  const matchingIds = db.prepare<[string, number], { id: number }>(
    'SELECT rowid AS id FROM serial_search WHERE serial_search MATCH ? ORDER BY rowid LIMIT ?',
  );
  const serialsOf = db.prepare<[string], { serial: string }>(
    'SELECT serial FROM devices WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
  );
  const counting = db.prepare<[string, number], { n: number }>(
    'SELECT count(*) AS n FROM (SELECT 1 FROM serial_search WHERE serial_search MATCH ? LIMIT ?)',
  );

  // Which trigrams are rare, as found (a query reads at most COMMON_ROWS + 1 entries of one);
  // how common a trigram is changes slowly, and a wrong guess costs time, never a result.
  const rare = new Map<string, boolean>();
  const isRare = (trigram: string): boolean => {
    let known = rare.get(trigram);
    if (known === undefined) {
      known = (counting.get(`key : ${phrase(trigram)}`, COMMON_ROWS + 1)?.n ?? 0) <= COMMON_ROWS;
      if (rare.size >= 50_000) rare.clear();
      rare.set(trigram, known);
    }
    return known;
  };
  /** The longest stretch of `text` whose every trigram is rare; null when it has none. */
  const rareStretch = (text: string): string | null => {
    const chars = [...text];
    let best: string | null = null;
    let from = 0;
    for (let i = 0; i + TRIGRAM <= chars.length; i++) {
      if (!isRare(chars.slice(i, i + TRIGRAM).join(''))) {
        from = i + 1;
        continue;
      }
      if (best === null || i + TRIGRAM - from > [...best].length)
        best = chars.slice(from, i + TRIGRAM).join('');
    }
    return best;
  };

  /**
   * Ids of the cached devices whose key may end with `key`, in the list's order: all that
   * contain its rarest stretch (a stretch of rare trigrams is in at most COMMON_ROWS keys); a
   * key of common trigrams only is looked for whole, at the end of keys (`limit` at most).
   */
  const mayEndWith = (key: string, limit: number): number[] => {
    const stretch = rareStretch(`${key}${SERIAL_KEY_END}`);
    const [match, most] =
      stretch === null ? [keyEndsWith(key, false), limit] : [phrase(stretch), COMMON_ROWS + 1];
    return matchingIds.all(`key : (${match})`, most).map((r) => r.id);
  };
  /** The serials of `ids`, ROWS_PER_STEP at a time with `pause` between. */
  async function* serialsInSteps(ids: readonly number[], pause: () => Promise<void>) {
    for (let i = 0; i < ids.length; i += ROWS_PER_STEP) {
      if (i > 0) await pause();
      for (const { serial } of serialsOf.all(JSON.stringify(ids.slice(i, i + ROWS_PER_STEP))))
        yield serial;
    }
  }

  return {
    spelling(typed) {
      if (exact.get(typed)) return typed;
      const key = serialKey(typed);
      if (!KEY_CHARACTERS.test(key)) return null;
      const ids = mayEndWith(key, 50);
      const same = serialsOf
        .all(JSON.stringify(ids))
        .map((r) => r.serial)
        .filter((s) => serialKey(s) === key);
      if (same.length === 1) return same[0] ?? null;
      // Two spellings of one key: only the one the typed form spells, separators aside.
      const bare = (s: string) => s.replace(/[\s._-]/g, '');
      const spelt = same.filter((s) => bare(s) === bare(typed));
      return spelt.length === 1 ? (spelt[0] ?? null) : null;
    },
    async near(typed, limit, pause = () => Promise.resolve()) {
      const key = serialKey(typed);
      if (!KEY_CHARACTERS.test(key) || key.length < 3) return [];
      const distance = new Map<string, number>();
      // Its last characters, as people read a label whose start every device shares.
      let ending = 0;
      for await (const serial of serialsInSteps(mayEndWith(key, limit + 1), pause)) {
        const other = serialKey(serial);
        if (other === key || !other.endsWith(key)) continue;
        distance.set(serial, 0);
        if (++ending > limit) break;
      }
      const asked = new Set<string>();
      for (const probe of nearProbes(key)) {
        for (const spellings of combinations(probe.map(misreadSpellings))) {
          await pause();
          // A piece of common trigrams only narrows nothing down: the probe goes without it.
          const pieces = spellings.map(rareStretch).filter((p): p is string => p !== null);
          const match = pieces.map(phrase).join(' AND ');
          if (pieces.length === 0 || asked.has(match)) continue;
          asked.add(match);
          // The index answers ids; their rows are read a step at a time.
          const ids = matchingIds.all(`key : (${match})`, COMMON_ROWS + 1).map((r) => r.id);
          if (ids.length > COMMON_ROWS) continue;
          for await (const serial of serialsInSteps(ids, pause)) {
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
