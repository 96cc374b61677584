/**
 * First start after the move to SQLite: the previous version kept its data in JSON files in
 * the data dir (session.json, activity.json, outbox/<hash>.json, cache/). They are imported
 * once, into app.db and the work.db of each organization's scope, and retired only after every
 * import transaction has committed. A failure before that leaves every file where it was and
 * the import runs again at the next start; rows an earlier, interrupted run already committed
 * are recognised and not added twice. Nothing that was not imported is deleted: it is moved to
 * legacy-unmatched/ and logged. training/sandbox.json is still in use and is not touched.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { z } from 'zod';
import { ensurePrivateDir } from '../../common/private-dir';
import type { Logger } from '../../common/logger';
import { keyFingerprint, TRAINING_FINGERPRINT } from '../db/account-scope';
import type { AccountStore, WorkStore } from './account-store';
import type { AppStore, SessionRecord } from './app-store';
import {
  LegacyActivityEntry,
  LegacyActivityFile,
  LegacyOutboxFile,
  LegacyOutboxItem,
  LegacySessionFile,
  type LegacySession,
} from './legacy-schemas';

export interface LegacyImportResult {
  queued: number;
  activity: number;
}

const SETTING = 'legacyImport';
/** The old version's fixed scope URL for training mode (its server's port changed each start). */
const TRAINING_SCOPE_URL = 'training://sandbox';

type OldSession = LegacySession & { keyFingerprint: string };

/** What the old files hold, and what becomes of each file once the import has committed. */
interface OldData {
  found: boolean;
  record: OldSession | null;
  itemsByOrg: Map<string, LegacyOutboxItem[]>;
  activity: LegacyActivityEntry[];
  /** Deleted at the end. */
  imported: string[];
  /** Held something that was not imported: moved to legacy-unmatched/ at the end. */
  kept: { path: string; reason: KeptReason }[];
}

/**
 * Imports an earlier version's JSON files into the databases, once, then retires them.
 * `keyFor(baseUrl)` reads the stored key from the keychain (null if none) so the imported
 * session gets its key fingerprint; `openScope(record)` opens the AccountStore for a session
 * record. Returns null when there was nothing to import.
 */
export async function importLegacyFiles(options: {
  dataDir: string;
  app: AppStore;
  keyFor(baseUrl: string): Promise<string | null>;
  openScope(
    record: SessionRecord & { organizationId: string },
  ): AccountStore | Promise<AccountStore>;
  log: Logger;
}): Promise<LegacyImportResult | null> {
  const { dataDir, app, openScope, log } = options;
  if (app.setting(SETTING) !== undefined) return null;
  try {
    const old = await readOldFiles(dataDir, options.keyFor, log);
    const { record } = old;

    // One transaction per scope; every one commits before any old file is touched.
    const result: LegacyImportResult = { queued: 0, activity: 0 };
    if (record) {
      const chosen = record.organizationId;
      const activityOrg = chosen && old.activity.length > 0 ? [chosen] : [];
      for (const organizationId of new Set([...old.itemsByOrg.keys(), ...activityOrg])) {
        const store = await openScope({ ...record, organizationId });
        try {
          const counts = importInto(
            store.work,
            old.itemsByOrg.get(organizationId) ?? [],
            organizationId === chosen ? old.activity : [],
            record.keyFingerprint,
          );
          result.queued += counts.queued;
          result.activity += counts.activity;
        } finally {
          store.close();
        }
      }
      // A session the new version already has (signed in after a failed import) wins.
      if (app.session() === null) app.saveSession(record);
    }

    await retire(dataDir, old, log);
    app.saveSetting(SETTING, { at: new Date().toISOString(), ...result });
    if (!old.found) return null;
    log.info('imported the earlier version files', { ...result, kept: old.kept.length });
    return result;
  } catch (error) {
    log.error('importing the earlier version files failed; they stay and are tried again', {
      error: String(error),
    });
    throw error instanceof Error ? error : new Error(String(error));
  }
}

async function readOldFiles(
  dataDir: string,
  keyFor: (baseUrl: string) => Promise<string | null>,
  log: Logger,
): Promise<OldData> {
  const imported: string[] = [];
  const kept: OldData['kept'] = [];
  /** reason: why the file cannot simply be deleted after the import; null when it can. */
  const sort = (path: string, reason: KeptReason | null) =>
    reason === null ? imported.push(path) : kept.push({ path, reason });

  const sessionPath = join(dataDir, 'session.json');
  const sessionFile = await readLegacy(sessionPath, LegacySessionFile, log);
  if (sessionFile.found) sort(sessionPath, sessionFile.data ? null : NOT_THE_FORMAT);
  const session = sessionFile.data?.session ?? null;
  const record = session
    ? { ...session, keyFingerprint: await fingerprintOf(session, keyFor) }
    : null;

  // Outbox files: one per organization the session knew, named as the old version did.
  const outboxDir = join(dataDir, 'outbox');
  const outboxNames = await readdir(outboxDir).catch(emptyIfMissing);
  const itemsByOrg = new Map<string, LegacyOutboxItem[]>();
  if (record) {
    for (const organizationId of organizationsOf(record)) {
      const name = legacyOutboxName(record, organizationId);
      if (!outboxNames.includes(name)) continue;
      const path = join(outboxDir, name);
      const file = await readLegacy(path, LegacyOutboxFile, log);
      const items = validOnly(file.data?.items ?? [], LegacyOutboxItem, path, log);
      itemsByOrg.set(
        organizationId,
        items.valid.filter((item) => item.state !== 'done'),
      );
      sort(path, !file.data ? NOT_THE_FORMAT : items.skipped > 0 ? SOME_SKIPPED : null);
    }
  }
  for (const name of outboxNames) {
    const path = join(outboxDir, name);
    const sorted = imported.includes(path) || kept.some((k) => k.path === path);
    if (!sorted) sort(path, 'no_matching_organization');
  }

  // The activity log goes to the chosen organization, as the old version showed it there.
  const activityPath = join(dataDir, 'activity.json');
  const activityFile = await readLegacy(activityPath, LegacyActivityFile, log);
  const entries = validOnly(
    activityFile.data?.entries ?? [],
    LegacyActivityEntry,
    activityPath,
    log,
  );
  const chosen = record?.organizationId ?? null;
  if (activityFile.found) {
    sort(
      activityPath,
      !activityFile.data
        ? NOT_THE_FORMAT
        : entries.skipped > 0
          ? SOME_SKIPPED
          : !chosen && entries.valid.length > 0
            ? 'no_organization_chosen'
            : null,
    );
  }

  return {
    found: sessionFile.found || activityFile.found || outboxNames.length > 0,
    record,
    itemsByOrg,
    activity: chosen ? entries.valid : [],
    imported,
    kept,
  };
}

/** Best effort: everything is in the databases by now, and nothing kept is deleted. */
async function retire(dataDir: string, old: OldData, log: Logger): Promise<void> {
  for (const { path, reason } of old.kept) {
    await keepAside(dataDir, path).then(
      (keptAt) => log.warn('an earlier version file was not imported; kept', { keptAt, reason }),
      (error: unknown) =>
        log.warn('could not move an old file aside', { path, error: String(error) }),
    );
  }
  const outboxDir = join(dataDir, 'outbox');
  const cacheDir = join(dataDir, 'cache');
  for (const path of old.imported) await removeLogged(path, log, () => rm(path, { force: true }));
  await removeLogged(outboxDir, log, () => rmdir(outboxDir).catch(ignoreMissing));
  await removeLogged(cacheDir, log, () => rm(cacheDir, { recursive: true, force: true }));
}

/** Why an earlier version's file was kept aside instead of imported (logged): not in its
 * format; some of its records were not importable (the others were); an outbox of no
 * organization of the session; an activity log with no organization chosen to import it into. */
type KeptReason =
  | 'not_earlier_format'
  | 'some_records_skipped'
  | 'no_matching_organization'
  | 'no_organization_chosen';
const NOT_THE_FORMAT: KeptReason = 'not_earlier_format';
const SOME_SKIPPED: KeptReason = 'some_records_skipped';

const organizationsOf = (record: LegacySession): Set<string> =>
  new Set([
    ...record.organizations.map((o) => o.id),
    ...(record.organizationId ? [record.organizationId] : []),
  ]);

/** How the old version named an organization's outbox file (its service/session-manager.ts). */
const legacyOutboxName = (record: LegacySession, organizationId: string): string =>
  createHash('sha256')
    .update(`${record.training ? TRAINING_SCOPE_URL : record.baseUrl}\n${organizationId}`)
    .digest('hex')
    .slice(0, 24) + '.json';

async function fingerprintOf(
  session: LegacySession,
  keyFor: (baseUrl: string) => Promise<string | null>,
): Promise<string> {
  if (session.training) return TRAINING_FINGERPRINT;
  const key = await keyFor(session.baseUrl);
  return key ? keyFingerprint(session.baseUrl, key) : 'unknown';
}

/** Adds what an earlier, interrupted run has not already added; old order is kept. Counts
 * what the old files held (whether added now or by that run). */
function importInto(
  work: WorkStore,
  items: LegacyOutboxItem[],
  entries: LegacyActivityEntry[],
  fingerprint: string,
): LegacyImportResult {
  return work.db.transaction(() => {
    const intentsHad = new Set(work.intents.list().map(intentKey));
    for (const item of items) {
      if (item.state === 'done' || intentsHad.has(intentKey(item))) continue;
      work.intents.add({
        kind: item.kind,
        serial: item.serial,
        locationId: item.locationId,
        locationName: item.locationName,
        fromLocationId: item.fromLocationId,
        keyFingerprint: fingerprint,
        createdAt: item.createdAt,
        state: item.state === 'syncing' ? 'queued' : item.state,
        attempts: item.attempts,
        // An earlier version's words; its fields (English) only marked a form long gone.
        lastError: item.lastError && { ...item.lastError, fields: undefined },
        conflictLocation: item.conflictLocation,
      });
    }
    const activityHad = new Set(work.activity.list().map(activityKey));
    for (const { id: _id, ...entry } of entries) {
      if (!activityHad.has(activityKey(entry))) work.activity.add(entry);
    }
    return { queued: items.length, activity: entries.length };
  })();
}

type IntentFields = Record<'createdAt' | 'kind', string> &
  Record<'serial' | 'locationId' | 'fromLocationId', string | null>;
const intentKey = (i: IntentFields) =>
  JSON.stringify([i.createdAt, i.kind, i.serial, i.locationId, i.fromLocationId]);

type ActivityFields = Omit<LegacyActivityEntry, 'id' | 'action' | 'result'> &
  Record<'action' | 'result', string>;
const activityKey = (e: ActivityFields) =>
  JSON.stringify([e.at, e.action, e.serial, e.locationId, e.result, e.detail]);

/** found: the file exists; data: null when it is not JSON of the expected shape (logged). */
async function readLegacy<T>(
  path: string,
  schema: z.ZodType<T>,
  log: Logger,
): Promise<{ found: boolean; data: T | null }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return { found: false, data: null };
    throw error;
  }
  let problem: string;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return { found: true, data: parsed.data };
    problem = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  } catch (error) {
    problem = String(error);
  }
  log.warn('an earlier version file is not in its format; skipped', { path, problem });
  return { found: true, data: null };
}

function validOnly<T>(candidates: unknown[], schema: z.ZodType<T>, path: string, log: Logger) {
  const valid = candidates.flatMap((c) => {
    const parsed = schema.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
  const skipped = candidates.length - valid.length;
  if (skipped > 0) log.warn('skipped old records not in the earlier format', { path, skipped });
  return { valid, skipped };
}

async function keepAside(dataDir: string, path: string): Promise<string> {
  const dir = join(dataDir, 'legacy-unmatched');
  ensurePrivateDir(dir);
  let target = join(dir, basename(path));
  for (let n = 2; existsSync(target); n++) target = join(dir, `${n}-${basename(path)}`);
  await rename(path, target);
  return target;
}

const removeLogged = (path: string, log: Logger, remove: () => Promise<unknown>) =>
  remove().catch((error: unknown) =>
    log.warn('could not remove an old file', { path, error: String(error) }),
  );

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';
const emptyIfMissing = (error: unknown): string[] => {
  if (isMissing(error)) return [];
  throw error;
};
const ignoreMissing = (error: unknown): void => {
  if (!isMissing(error)) throw error;
};
