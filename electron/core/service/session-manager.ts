/**
 * Owns the signed-in scope: which base URL, organization and key, the API client built for
 * them, and the scope's databases. The key itself stays in the OS keychain (or, for training
 * mode's throwaway sandbox key, in memory) and is read when a request needs it; a read is held
 * for a few seconds so a burst of requests reads the keychain once (credentials/key-hold.ts).
 */
import type { SessionStatus } from '../../shared';
import { AppError } from '../app-error';
import { createApiClient, validateBaseUrl } from '../api/client';
import type { CoreOptions } from '../core';
import { holdKey, type KeyHold } from '../credentials/key-hold';
import { ownedKeys, type OwnedKeys } from '../credentials/owned-keys';
import type { RecordKey } from '../credentials/record-key';
import { keyFingerprint, scopeDir, TRAINING_FINGERPRINT } from '../db/account-scope';
import { isStorageFailure, storageError } from '../db/storage-error';
import { openAccountStore } from '../store/account-store';
import type { AppStore, SessionRecord } from '../store/app-store';
import type { SignedInScope } from './context';
import { startTrainingServer, type TrainingServer } from './training';
import { LAST_REPORT_KEY } from './connection-check';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Where the count of queued intents is kept outside work.db (see openAccountStore). */
export const queuedHintKey = (scopeDir: string): string => `queued:${basename(scopeDir)}`;

/** What the session tells the rest of the core, and what it asks of it, by name. */
export interface SessionHooks {
  /** After every change of scope (open, switch, sign-out). */
  changed(): void;
  /** What the import of an earlier version's files brought at this start, if anything. */
  imported(): { queued: number; activity: number } | null;
  /** A deferred integrity check rebuilt the open scope's cache. */
  cacheRebuilt(): void;
  /** A read met damage in the open scope's work.db: it was moved aside for a new one. */
  workReplaced(): void;
  /** Each attempt of the scope's requests: answered or not (the connectivity monitor). */
  attempted(answered: boolean): void;
}

export class SessionManager {
  private scope: SignedInScope | null = null;
  private record: SessionRecord | null = null;
  private training: TrainingServer | null = null;
  private heldKey: KeyHold | null = null;
  /** Why the session's databases could not be opened (a full or read-only disk), if so. */
  private openFailure: AppError | null = null;
  /** The keychain entries this data folder stored (never another folder's). */
  private readonly keys: OwnedKeys;
  /** The installation's record key, once read (every scope's record is keyed with it). */
  private recordKey: RecordKey | null = null;

  constructor(
    private readonly options: CoreOptions,
    private readonly app: AppStore,
    /** Reads the installation's record key from the keychain (once). */
    private readonly loadRecordKey: () => Promise<RecordKey>,
    private readonly hooks: SessionHooks,
  ) {
    this.keys = ownedKeys(options.credentials, options.dataDir, () => app.session());
  }

  current(): SignedInScope | null {
    return this.scope;
  }

  /** The signed-in scope's key read (and held, as for a request); nothing when signed out. */
  async keyReady(): Promise<void> {
    await this.heldKey?.get();
  }

  /** The training service in this process, while training mode is on. */
  trainingServer(): TrainingServer | null {
    return this.record?.training ? this.training : null;
  }

  /**
   * The session whose databases could not be opened is opened again (space freed, the disk
   * writable again): answers the scope, or null when there is nothing to open; throws the
   * storage error while they still cannot be opened. So "free some space, then try again"
   * works without a restart, and meanwhile every operation says why, not "not signed in".
   */
  reopen(): SignedInScope | null {
    const record = this.record;
    if (this.scope || !this.openFailure || !record) return this.scope;
    try {
      this.openFiles(record);
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      // Nothing changed, so nothing is announced: the renderer answers a session event by
      // reading the queue, which would come back here, and the two would loop.
      this.openFailure = storageError(error);
      throw this.openFailure;
    }
    this.openFailure = null;
    this.hooks.changed();
    return this.scope;
  }

  /** The record key read before a scope opens: every entry appended needs it at once. */
  private async recordKeyReady(): Promise<void> {
    this.recordKey ??= await this.loadRecordKey();
  }

  /**
   * Reopens the last session at start-up (the key is still in the keychain). Never throws:
   * what cannot be reopened is logged, and the app starts all the same.
   */
  async restore(): Promise<void> {
    await this.reopenLast().catch((error: unknown) => {
      this.options.log.warn('could not restore the last session', {
        kind: error instanceof AppError ? error.kind : 'internal',
        ...(error instanceof AppError ? { code: error.code, params: error.params } : {}),
      });
    });
  }

  private async reopenLast(): Promise<void> {
    const record = this.app.session();
    if (!record) return;
    if (record.training) return this.startTraining(record.organizationId);
    await this.recordKeyReady();
    if (record.keyFingerprint === 'unknown') {
      // Imported from an earlier version before its key was readable: fingerprint it now.
      const key = await this.keys.get(record.baseUrl);
      if (key) record.keyFingerprint = keyFingerprint(record.baseUrl, key);
    }
    this.open(record);
  }

  status(online: boolean): SessionStatus {
    const record = this.record;
    const organization = record?.organizations.find((o) => o.id === record.organizationId) ?? null;
    // Counted first: a count that meets a damaged queue changes what health says.
    const queued = this.queued();
    const health = this.scope?.store.health() ?? { outboxDamage: null, cacheRebuilt: false };
    return {
      signedIn: record !== null,
      training: record?.training ?? false,
      baseUrl: record?.baseUrl ?? null,
      user: record?.user ?? null,
      organizations: record?.organizations ?? [],
      organization,
      online,
      queued,
      storage: { ...health, imported: this.hooks.imported(), settingsDamage: this.app.damage() },
    };
  }

  async signIn(rawBaseUrl: string, apiKey: string): Promise<void> {
    const baseUrl = validateBaseUrl(rawBaseUrl);
    // Verify the key with the cross-organization endpoint before anything is stored.
    const probe = createApiClient({
      baseUrl,
      organizationId: null,
      getApiKey: () => Promise.resolve(apiKey),
      fetch: this.options.fetch,
      maxRetries: 1,
    });
    const { organizations, user } = await probe.listOrganizations();
    if (organizations.length === 0) {
      throw new AppError({
        kind: 'forbidden',
        code: 'key_no_organization',
      });
    }
    await this.keys.set(baseUrl, apiKey);
    // One key at a time: the one for the server signed in before is not left behind.
    await this.keys.forgetAllBut(baseUrl);
    await this.recordKeyReady();
    this.closeScope();
    await this.stopTraining();
    this.open({
      baseUrl,
      training: false,
      user: user ? { name: user.name } : null,
      organizations,
      organizationId: organizations.length === 1 ? (organizations[0]?.id ?? null) : null,
      keyFingerprint: keyFingerprint(baseUrl, apiKey),
    });
  }

  async startTraining(organizationId: string | null = null): Promise<void> {
    await this.recordKeyReady();
    this.closeScope();
    await this.stopTraining();
    this.training = await startTrainingServer(
      join(this.options.dataDir, 'training'),
      this.options.startTrainingSandbox,
    );
    const { organizations, user } = await createApiClient({
      baseUrl: this.training.baseUrl,
      organizationId: null,
      getApiKey: () => this.trainingKey(),
      fetch: this.options.fetch,
    }).listOrganizations();
    const chosen = organizations.find((o) => o.id === organizationId) ?? organizations[0] ?? null;
    this.open({
      baseUrl: this.training.baseUrl,
      training: true,
      user: user ? { name: user.name } : null,
      organizations,
      organizationId: chosen?.id ?? null,
      keyFingerprint: TRAINING_FINGERPRINT,
    });
  }

  async chooseOrganization(organizationId: string): Promise<void> {
    await this.recordKeyReady();
    const record = this.record;
    if (!record) throw notSignedIn();
    if (!record.organizations.some((o) => o.id === organizationId)) {
      throw new AppError({
        kind: 'forbidden',
        code: 'organization_no_access',
      });
    }
    this.closeScope();
    this.open({ ...record, organizationId });
  }

  /**
   * `removeLocalData`: also deletes the signed-in account's scope folders (cache.db, work.db,
   * their -wal/-shm and damaged copies) — for every organization this key could open, and for
   * training mode every training scope and the training server's state. Another key's, server's
   * or training's folders are never touched. Without it the queue stays for the next sign-in.
   */
  async signOut(removeLocalData = false): Promise<void> {
    const record = this.record;
    this.closeScope();
    this.record = null;
    // Every key this data folder stored, not only this session's: "signed out" means none is
    // left. Another folder's keys (a test run, a second profile) are not this one's to delete.
    await this.keys.forgetAllBut(null);
    await this.stopTraining();
    this.app.saveSession(null);
    const failed = removeLocalData && record ? this.removeLocalData(record) : [];
    this.hooks.changed();
    if (failed.length > 0) {
      throw new AppError({
        kind: 'storage',
        code: 'sign_out_leftovers',
        params: { count: failed.length },
      });
    }
  }

  /** The folders holding `record`'s data; returns those that could not be removed. */
  private removeLocalData(record: SessionRecord): string[] {
    const accounts = join(this.options.dataDir, 'accounts');
    const dirs = new Set(
      record.organizations.map((o) =>
        scopeDir(this.options.dataDir, { ...record, organizationId: o.id }),
      ),
    );
    if (record.organizationId !== null)
      dirs.add(
        scopeDir(this.options.dataDir, { ...record, organizationId: record.organizationId }),
      );
    if (record.training) {
      // The training server's port (its base URL) changes every start, so any training scope.
      for (const name of existsSync(accounts) ? readdirSync(accounts) : [])
        if (/^training-[0-9a-f]{16}$/.test(name)) dirs.add(join(accounts, name));
      dirs.add(join(this.options.dataDir, 'training'));
    }
    const failed: string[] = [];
    for (const dir of dirs) {
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
        this.app.saveSetting(queuedHintKey(dir), null);
      } catch (error) {
        this.options.log.error('saved data could not be removed at sign-out', {
          folder: basename(dir),
          error: String(error),
        });
        failed.push(dir);
      }
    }
    // Its connection report names the organization and the user; the session record is gone
    // already. Neither may linger in app.db's free pages or its write-ahead log.
    this.app.saveSetting(LAST_REPORT_KEY, null);
    this.app.purgeDeleted();
    this.options.log.info("signed out and removed the account's saved data", {
      folders: dirs.size - failed.length,
    });
    return failed;
  }

  async close(): Promise<void> {
    this.closeScope();
    await this.stopTraining();
  }

  /**
   * The queue's size. A count that meets a damaged work.db has it moved aside (see
   * openAccountStore): the queue is then the new, empty one, and `storage.outboxDamage` says
   * what the old one held.
   */
  private queued(): number {
    const scope = this.scope;
    if (!scope) return this.lastKnownQueued();
    try {
      return scope.store.work.intents.count();
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'outbox_damaged')) throw error;
      return scope.store.work.intents.count();
    }
  }

  /** The queue's size when the databases cannot be opened: as last counted (app.db). */
  private lastKnownQueued(): number {
    const record = this.record;
    if (!this.openFailure || record?.organizationId == null) return 0;
    const dir = scopeDir(this.options.dataDir, {
      ...record,
      organizationId: record.organizationId,
    });
    const hint = this.app.setting(queuedHintKey(dir));
    return typeof hint === 'number' ? hint : 0;
  }

  private open(record: SessionRecord): void {
    this.record = record;
    this.openFailure = null;
    try {
      this.openFiles(record);
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      // The session stays (its queue is on disk, waiting): the next operation tries again.
      this.openFailure = storageError(error);
      this.hooks.changed();
      throw this.openFailure;
    }
    this.hooks.changed();
  }

  /** Saves the session and opens its scope's databases (none while no organization is chosen). */
  private openFiles(record: SessionRecord): void {
    this.app.saveSession(record);
    if (record.organizationId !== null) this.openScope(record, record.organizationId);
  }

  private openScope(record: SessionRecord, organizationId: string): void {
    const key = holdKey(() =>
      record.training ? this.trainingKey() : this.storedKey(record.baseUrl),
    );
    const api = createApiClient({
      baseUrl: record.baseUrl,
      organizationId,
      getApiKey: () => key.get(),
      fetch: this.options.fetch,
      onAttempt: (answered: boolean) => this.hooks.attempted(answered),
    });
    const dir = scopeDir(this.options.dataDir, { ...record, organizationId });
    const hintKey = queuedHintKey(dir);
    const hint = () => {
      const value = this.app.setting(hintKey);
      return typeof value === 'number' ? value : null;
    };
    if (!this.recordKey) throw new Error('the record key is read before a scope opens');
    const organization = record.organizations.find((o) => o.id === organizationId);
    const store = openAccountStore(dir, this.options.log, {
      recordKey: this.recordKey,
      organization: organization ? { id: organization.id, name: organization.name } : null,
      queuedHint: hint,
      events: {
        onCacheRebuilt: () => this.hooks.cacheRebuilt(),
        onWorkReplaced: () => this.hooks.workReplaced(),
      },
    });
    // Counted again now: a damaged queue just moved aside must not make its new, empty file
    // look damaged at the next start (see openAccountStore's `queuedHint`).
    try {
      this.app.saveSetting(hintKey, store.work.intents.count());
    } catch (error) {
      this.options.log.warn('could not keep the queue count', { error: String(error) });
    }
    this.heldKey = key;
    this.scope = { record, api, store, created: new Map() };
  }

  private closeScope(): void {
    this.heldKey?.forget();
    this.heldKey = null;
    this.scope?.store.close();
    this.scope = null;
  }

  private async stopTraining(): Promise<void> {
    const training = this.training;
    this.training = null;
    await training?.close();
  }

  private trainingKey(): Promise<string> {
    if (!this.training) return Promise.reject(notSignedIn());
    return Promise.resolve(this.training.apiKey);
  }

  private async storedKey(baseUrl: string): Promise<string> {
    const key = await this.keys.get(baseUrl);
    if (key) return key;
    throw new AppError({
      kind: 'unauthorized',
      code: 'key_not_stored',
    });
  }
}

const notSignedIn = () =>
  new AppError({
    kind: 'not_signed_in',
    code: 'not_signed_in',
  });
