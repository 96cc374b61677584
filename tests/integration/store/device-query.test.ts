/**
 * The inventory's windows and counts in a real cache.db (device-query.ts): each view, search,
 * serial as typed and filter gives the rows and the count a technician expects — the view is
 * kept inside the search index, so an install or uninstall must move a device between the
 * views' search results at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../electron/common/logger';
import type { Device } from '../../../electron/core/api/wire';
import { openAccountStore, type AccountStore } from '../../../electron/core/store/account-store';
import { memoryRecordKey } from '../../helpers/record-key';
import { MATCH_COUNT_CAP } from '../../../electron/core/store/device-query';

const log: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const MUNICH = { id: 'loc_muc', name: 'Südhaus München' };
const NOW = '2026-11-23T08:00:00.000Z';

let dir: string;
let store: AccountStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fi-device-query-'));
  store = openAccountStore(join(dir, 'scope'), log, { recordKey: memoryRecordKey() });
  await store.checked;
});

afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const device = (n: number, extra: Partial<Device> = {}): Device => ({
  serial_number: `FTC-${String(n).padStart(8, '0')}`,
  device_type_name: n % 2 === 0 ? 'Door Counter DC-200' : 'Overhead OC-10',
  firmware_version_name: n % 3 === 0 ? '2.1.0' : '1.9.4',
  location: null,
  ...extra,
});

const put = (devices: Device[]) =>
  store.cache.db.transaction(() => {
    for (const d of devices) store.cache.devices.put(d, NOW);
  })();

const window = (query: Partial<Parameters<AccountStore['cache']['queries']['window']>[0]>) => {
  store.cache.queries.invalidate();
  return store.cache.queries.window({ view: 'all', offset: 0, limit: 50, ...query }, NOW);
};
const serials = (w: { rows: Device[] }) => w.rows.map((d) => d.serial_number);

describe('device windows and counts', () => {
  beforeEach(() => {
    // 1–20 in Munich (installed), 21–40 not installed.
    put([
      ...Array.from({ length: 20 }, (_, i) => device(i + 1, { location: MUNICH })),
      ...Array.from({ length: 20 }, (_, i) => device(i + 21)),
    ]);
  });

  it('counts each view from the kept totals when nothing narrows it', () => {
    expect(window({ view: 'all' })).toMatchObject({ total: 40, matched: 40 });
    const inventory = window({ view: 'uninstalled' });
    expect(inventory).toMatchObject({ total: 20, matched: 20 });
    expect(inventory.rows.every((d) => d.location === null)).toBe(true);
  });

  it("searches within the view: the store's city finds installed devices only in All devices", () => {
    const all = window({ view: 'all', q: 'munchen' });
    expect(all.matched).toBe(20);
    expect(all.rows.every((d) => d.location?.id === MUNICH.id)).toBe(true);
    expect(window({ view: 'uninstalled', q: 'munchen' })).toMatchObject({ matched: 0, rows: [] });
    // A fragment of a serial: one installed, one not.
    expect(serials(window({ view: 'all', q: '0000002' }))).toEqual([
      'FTC-00000002',
      'FTC-00000020',
      'FTC-00000021',
      'FTC-00000022',
      'FTC-00000023',
      'FTC-00000024',
      'FTC-00000025',
      'FTC-00000026',
      'FTC-00000027',
      'FTC-00000028',
      'FTC-00000029',
    ]);
    expect(serials(window({ view: 'uninstalled', q: '0000002' }))).toEqual(
      Array.from({ length: 9 }, (_, i) => `FTC-000000${21 + i}`),
    );
  });

  it('intersects a search with the type and firmware filters, and counts the result', () => {
    const w = window({ view: 'uninstalled', q: 'ftc', deviceType: 'Door Counter DC-200' });
    expect(w.matched).toBe(10);
    expect(w.rows.every((d) => d.device_type_name === 'Door Counter DC-200' && !d.location)).toBe(
      true,
    );
    const both = window({ view: 'all', q: 'munchen', firmware: '2.1.0' });
    expect(serials(both)).toEqual([
      'FTC-00000003',
      'FTC-00000006',
      'FTC-00000009',
      'FTC-00000012',
      'FTC-00000015',
      'FTC-00000018',
    ]);
    expect(both.matched).toBe(6);
  });

  it('counts a window that is not the first, or is full, by the matches themselves', () => {
    const second = window({ view: 'uninstalled', q: 'ftc', offset: 5, limit: 5 });
    expect(second).toMatchObject({ offset: 5, matched: 20, matchedCapped: false });
    expect(serials(second)).toEqual(Array.from({ length: 5 }, (_, i) => `FTC-000000${26 + i}`));
  });

  // Decision record 33: a vendor's serials all start the same ("FTC-"), so its first characters tell
  // nothing; people read a label's last ones.
  it('answers one or two characters from the end of the serial, within the view', () => {
    expect(serials(window({ view: 'all', q: '21' }))).toEqual(['FTC-00000021']);
    expect(serials(window({ view: 'all', q: '1' }))).toEqual([
      'FTC-00000001',
      'FTC-00000011',
      'FTC-00000021',
      'FTC-00000031',
    ]);
    expect(window({ view: 'uninstalled', q: '1' })).toMatchObject({ matched: 2 });
    expect(window({ view: 'all', q: 'ft' })).toMatchObject({ matched: 0, rows: [] });
  });

  it('finds a serial typed without its dash, with spaces, or by its last characters', () => {
    put([
      device(50, { serial_number: 'FTC-2B5H97J8' }),
      device(51, { serial_number: 'FTC-7M4P-97K9', location: MUNICH }),
    ]);
    for (const q of ['FTC2B5H97J8', 'ftc 2b5h97j8', 'FTC 2B5H 97J8', '2b5h97j8', 'C2B5', '7J8'])
      expect(serials(window({ view: 'all', q })), q).toEqual(['FTC-2B5H97J8']);
    // Across a separator in the middle; the installed one only in All devices.
    expect(serials(window({ view: 'all', q: 'P97K9' }))).toEqual(['FTC-7M4P-97K9']);
    expect(window({ view: 'uninstalled', q: 'P97K9' }).rows).toEqual([]);
    expect(serials(window({ view: 'uninstalled', q: 'C2B5' }))).toEqual(['FTC-2B5H97J8']);
    // Words still match anywhere, each on its own: a store and a serial's end.
    expect(serials(window({ view: 'all', q: 'munchen 97k9' }))).toEqual(['FTC-7M4P-97K9']);
  });

  it("moves a device between the views' search results when it is installed or uninstalled", () => {
    const serial = 'FTC-00000021';
    expect(serials(window({ view: 'uninstalled', q: '00000021' }))).toEqual([serial]);
    put([device(21, { location: MUNICH })]);
    expect(window({ view: 'uninstalled', q: '00000021' }).rows).toEqual([]);
    expect(serials(window({ view: 'all', q: 'munchen 00000021' }))).toEqual([serial]);
    put([device(21)]);
    expect(serials(window({ view: 'uninstalled', q: '00000021' }))).toEqual([serial]);
    expect(window({ view: 'all', q: 'munchen 00000021' }).rows).toEqual([]);
  });

  it('indexes a downloaded page written as one batch (search index last) as it lists it', () => {
    const berlin = { id: 'loc_ber', name: 'Kaufhaus Berlin' };
    // The page repeats device 41 (first not installed, then in Berlin) and renames device 21,
    // which was indexed before: what is searchable is the page's last word on each device.
    store.cache.db.transaction(() =>
      store.cache.devices.putAll(
        [
          device(41),
          device(21, { name: 'Eingang Nord' }),
          device(41, { location: berlin }),
          device(42),
        ],
        NOW,
        7,
      ),
    )();
    expect(serials(window({ view: 'all', q: 'berlin' }))).toEqual(['FTC-00000041']);
    expect(window({ view: 'uninstalled', q: '00000041' }).rows).toEqual([]);
    expect(serials(window({ view: 'uninstalled', q: 'eingang' }))).toEqual(['FTC-00000021']);
    expect(window({ view: 'all' })).toMatchObject({ total: 42 });
    expect(window({ view: 'uninstalled' })).toMatchObject({ total: 21 });
    // Outside a transaction a batch is still all or nothing: a device without its serial
    // (rejected by the NOT NULL column) leaves the devices before it unwritten too.
    const broken = { ...device(43), serial_number: null } as unknown as Device;
    expect(() => store.cache.devices.putAll([device(44), broken], NOW)).toThrow();
    expect(window({ view: 'all', q: '00000044' }).rows).toEqual([]);

    // Devices the page listed stay; the ones it did not are removed from rows and index alike.
    expect(store.cache.devices.countSeen(7)).toBe(3);
    store.cache.db.exec('UPDATE devices SET seen_pass = 6 WHERE seen_pass IS NULL');
    // The same a stretch of row ids at a time (as a sync at a million devices does it).
    const { devices } = store.cache;
    const stretches = Array.from({ length: Math.ceil((devices.lastId() + 1) / 10) }, (_, i) => [
      i * 10,
      i * 10 + 10,
    ]);
    expect(stretches.reduce((n, [from, to]) => n + devices.countSeenIn(7, from!, to!), 0)).toBe(3);
    const gone = stretches.flatMap(([from, to]) => devices.unseenIn(7, from!, to!));
    expect(gone).toHaveLength(39);
    devices.removeRows(gone.slice(0, 20));
    expect(store.cache.devices.removeUnseen(7)).toBe(19);
    expect(window({ view: 'all' })).toMatchObject({ total: 3 });
    expect(window({ view: 'all', q: 'munchen' }).rows).toEqual([]);
    expect(serials(window({ view: 'all', q: 'ftc' }))).toEqual([
      'FTC-00000021',
      'FTC-00000041',
      'FTC-00000042',
    ]);
    expect(window({ view: 'all', q: 'ftc00000001' }).rows).toEqual([]);
    // FTS5's own check: every index entry belongs to a row it was written for.
    for (const table of ['devices_search', 'serial_search'])
      expect(() =>
        store.cache.db.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('integrity-check', 0)`),
      ).not.toThrow();
  });
});

it('stops counting matches at the cap and says so', () => {
  put(Array.from({ length: MATCH_COUNT_CAP + 20 }, (_, i) => device(i + 1)));
  const w = window({ view: 'uninstalled', q: 'ftc' });
  expect(w).toMatchObject({ matched: MATCH_COUNT_CAP, matchedCapped: true });
  expect(w.rows).toHaveLength(50);
});

it('a device whose location has an empty id (a zero value an earlier version kept) is inventory', () => {
  // Written as JSON parsed from an older cache: the schema would refuse it on the way in.
  const zero = { id: '', name: '' } as unknown as Device['location'];
  put([device(1, { location: zero }), device(2, { location: MUNICH }), device(3)]);
  const out = window({ view: 'uninstalled' });
  expect(out.total).toBe(2);
  expect(serials(out)).toEqual(['FTC-00000001', 'FTC-00000003']);
  expect(store.cache.devices.get('FTC-00000001')?.device.location).toBeNull();
  expect(window({ view: 'uninstalled', q: 'FTC-00000001' }).matched).toBe(1);
});
