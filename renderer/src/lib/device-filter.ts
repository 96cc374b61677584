/** Search and filters for the inventory views; pure so 100,000 devices can be tested fast. */
import type { Device } from '../../../electron/contract';
import { devicesContaining, searchIndexOf } from './search-index';

export interface DeviceFilter {
  query: string;
  type: string;
  firmware: string;
}

export const EMPTY_FILTER: DeviceFilter = { query: '', type: '', firmware: '' };

interface Search {
  type: string;
  firmware: string;
  query: string;
  matches: number[];
  shown: readonly Device[];
}

/**
 * Recent searches over the current list. Typing more letters narrows the matches of the
 * longest earlier search it extends, and Backspace returns to an earlier search at once:
 * a full rescan of 100,000 devices on every Backspace was the slowest keystroke.
 */
let recent: { devices: readonly Device[]; searches: Search[] } | null = null;
const RECENT_MAX = 12;

export const filterDevices = (
  devices: readonly Device[],
  filter: DeviceFilter,
): readonly Device[] => {
  const query = normalised(filter.query);
  if (query === '' && !filter.type && !filter.firmware) return devices;
  if (recent?.devices !== devices) recent = { devices, searches: [] };
  const searches = recent.searches;
  let narrowed: Search | null = null;
  for (const s of searches) {
    if (s.type !== filter.type || s.firmware !== filter.firmware) continue;
    if (s.query === query) return s.shown;
    // A query that only grew can only match a subset of what the shorter one matched.
    if (query.startsWith(s.query) && (!narrowed || s.query.length > narrowed.query.length))
      narrowed = s;
  }
  const found = search(devices, { ...filter, query }, narrowed?.matches ?? null);
  searches.push({ type: filter.type, firmware: filter.firmware, query, ...found });
  if (searches.length > RECENT_MAX) searches.shift();
  return found.shown;
};

const normalised = (query: string): string => query.trim().toLowerCase();

/** One search over the list; `earlier` are the matches of a search this one extends. */
function search(
  devices: readonly Device[],
  filter: DeviceFilter,
  earlier: number[] | null,
): { matches: number[]; shown: readonly Device[] } {
  const words = filter.query.split(/\s+/).filter(Boolean);
  // Checking tens of thousands of earlier matches one by one is slower than letting the
  // index find the new ones (the second key after a common first one).
  const narrowing =
    earlier !== null && (words.length === 0 || earlier.length <= devices.length / 8);
  const index = words.length > 0 ? searchIndexOf(devices) : null;
  const texts = index?.texts ?? [];
  // Without an earlier search to narrow, the longest word finds the candidates by jumping
  // from match to match through the joined text (search-index.ts); they need not be
  // checked for that word again.
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  const candidates = narrowing ? earlier : index ? devicesContaining(index, longest) : null;
  const toCheck = narrowing || !index ? words : withoutOne(words, longest);
  const needsCheck = Boolean(filter.type || filter.firmware || toCheck.length > 0);
  const matches =
    candidates && !needsCheck
      ? candidates
      : keep(candidates ?? devices.length, (i) => {
          const d = devices[i]!;
          if (filter.type && d.device_type_name !== filter.type) return false;
          if (filter.firmware && d.firmware_version_name !== filter.firmware) return false;
          return toCheck.length === 0 || containsAll(texts[i]!, toCheck);
        });
  return { matches, shown: matches.map((i) => devices[i]!) };
}

/**
 * Builds a list's search index while the technician is still reading, and runs each kind of
 * search on it once: the first keys of a session otherwise run on code V8 has not compiled
 * yet, which made them the slowest (20–30 ms against 5 ms warm, `npm run bench`). The
 * results are thrown away; nothing is remembered as a recent search.
 */
export const prepareSearch = (devices: readonly Device[]): void => {
  if (devices.length === 0 || prepared.has(devices)) return;
  prepared.add(devices);
  const idle = globalThis.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 50));
  idle(() => {
    searchIndexOf(devices);
    const one = search(devices, { ...EMPTY_FILTER, query: 'e' }, null);
    search(devices, { ...EMPTY_FILTER, query: 'e0' }, one.matches);
    search(devices, { ...EMPTY_FILTER, query: 'e0 1' }, null);
  });
};
const prepared = new WeakSet<readonly Device[]>();

/** The indexes (of `from`, or of 0…from−1) that pass `test`. */
const keep = (from: readonly number[] | number, test: (i: number) => boolean): number[] => {
  const kept: number[] = [];
  if (typeof from === 'number') {
    for (let i = 0; i < from; i++) if (test(i)) kept.push(i);
  } else {
    for (const i of from) if (test(i)) kept.push(i);
  }
  return kept;
};

const withoutOne = (words: string[], word: string): string[] => {
  const at = words.indexOf(word);
  return at === -1 ? words : [...words.slice(0, at), ...words.slice(at + 1)];
};

// A plain loop: this runs up to 100,000 times per keystroke.
const containsAll = (text: string, words: string[]): boolean => {
  for (const w of words) if (!text.includes(w)) return false;
  return true;
};

/** Sorted distinct non-empty values of one field, for a filter's options. */
export const distinctValues = (
  devices: readonly Device[],
  field: 'device_type_name' | 'firmware_version_name',
): string[] => {
  const seen = new Set<string>();
  for (const d of devices) {
    const v = d[field];
    if (v) seen.add(v);
  }
  return [...seen].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
};
