/**
 * Conditional list pages in a real cache.db (decision record 32, sync/list-download.ts + store/list-pages):
 * each page is asked with the validator it came with; an unchanged one (304) keeps its stored
 * rows and counts as listed by the pass, so the pass-based deletion of rows gone from the
 * server stays right when most pages cost nothing; a changed page is read again whole.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Validators } from '../../../electron/core/api/http';
import { readListAnswer, type PageRequest } from '../../../electron/core/api/list-answer';
import type { ListPage, PageAsk } from '../../../electron/core/api/vendor-api';
import type { Device } from '../../../electron/core/api/wire';
import type { Logger } from '../../../electron/common/logger';
import { openDatabase } from '../../../electron/core/db/open-database';
import { CACHE_MIGRATIONS } from '../../../electron/core/db/schema';
import { openAccountStore, type AccountStore } from '../../../electron/core/store/account-store';
import { memoryRecordKey } from '../../helpers/record-key';
import { downloadList, type ListDownload } from '../../../electron/core/sync/list-download';

const log: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const ORIGIN = 'https://api.example.com';
const PER_PAGE = 2;

let dir: string;
let store: AccountStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fi-conditional-'));
  store = openAccountStore(join(dir, 'scope'), log, { recordKey: memoryRecordKey() });
  await store.checked;
});

afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const device = (serial: string): Device => ({
  serial_number: serial,
  device_type_name: 'Door Counter DC-200',
  location: null,
});

/**
 * A server of `serials` in pages of two with an ETag per page (its serials); it answers 304
 * when asked with a page's current tag, and records what each request asked with.
 */
function server(initial: string[], { validators = true } = {}) {
  let serials = [...initial];
  const asked: { page: number; validators: Validators | null }[] = [];
  const tagOf = (items: string[]) => `"${items.join('+')}"`;
  const fetchPage = async (
    request: PageRequest | null,
    _signal: AbortSignal,
    ask?: PageAsk,
  ): Promise<ListPage<Device>> => {
    const page = request?.style === 'page' ? request.page : 1;
    asked.push({ page, validators: ask?.validators ?? null });
    const items = serials.slice((page - 1) * PER_PAGE, page * PER_PAGE);
    const etag = tagOf(items);
    const facts = { serverTime: null, updatedSince: null };
    if (validators && ask?.validators?.etag === etag)
      return {
        ...readListAnswer(
          { data: [] },
          null,
          { style: 'page', page, perPage: PER_PAGE },
          ORIGIN,
          ORIGIN,
        ),
        items: [],
        notModified: true,
        validators: { etag, lastModified: null },
        ...facts,
      };
    const body = {
      data: items.map(device),
      meta: {
        page,
        per_page: PER_PAGE,
        total_count: serials.length,
        total_pages: Math.ceil(serials.length / PER_PAGE),
      },
    };
    const read = readListAnswer(
      body,
      null,
      { style: 'page', page, perPage: PER_PAGE },
      `${ORIGIN}/v1/devices`,
      ORIGIN,
      { size: JSON.stringify(body).length },
    );
    return {
      ...read,
      items: body.data,
      notModified: false,
      validators: validators ? { etag, lastModified: null } : null,
      ...facts,
    };
  };
  return {
    fetchPage,
    asked,
    set: (next: string[]) => (serials = [...next]),
    /** The requests of the last pass (from its first page on). */
    lastPass: () => asked.slice(asked.map((a) => a.page).lastIndexOf(1)),
  };
}

const list = (fetchPage: ListDownload<Device>['fetchPage']): ListDownload<Device> => ({
  resource: 'devices',
  fetchPage,
  store: (items, pass) => store.cache.devices.putAll(items, '2026-05-04T12:00:00Z', pass),
  reconcile: (pass) => void store.cache.devices.removeUnseen(pass - 1),
  countSeen: (pass) => store.cache.devices.countSeen(pass),
  conditional: {
    idOf: (d) => d.serial_number,
    keep: (serials, pass) => store.cache.devices.confirm(serials, '2026-05-04T13:00:00Z', pass),
    stored: (serials) => store.cache.devices.countStored(serials),
  },
});

const pass = (fetchPage: ListDownload<Device>['fetchPage']) => {
  let bytes = 0;
  return downloadList(list(fetchPage), {
    checkpoints: store.cache.checkpoints,
    transaction: (run) => store.cache.db.transaction(run)(),
    signal: new AbortController().signal,
    concurrency: 2,
    pageAttempts: 1,
    onProgress: (_fetched, _total, b) => (bytes = b),
    pages: store.cache.pages,
    now: () => '2026-05-04T12:00:00Z',
    sleep: async () => undefined,
    random: () => 0.5,
  }).then(() => bytes);
};

const stored = () =>
  store.cache.db
    .prepare<[], { serial: string }>('SELECT serial FROM devices ORDER BY serial')
    .all()
    .map((r) => r.serial);

describe('conditional list pages', () => {
  it('an unchanged page costs a 304, keeps its rows and counts as listed: nothing is deleted', async () => {
    const s = server(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
    expect(await pass(s.fetchPage)).toBeGreaterThan(0);
    expect(
      s.asked.every((a) => a.validators === null),
      'the first pass has nothing to ask with',
    ).toBe(true);
    for (let i = 0; i < 2; i++)
      expect(await pass(s.fetchPage), 'bytes of an unchanged pass').toBe(0);
    // Each page asked with its own validator.
    expect(s.lastPass().map((a) => [a.page, a.validators?.etag])).toEqual([
      [1, '"A1+A2"'],
      [2, '"B1+B2"'],
      [3, '"C1+C2"'],
    ]);
    expect(stored()).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
    const { pass: current } = store.cache.checkpoints.get('devices')!;
    expect(store.cache.devices.countSeen(current)).toBe(6);
    // Confirmed rows were fetched again by the 304.
    expect(store.cache.devices.get('B1')?.fetchedAt).toBe('2026-05-04T13:00:00Z');
  });

  it('a changed page is read again; a device gone from the server goes after two passes, as before', async () => {
    const s = server(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
    await pass(s.fetchPage);
    s.set(['A1', 'A2', 'B1', 'B3', 'C1', 'C2']); // B2 gone, B3 new: page 2 changed only
    expect(await pass(s.fetchPage)).toBeGreaterThan(0);
    expect(stored(), 'listed by the pass before: kept one more pass').toContain('B2');
    expect(stored()).toContain('B3');
    await pass(s.fetchPage);
    expect(stored()).toEqual(['A1', 'A2', 'B1', 'B3', 'C1', 'C2']);
    expect(
      store.cache.pages.get('devices', JSON.stringify({ style: 'page', page: 2, perPage: 2 }))
        ?.validators.etag,
    ).toBe('"B1+B3"');
  });

  it('a server that stops sending validators is asked whole; a 304 for a row gone here is asked again', async () => {
    const s = server(['A1', 'A2', 'B1', 'B2']);
    await pass(s.fetchPage);
    // A row removed here since (e.g. a queued deletion laid over it): the page is read whole.
    store.cache.devices.remove('B2');
    await pass(s.fetchPage);
    expect(
      s
        .lastPass()
        .filter((a) => a.page === 2)
        .map((a) => a.validators?.etag ?? null),
    ).toEqual(['"B1+B2"', null]);
    expect(stored()).toEqual(['A1', 'A2', 'B1', 'B2']);

    const plain = server(['A1', 'A2', 'B1', 'B2'], { validators: false });
    await pass(plain.fetchPage);
    await pass(plain.fetchPage);
    expect(plain.lastPass().every((a) => a.validators === null)).toBe(true);
  });
});

describe('cache migration 3 (list_pages, list_marks)', () => {
  it('upgrades a version-2 cache.db (serial_search) with its devices, and pages are then asked conditionally', async () => {
    const scope = join(dir, 'from-v2');
    await mkdir(scope);
    const v2 = openDatabase(join(scope, 'cache.db'), { migrations: CACHE_MIGRATIONS.slice(0, 2) });
    // Written as version 2 wrote devices: the row, its JSON, its text and its serial key.
    for (const serial of ['A1', 'A2']) {
      const { lastInsertRowid: id } = v2
        .prepare(
          "INSERT INTO devices (serial, location_id, search_hash, fetched_at) VALUES (?, NULL, 0, '2026-01-01')",
        )
        .run(serial);
      v2.prepare('INSERT INTO device_json (id, json) VALUES (?, ?)').run(
        id,
        JSON.stringify(device(serial)),
      );
      v2.prepare("INSERT INTO devices_search (rowid, text, state) VALUES (?, ?, 'yes')").run(
        id,
        serial.toLowerCase(),
      );
      v2.prepare("INSERT INTO serial_search (rowid, key, state) VALUES (?, ?, 'yes')").run(
        id,
        `${serial.toLowerCase()}$$`,
      );
    }
    v2.close();
    store.close();
    store = openAccountStore(scope, log, { recordKey: memoryRecordKey() });
    expect(await store.checked, 'upgraded, not dropped and rebuilt').toBe(false);
    expect(store.cache.db.pragma('user_version', { simple: true })).toBe(CACHE_MIGRATIONS.length);
    expect(stored()).toEqual(['A1', 'A2']);
    expect(store.cache.devices.get('A2')?.device.serial_number).toBe('A2');

    const s = server(['A1', 'A2', 'B1']);
    expect(await pass(s.fetchPage)).toBeGreaterThan(0);
    expect(await pass(s.fetchPage), 'every page answered 304').toBe(0);
    expect(stored()).toEqual(['A1', 'A2', 'B1']);
  });
});
