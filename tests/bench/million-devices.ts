/**
 * A data dir whose signed-in account has 1,000,000 devices downloaded, built without paging a
 * million devices over HTTP (minutes): the real core signs in once against a small sandbox
 * (so the session, the key in the keychain and the account scope are the app's own), is
 * closed, and the scope's cache.db is then filled with the project's own store code
 * (openAccountStore → deviceRows.putAll in pages of 500 as the sync stores them, one
 * transaction) plus a completed 'devices' checkpoint, so the app treats the list as downloaded. The sandbox is stopped before anything is
 * measured: the figures that use this are offline.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileLogger } from '../../electron/common/redacting-logger';
import type { Device, Location } from '../../electron/core/api/records';
import { keyFingerprint, scopeDir } from '../../electron/core/db/account-scope';
import { createCore } from '../../electron/core/create-core';
import {
  createKeychainCredentials,
  keychainServiceFromEnv,
} from '../../electron/core/credentials/keychain';
import { openAccountStore } from '../../electron/core/store/account-store';
import { memoryRecordKey } from '../helpers/record-key';
import { startSandbox } from '../../electron/sandbox';

const MILLION = 1_000_000;

export interface MillionDataDir {
  /** Browser mode's --data-dir; the key is in the keychain service cli.ts reads (keychainServiceFromEnv). */
  dataDir: string;
  devices: number;
  uninstalled: number;
  /** Time to write the devices (one transaction), for the report. */
  buildMs: number;
  cacheMb: number;
  /** Serials of devices installed in a München store, and of uninstalled ones. */
  munichSerials: string[];
  uninstalledSerials: string[];
  /** Store ids in the cache (installs target them). */
  locationIds: string[];
  remove(): Promise<void>;
}

const SERIAL_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TYPES = [
  { name: 'Door Counter DC-200', board: 'DC2', firmware: ['2.4.1', '2.5.0', '2.5.3'] },
  { name: 'Overhead 3D Sensor', board: 'O3D', firmware: ['4.0.7', '4.1.2'] },
  { name: 'Thermal Counter T5', board: 'TH5', firmware: ['1.9.8', '1.10.0', '1.10.2'] },
] as const;
const LABELS = ['Main entrance', 'Side door', 'Entrance left', 'Entrance right', 'Mall gate'];
/** Stores added beside the sandbox's own, so accented city names are certainly present. */
const EXTRA_STORES = [
  { city: 'München', country: 'DE', line1: 'Kaufingerstraße 9' },
  { city: 'München', country: 'DE', line1: 'Leopoldstraße 82' },
  { city: 'Düsseldorf', country: 'DE', line1: 'Königsallee 60' },
  { city: 'Zürich', country: 'CH', line1: 'Bahnhofstrasse 75' },
  { city: 'Orléans', country: 'FR', line1: 'Rue de la République 12' },
  { city: 'Kraków', country: 'PL', line1: 'Floriańska 30' },
  { city: 'São Paulo', country: 'BR', line1: 'Avenida Paulista 1000' },
  { city: 'Malmö', country: 'SE', line1: 'Södergatan 3' },
] as const;

/** A small deterministic PRNG (mulberry32): the same devices every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/**
 * Signs in (Sam Becker, one organization) against a 300-device sandbox with the real core,
 * lets its first sync finish, closes it, stops the sandbox, and writes `count` devices.
 */
export async function buildMillionDataDir(count = MILLION): Promise<MillionDataDir> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fi-bench-1m-'));
  const log = createFileLogger(join(dataDir, 'logs'));
  const sbx = await startSandbox({ devices: 300 });
  let scope: string;
  try {
    const user = sbx.users.find((u) => u.organizations.length === 1);
    const orgId = user?.organizations[0]?.id;
    if (!user || !orgId) throw new Error('sandbox has no single-organization user');
    // The service browser mode (electron/web/cli.ts) reads the key from.
    const core = await createCore({
      dataDir,
      fetch: globalThis.fetch,
      credentials: createKeychainCredentials(keychainServiceFromEnv(process.env)),
      log,
    });
    try {
      const signedIn = await core.invoke('signIn', { baseUrl: sbx.baseUrl, apiKey: user.api_key });
      if (!signedIn.ok) throw new Error(`signIn: ${signedIn.error.code}`);
      const synced = await core.invoke('syncNow', {});
      if (!synced.ok) throw new Error(`syncNow: ${synced.error.code}`);
    } finally {
      await core.close();
    }
    scope = scopeDir(dataDir, {
      baseUrl: sbx.baseUrl,
      organizationId: orgId,
      keyFingerprint: keyFingerprint(sbx.baseUrl, user.api_key),
      training: false,
    });
  } finally {
    await sbx.close();
  }

  const store = openAccountStore(scope, log, { recordKey: memoryRecordKey() });
  const t0 = performance.now();
  const munichSerials: string[] = [];
  const uninstalledSerials: string[] = [];
  let uninstalled = 0;
  let locationIds: string[] = [];
  try {
    await store.checked;
    const cache = store.cache;
    const now = new Date().toISOString();
    const existing = cache.locations.list();
    if (existing.length === 0) throw new Error('the first sync stored no locations');
    const template = existing[0] as Location;
    const r = rng(20_240_601);
    // Bench-side only: a bigger page cache for the bulk write (the app's own setting returns
    // when the core opens the file again).
    cache.db.pragma('cache_size = -262144');
    cache.db.transaction(() => {
      const checkpoint = cache.checkpoints.begin('locations', now);
      const stores: Location[] = [...existing];
      EXTRA_STORES.forEach((s, i) => {
        const location: Location = {
          ...template,
          id: `loc_bench${String(i).padStart(5, '0')}`,
          name: `Alpenblick ${s.city} ${i % 2 === 0 ? 'Zentrum' : 'Arkaden'}`,
          address: { line1: s.line1, city: s.city, country: s.country, postal_code: null },
          device_count: 0,
        };
        stores.push(location);
      });
      for (const l of stores) cache.locations.put(l, now, checkpoint.pass);
      cache.checkpoints.complete(checkpoint, now);
      locationIds = stores.map((l) => l.id);

      const devices = cache.checkpoints.begin('devices', now);
      const taken = new Set<string>();
      const day = 86_400_000;
      const nowMs = Date.now();
      // Stored a page at a time, as the sync stores a downloaded page: the search index ends
      // up with the segments an account's first download gives it.
      let page: Device[] = [];
      for (let i = 0; i < count; i++) {
        const newSerial = () => {
          let s = 'FTC-';
          for (let c = 0; c < 8; c++) s += SERIAL_CHARS[r.int(SERIAL_CHARS.length)];
          return s;
        };
        let serial = newSerial();
        while (taken.has(serial)) serial = newSerial();
        taken.add(serial);
        const type = r.pick(TYPES);
        // About a third installed (brief: realistic fleet with a large warehouse inventory).
        const at = r.next() < 1 / 3 ? r.pick(stores) : null;
        const device: Device = {
          serial_number: serial,
          device_type_name: type.name,
          board_id: `${type.board}-${r.int(0xffffff).toString(16).toUpperCase().padStart(6, '0')}`,
          firmware_version_name: r.pick(type.firmware),
          last_checkin_at: at
            ? new Date(nowMs - r.int(3_600_000)).toISOString()
            : r.next() < 0.4
              ? new Date(nowMs - (2 + r.int(200)) * day).toISOString()
              : null,
          update_interval_s: r.pick([60, 300, 300, 600, 900]),
          location: at ? { id: at.id, name: at.name } : null,
          installed_at: at ? new Date(nowMs - (1 + r.int(600)) * day).toISOString() : null,
          name: at && r.next() < 0.3 ? r.pick(LABELS) : null,
        };
        page.push(device);
        if (page.length === 500 || i === count - 1) {
          cache.devices.putAll(page, now, devices.pass);
          page = [];
        }
        if (at === null) {
          uninstalled += 1;
          if (uninstalledSerials.length < 400 && r.next() < 0.01) uninstalledSerials.push(serial);
        } else if (at.name?.includes('München') && munichSerials.length < 50) {
          munichSerials.push(serial);
        }
      }
      // Devices of the small sandbox's sync are not part of the million.
      cache.devices.removeUnseen(devices.pass);
      devices.progress.firstDone = true;
      devices.progress.totalCount = count;
      devices.progress.fetched = count;
      cache.checkpoints.complete(devices, now);
    })();
    cache.queries.invalidate();
    cache.db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    store.close();
    log.close();
  }
  const buildMs = performance.now() - t0;
  const cacheMb = (await stat(join(scope, 'cache.db'))).size / 1024 / 1024;
  return {
    dataDir,
    devices: count,
    uninstalled,
    buildMs,
    cacheMb,
    munichSerials,
    uninstalledSerials,
    locationIds,
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}
