/**
 * The two databases of one account scope (see db/schema.ts): cache.db, what the server said,
 * and work.db, the technician's queued intents and activity. Opening never fails on damage:
 * a damaged cache is dropped and downloaded again; a damaged work.db is moved aside and
 * reported with what it may have held — at open (its header, its WAL, SQLite's quick_check)
 * and whenever a later read of it meets damage (damage-guard.ts).
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ensurePrivateDir } from '../../common/private-dir';
import type { ActivityFact, StorageHealth } from '../../shared';
import type { Logger } from '../../common/logger';
import { openDatabase, quickCheck, type Db } from '../db/open-database';
import { CACHE_MIGRATIONS, WORK_MIGRATIONS } from '../db/schema';
import { damageError, isDamage } from '../db/storage-error';
import { AppError } from '../app-error';
import { activityRows, type ActivityRows } from './activity-rows';
import { auditRows, type AuditRows } from './audit-rows';
import { chainEarlierVisits } from '../record/chain-earlier';
import { sealEarlierVisits } from '../record/seal';
import type { RecordKey } from '../credentials/record-key';
import { photoRows, type PhotoRows } from './photo-rows';
import { pickListRows, type PickListRows } from './pick-list-rows';
import { quickCheckInBackground } from './background-check';
import { deviceBlocks, fillDeviceBlocks } from './device-blocks';
import { walLostCommits } from './wal-check';
import { checkpoints, type Checkpoints } from './checkpoints';
import { listMarks, type ListMarks } from './list-marks';
import { listPages, type ListPages } from './list-pages';
import { damagedCopies, heldBy, moveAside, recordHeld } from './damaged-file';
import { guardRows } from './damage-guard';
import { deviceQueries, type DeviceQueries } from './device-query';
import { deviceRows, type DeviceRows } from './device-rows';
import { intentRows, type IntentRows } from './intent-rows';
import { serialLookup, type SerialLookup } from './serial-lookup';
import {
  locationRows,
  organizationRows,
  trafficRows,
  type LocationRows,
  type OrganizationRows,
  type TrafficRows,
} from './location-rows';

export interface CacheStore {
  db: Db;
  devices: DeviceRows;
  queries: DeviceQueries;
  serials: SerialLookup;
  locations: LocationRows;
  organizations: OrganizationRows;
  traffic: TrafficRows;
  checkpoints: Checkpoints;
  /** Validators of stored list pages (conditional requests). */
  pages: ListPages;
  /** Where refreshes of what changed start, and whether the server honours them. */
  marks: ListMarks;
}

export interface WorkStore {
  /** The database open now (a new one after a damaged one was moved aside). */
  readonly db: Db;
  intents: IntentRows;
  activity: ActivityRows;
  photos: PhotoRows;
  pickList: PickListRows;
  audits: AuditRows;
}

export interface AccountStore {
  readonly dir: string;
  /** Replaced when a damaged cache is rebuilt: read it through this getter every time. */
  readonly cache: CacheStore;
  /** Its rows always reach the work.db open now, and report damage they meet. */
  readonly work: WorkStore;
  health(): Omit<StorageHealth, 'imported' | 'settingsDamage'>;
  /** Drops the cached server data (damaged, or on request); the next sync downloads it again. */
  rebuildCache(reason: string): void;
  /**
   * The integrity check of cache.db at open; true when it rebuilt the cache. Downloads wait
   * for it, so nothing is written into a damaged file. A big file's check is deferred
   * (see DEFERRED_CHECK_BYTES) and this resolves at once for it.
   */
  readonly checked: Promise<boolean>;
  /**
   * Checks cache.db off the main thread and rebuilds it when damaged (at open, and when damage
   * was met during work); true when it was rebuilt, so the caller downloads the lists again.
   */
  checkCache(): Promise<boolean>;
  close(): void;
}

/** cache.db files larger than this are checked a while after open, not at once. */
const DEFERRED_CHECK_BYTES = 64 * 1024 * 1024;
const DEFERRED_CHECK_MS = 60_000;

const removeDatabase = (path: string) => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
};

function openCache(path: string): CacheStore {
  // Rebuildable from the server: a commit need not wait for the disk (one fsync less per action).
  const db = openDatabase(path, { migrations: CACHE_MIGRATIONS, durability: 'normal' });
  const blocks = deviceBlocks(db);
  void fillDeviceBlocks(blocks, db);
  return {
    db,
    devices: deviceRows(db),
    queries: deviceQueries(db, blocks),
    serials: serialLookup(db),
    locations: locationRows(db),
    organizations: organizationRows(db),
    traffic: trafficRows(db),
    checkpoints: checkpoints(db),
    pages: listPages(db),
    marks: listMarks(db),
  };
}

/** What the owner hears from an open store. */
interface AccountStoreEvents {
  /** A deferred integrity check rebuilt the cache: the owner downloads the lists again. */
  onCacheRebuilt?: () => void;
  /** A read met damage in work.db: it was moved aside and a new, empty one opened. */
  onWorkReplaced?: () => void;
}

/** How an account store is opened: its record's key, and what its visits are for. */
export interface AccountStoreOptions {
  /** The installation's secret the record is keyed with (credentials/record-key.ts). */
  recordKey: RecordKey;
  /** The organization of this scope, named in each new visit's first entry. */
  organization?: { id: string; name: string } | null;
  /**
   * How many intents work.db held when last counted, kept outside it (app.db) so a work.db
   * destroyed beyond reading can still be reported with what it held.
   */
  queuedHint?: () => number | null;
  events?: AccountStoreEvents;
}

/** The answer of an operation that met a damaged work.db (the storage notice says the rest). */
const outboxDamaged = (cause: unknown): AppError =>
  new AppError(
    {
      kind: 'storage',
      code: 'outbox_damaged',
    },
    { cause },
  );

function openWork(
  path: string,
  options: AccountStoreOptions,
  log: Logger,
  expectData = false,
): WorkStore {
  // Before SQLite opens it: at open it drops WAL frames it cannot read without a word, and
  // rebuilds the -shm that says which commits they held.
  let walLost = false;
  try {
    walLost = walLostCommits(path);
  } catch {
    // The old files cannot be read: SQLite's own open says what is wrong, if anything.
  }
  if (walLost) {
    throw Object.assign(damageError('work.db-wal cannot give back commits its index names'), {
      walLost: true,
    });
  }
  const db = openDatabase(path, { migrations: WORK_MIGRATIONS, expectData });
  // work.db is small (only what is unsent plus a capped log): checking it at open is cheap.
  let problems: string[];
  try {
    problems = quickCheck(db);
  } catch (error) {
    db.close();
    throw error;
  }
  if (problems.length > 0) {
    db.close();
    throw damageError(`work.db failed its check: ${problems.join('; ')}`);
  }
  const work = {
    db,
    intents: intentRows(db),
    activity: activityRows(db, {
      secret: options.recordKey.secret,
      organization: options.organization ?? null,
    }),
    photos: photoRows(db),
    pickList: pickListRows(db),
    audits: auditRows(db),
  };
  try {
    chainEarlierVisits(db, work.activity, work.photos);
    // Once per scope (the keychain remembers): its records from before keys are sealed.
    const scope = basename(dirname(path));
    if (!options.recordKey.sealed(scope)) {
      sealEarlierVisits(db, options.recordKey.secret);
      options.recordKey.markSealed(scope).catch((error: unknown) => {
        log.warn('the keychain could not note the sealed records', { error: String(error) });
      });
    }
  } catch (error) {
    db.close();
    throw error;
  }
  return work;
}

// eslint-disable-next-line max-lines-per-function -- the two databases opened with their damage handling in the order it must run
export function openAccountStore(
  dir: string,
  log: Logger,
  options: AccountStoreOptions,
): AccountStore {
  const queuedHint = options.queuedHint ?? (() => null);
  const events = options.events ?? {};
  // The accounts folder above holds every scope's folder.
  ensurePrivateDir(dirname(dir));
  ensurePrivateDir(dir);
  const cachePath = join(dir, 'cache.db');
  const workPath = join(dir, 'work.db');
  let cacheRebuilt = false;

  let cache: CacheStore;
  try {
    cache = openCache(cachePath);
  } catch (error) {
    // Damage, or a file from a newer app version: either way the server has the data.
    if (!isDamage(error) && !String(error).includes('newer version')) throw error;
    log.warn('cache database was unreadable; dropping it to download again', {
      error: String(error),
    });
    removeDatabase(cachePath);
    cache = openCache(cachePath);
    cacheRebuilt = true;
  }

  /** Moves a damaged work.db aside with what it held, and says so in the log. */
  const setAside = (error: unknown): string => {
    const aside = moveAside(workPath);
    recordHeld(aside, queuedHint(), (error as { walLost?: boolean }).walLost === true);
    log.error('queue database was unreadable; moved aside', {
      keptAt: aside,
      error: String(error),
    });
    return aside;
  };

  let live: WorkStore;
  let setAsideNow: string | null = null;
  try {
    try {
      // A hint of queued actions means the file held them: one with no tables lost them.
      live = openWork(workPath, options, log, (queuedHint() ?? 0) > 0);
    } catch (error) {
      if (!isDamage(error)) throw error;
      setAsideNow = setAside(error);
      live = openWork(workPath, options, log);
    }
  } catch (error) {
    // Not opened (a full or read-only disk): the caller tries again later, so the cache's
    // connection is not left open behind it.
    cache.db.close();
    throw error;
  }
  /** The damaged copies kept beside work.db (until someone removes them), and what they held. */
  const countDamage = () => {
    const copies = damagedCopies(workPath);
    const last = copies.at(-1);
    return last
      ? { unreadable: copies.reduce((n, copy) => n + heldBy(copy), 0), keptAt: last }
      : null;
  };
  /** The Activity log of the new work.db says what happened to the old one. */
  const noteDamage = (keptAt: string) => {
    const fact: ActivityFact = { kind: 'outbox_damaged', unreadable: heldBy(keptAt), keptAt };
    try {
      live.activity.add({
        action: 'storage',
        serial: null,
        locationId: null,
        locationName: null,
        result: 'failed',
        fact,
      });
    } catch (error) {
      log.warn('could not note the damaged queue in the activity log', { error: String(error) });
    }
  };
  if (setAsideNow !== null) noteDamage(setAsideNow);
  let outboxDamage = countDamage();

  /**
   * A read met damage during work: the file is moved aside and a new one opened (after the
   * transaction in progress, if any, has rolled back), the owner tells the renderer, and the
   * operation that met it answers `outbox_damaged`.
   */
  let replacing = false;
  let closed = false;
  /** A replacement waiting for the transaction that met the damage to roll back. */
  let pending: { cause: unknown; timer: NodeJS.Immediate } | null = null;
  const replaceWork = (cause: unknown) => {
    if (pending) clearImmediate(pending.timer);
    pending = null;
    if (replacing || closed) return;
    replacing = true;
    try {
      try {
        live.db.close();
      } catch {
        // Closed already, or it cannot be: the file is moved aside all the same.
      }
      const aside = setAside(cause);
      live = openWork(workPath, options, log);
      noteDamage(aside);
      outboxDamage = countDamage();
      events.onWorkReplaced?.();
    } catch (error) {
      log.error('the damaged queue database could not be replaced', { error: String(error) });
    } finally {
      replacing = false;
    }
  };
  const onDamage = (cause: unknown): never => {
    // Inside a transaction the connection cannot close yet: after it has rolled back, or at
    // the next damaged read outside one, whichever comes first.
    if (live.db.open && live.db.inTransaction)
      pending ??= { cause, timer: setImmediate(() => replaceWork(cause)) };
    else replaceWork(cause);
    throw outboxDamaged(cause);
  };
  /**
   * The work.db open now. A replacement waiting for a transaction is done before anything else
   * reads (a read elsewhere in the file may well succeed and say nothing); a replacement that
   * could not open the new file then (a full disk) is tried again, and that failure is the
   * caller's answer.
   */
  const current = (): WorkStore => {
    if (pending && !(live.db.open && live.db.inTransaction)) replaceWork(pending.cause);
    if (!live.db.open && !closed) live = openWork(workPath, options, log);
    return live;
  };
  const work: WorkStore = {
    get db() {
      return current().db;
    },
    intents: guardRows(() => current().intents, onDamage),
    activity: guardRows(() => current().activity, onDamage),
    photos: guardRows(() => current().photos, onDamage),
    pickList: guardRows(() => current().pickList, onDamage),
    audits: guardRows(() => current().audits, onDamage),
  };
  const requeued = work.intents.requeueInterrupted();
  if (requeued > 0) log.info('intents interrupted mid-send are queued again', { count: requeued });

  let checking: Promise<boolean> | null = null;
  const store: AccountStore = {
    dir,
    get cache() {
      return cache;
    },
    work,
    health: () => ({ outboxDamage, cacheRebuilt }),
    rebuildCache(reason) {
      log.warn('rebuilding the cache database', { reason });
      cache.db.close();
      try {
        removeDatabase(cachePath);
        cache = openCache(cachePath);
      } catch (error) {
        // Not removed (a file another program holds, a read-only disk) or not created again:
        // the old file is read on as it is. A closed connection left in its place would make
        // every read of the cache fail as "internal" until a restart.
        try {
          cache = openCache(cachePath);
        } catch (reopen) {
          log.error('the cache database could not be opened again', { error: String(reopen) });
        }
        throw error;
      }
      cacheRebuilt = true;
    },
    checked: Promise.resolve(false),
    checkCache: () => {
      checking ??= quickCheckInBackground(cachePath)
        .then((problems) => {
          if (!problems || problems.length === 0 || !cache.db.open) return false;
          store.rebuildCache(problems.join('; '));
          return true;
        })
        // Never rejects: callers start it with `void`, and close() waits for it. The damage is
        // met again by a later read, which checks again.
        .catch((error: unknown) => {
          log.error('the damaged cache database could not be rebuilt', { error: String(error) });
          return false;
        })
        .finally(() => (checking = null));
      return checking;
    },
    close() {
      closed = true;
      if (pending) clearImmediate(pending.timer);
      clearTimeout(deferred);
      cache.db.close();
      live.db.close();
    },
  };
  // A garbled page deep inside a big file is only found by reading it all: off the main thread,
  // and for a big file not while the technician's first searches run (it reads every page).
  const big = existsSync(cachePath) && statSync(cachePath).size > DEFERRED_CHECK_BYTES;
  const deferred = big
    ? setTimeout(
        () => void store.checkCache().then((rebuilt) => rebuilt && events.onCacheRebuilt?.()),
        DEFERRED_CHECK_MS,
      )
    : undefined;
  deferred?.unref();
  Object.defineProperty(store, 'checked', {
    value: big ? Promise.resolve(false) : store.checkCache(),
  });
  return store;
}
