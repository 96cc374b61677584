/**
 * Builds the core: the data-dir lock and session (app.db), the signed-in scope's databases,
 * connectivity, the sync engine, and the one `invoke` that validates every input against the
 * contract before a service function runs. Hosts: Electron main (electron/main/app.ts) and
 * browser mode (electron/web/cli.ts). Throws only when the data dir cannot be used at all
 * (another process holds it: the host tells the technician and quits).
 */
import { settleAudits } from './service/audit-service';
import type { z } from 'zod';
import {
  operations,
  type Envelope,
  type OperationName,
  type OperationResult,
  type PushEvent,
} from '../shared';
import { traitsOf } from '../shared/error-traits';
import { isLocalLocationId } from '../shared/local-ids';
import { AppError } from './app-error';
import type { Core, CreateCore } from './core';
import { isDamage, isSqliteError, isStorageFailure, storageError } from './db/storage-error';
import { scopeDir } from './db/account-scope';
import { createHandlers } from './service/handlers';
import { enforceManagedBaseUrl } from './service/managed-lock';
import { NOT_MANAGED } from '../common/managed/policy';
import { reapplyPending } from './service/local-changes';
import { listOutbox, onReplayEvent } from './service/outbox-service';
import { queuedHintKey, SessionManager } from './service/session-manager';
import { listJobs } from './service/sync-service';
import { openAccountStore } from './store/account-store';
import { openAppStore } from './store/app-store';
import { installationId, recordKeyOnce } from './credentials/record-key';
import { importLegacyFiles } from './store/legacy-import';
import { createConnectivityMonitor } from './sync/connectivity';
import { readEitherCase } from './service/serial-spelling';
import { changeSent, recentAnswer } from './service/recent-answers';
import { WORKING_SET_FRESH_MS } from './service/read-service';
import { replayIntents, type ReplayResult } from './sync/replay';
import { createSyncEngine } from './sync/sync-engine';
import { fullRefreshMs, holdFor, lastFullRefresh } from './service/refresh-policy';
import type { LinkInfo, ServiceContext } from './service/context';
import { validationError } from './validation-error';

/**
 * Online and idle: one probe after this long without an answer. A server gone while nobody
 * asks anything (the Wi-Fi up, the store's uplink down: the OS sees nothing) is seen by this
 * probe only. It was 10 s: 360 requests an hour per laptop, more than everything else a
 * technician's hour asks (decision record 6); a minute keeps the badge within a minute of the truth
 * while nothing happens, and while a store or a device is on screen its minute refresh
 * answers first, so the probe is then never sent. Anything the technician does, and the
 * operating system's "no network", tell at once.
 */
const IDLE_PROBE_MS = 60_000;
/** A request attempt got no answer: probe this soon (its own retries can take seconds). */
const FAILURE_PROBE_MS = 1_500;
/** Offline: probes back off from 1 s up to this (with jitter, so 4–8 s apart at most). */
const OFFLINE_PROBE_MAX_MS = 8_000;

export const createCore: CreateCore = async (options) => {
  // openAppStore makes the data dir (private) and takes its lock.
  const app = openDataDir(options.dataDir, options.log);
  const listeners = new Set<(event: PushEvent) => void>();
  const emit = (event: PushEvent) => {
    for (const listener of listeners) listener(event);
  };
  let online = true;

  // The installation's secret for the visit record (decision record 68), read once.
  const recordKey = recordKeyOnce(options.credentials, () => installationId(app), options.log);
  let imported: { queued: number; activity: number } | null = null;
  try {
    imported = await importLegacyFiles({
      dataDir: options.dataDir,
      app,
      keyFor: (baseUrl) => options.credentials.get(baseUrl).catch(() => null),
      openScope: async (record) =>
        openAccountStore(scopeDir(options.dataDir, record), options.log, {
          recordKey: await recordKey(),
        }),
      log: options.log,
    });
  } catch (error) {
    // The old files stay where they are and the import runs again at the next start.
    options.log.error("could not import the earlier version's files", { error: String(error) });
  }

  const session: SessionManager = new SessionManager(options, app, recordKey, {
    changed: () => {
      monitor.setActive(session.current() !== null);
      if (session.current()) prepareScope();
      else engine.stop();
      emit({ type: 'session', status: session.status(online) });
      // No scope: no queue to read, said at once. A scope's queue is read a page per turn.
      if (session.current()) ctx.outboxChanged();
      else emit({ type: 'outbox', items: [] });
    },
    imported: () => imported,
    cacheRebuilt: () => {
      emit({ type: 'session', status: session.status(online) });
      void engine.run().catch(() => undefined);
    },
    // The queue is a new one now, and the session's storage says what the old one held.
    workReplaced: () => ctx.outboxChanged(),
    attempted: (answered) => (answered ? ctx.reportOnline() : monitor.reportNoAnswer()),
  });

  /** When the app went offline (Date.now), null while online: how long it was, when back. */
  let offlineSince: number | null = null;
  /** What the page last said of the link (saving data, very slow). */
  let link: LinkInfo = {};
  const setOnline = (value: boolean) => {
    if (online === value) return;
    online = value;
    offlineSince = value ? null : Date.now();
    emit({ type: 'connectivity', online });
    emit({ type: 'session', status: session.status(online) });
  };

  // A light probe (one GET, no retry) keeps the badge true: every minute online while nothing
  // else was answered, 1.5 s after an attempt that got no answer, every 4–8 s (jittered
  // backoff) offline; only while signed in. The OS's "no network" is taken at once.
  const monitor = createConnectivityMonitor({
    probe: async () => {
      const scope = session.current();
      if (!scope) return true;
      try {
        await scope.api.ping();
        return true;
      } catch {
        return false;
      }
    },
    // The key first, untimed: a keychain asking the user to unlock it is not "offline".
    ready: () => session.keyReady(),
    onChange: (isOnline) => {
      const offlineFor = offlineSince === null ? 0 : Date.now() - offlineSince;
      setOnline(isOnline);
      if (isOnline) engine.reconnected(offlineFor);
    },
    idleProbeMs: options.probe?.idleMs ?? IDLE_PROBE_MS,
    failureProbeMs: FAILURE_PROBE_MS,
    maxDelayMs: options.probe?.offlineMaxMs ?? OFFLINE_PROBE_MAX_MS,
    probeTimeoutMs: 5_000,
    initialActive: false,
    ...(options.timers ? { timers: options.timers } : {}),
  });

  // One replay at a time, in this process; callers queue behind it.
  let replaying: Promise<unknown> = Promise.resolve();
  const replay = (lane?: string, signal?: AbortSignal): Promise<ReplayResult | null> => {
    const run = replaying.then(async () => {
      const scope = session.current();
      if (!scope?.record.organizationId) return null;
      // Nothing is being sent between runs: a row still 'syncing' is one an earlier run could
      // not settle (a full disk refused to record it). Replay reads its state first.
      scope.store.work.intents.requeueInterrupted();
      const result = await replayIntents(scope.store.work.intents, replayApi(scope), {
        ...(lane === undefined ? {} : { lane }),
        ...(signal === undefined ? {} : { signal }),
        ...(options.acceptedPatienceMs === undefined
          ? {}
          : { acceptedPatienceMs: options.acceptedPatienceMs }),
        onEvent: (event) => {
          if (session.current() === scope) onReplayEvent(ctx, scope, event);
        },
        onEventError: (error) => {
          options.log.warn('a sent action could not be recorded locally', {
            error: describe(error),
          });
          if (isDamage(error)) recheck();
        },
      });
      if (result.stoppedBy && traitsOf(result.stoppedBy.kind).connectivity) ctx.reportOffline();
      // A run's own replay is scheduled by the run; a direct send's stop needs its own retry.
      else if (result.stoppedBy && lane !== undefined) engine.retryLater(result.stoppedBy);
      return result;
    });
    replaying = run.catch(() => undefined);
    return run;
  };

  const engine = createSyncEngine({
    replay: (signal) => replay(undefined, signal),
    listJobs: (mode) => listJobs(ctx, mode),
    fullRefreshMs: () => fullRefreshMs(options),
    lastFullAt: () => {
      const scope = session.current();
      return scope ? lastFullRefresh(scope.store.cache) : null;
    },
    holdFull: () => holdFor(link),
    ...(options.timers ? { timers: options.timers } : {}),
    isOnline: () => online,
    onState: (state) => emit({ type: 'sync-progress', state }),
    onReport: (report) => {
      emit({ type: 'sync', report });
      // An audit stopped offline compares by itself once its counts can be read.
      if (report.stoppedBy === null)
        void settleAudits(ctx).catch((error: unknown) =>
          options.log.warn('audits not settled', { error: describe(error) }),
        );
    },
    onJobError: (error) => {
      if (isDamage(error)) recheck();
      // A download that found no network says so, like any other request would.
      if (error instanceof AppError && traitsOf(error.kind).connectivity) ctx.reportOffline();
    },
  });

  const ctx: ServiceContext = {
    options,
    emit,
    isOnline: () => online,
    reportOffline: () => {
      setOnline(false);
      monitor.reportOffline();
    },
    reportOnline: () => {
      setOnline(true);
      monitor.reportOnline();
    },
    networkChanged: async (osOnline, seen, recheck = false) => {
      const heldBefore = engine.state().held;
      if (seen) link = seen;
      await monitor.networkChanged(osOnline);
      if (recheck && osOnline) await monitor.recheck();
      // A full refresh that waited for the link runs once the link allows it.
      if (heldBefore !== null && holdFor(link) === null && online)
        void engine.run([], 'scheduled').catch(() => undefined);
    },
    current: () => session.current(),
    reopen: () => session.reopen(),
    sync: engine,
    replay,
    outboxChanged: (rowsToo = false) => {
      if (rowsToo) rowsChanged = true;
      // Coalesced and after the answer: a burst of scans (or a drained queue) is one update of
      // the queue view, and the acknowledgement does not wait for it.
      // One notice is read at a time: a change while it is read is announced after it.
      if (outboxNoticePending) return;
      outboxNoticePending = true;
      if (!announcing) setImmediate(announceOutbox);
    },
    settings: app,
  };

  let outboxNoticePending = false;
  /** A notice being read (the queue is read a page per turn: outbox-service.ts). */
  let announcing = false;
  let rowsChanged = false;
  let closed = false;
  function announceOutbox() {
    announcing = true;
    void announceOnce().finally(() => {
      announcing = false;
      if (outboxNoticePending && !closed) setImmediate(announceOutbox);
    });
  }
  async function announceOnce() {
    outboxNoticePending = false;
    if (closed) return;
    // A sent action changed the cached device rows: the screens showing them read them again
    // (the device screen, a store's devices, Inventory), not only the queue view.
    if (rowsChanged) emit({ type: 'data-updated', resource: 'devices' });
    rowsChanged = false;
    const scope = session.current();
    if (scope) {
      try {
        app.saveSetting(queuedHintKey(scope.store.dir), scope.store.work.intents.count());
      } catch (error) {
        options.log.warn('could not keep the queue count', { error: describe(error) });
      }
    }
    try {
      const items = await listOutbox(ctx);
      // Signed out or closed while it was read: the next notice is the one to show.
      if (closed || session.current() !== scope) return;
      emit({ type: 'outbox', items });
      emit({ type: 'session', status: session.status(online) });
    } catch (error) {
      // Off the operation's path (after setImmediate): a throw here would end the process.
      // A damaged queue met here was moved aside, and its replacement announces itself.
      options.log.warn('could not announce the queue', { error: describe(error) });
    }
  }

  /** Damage met during work: check the cache off the main thread; if rebuilt, download again. */
  function recheck() {
    const scope = session.current();
    void scope?.store.checkCache().then((rebuilt) => {
      if (!rebuilt || session.current() !== scope) return;
      emit({ type: 'session', status: session.status(online) });
      void engine.run().catch(() => undefined);
    });
  }

  /** A newly opened scope: its pending intents shown over the cache, and a sync started. */
  function prepareScope() {
    const scope = session.current();
    if (!scope) return;
    try {
      const { cache, work } = scope.store;
      const pending = work.intents.list();
      cache.db.transaction(() => {
        // Stores created offline whose create is no longer queued were sent (or dropped).
        const creating = new Set(
          pending.filter((i) => i.kind === 'create_location').map((i) => i.locationId),
        );
        for (const l of cache.locations.list())
          if (isLocalLocationId(l.id) && !creating.has(l.id)) cache.locations.remove(l.id);
        reapplyPending(cache, pending);
      })();
    } catch (error) {
      options.log.warn('could not lay the queue over the cached rows', { error: String(error) });
      if (isDamage(error)) recheck();
    }
    engine.stop();
    engine.start();
    void scope.store.checked.then((rebuilt) => {
      if (rebuilt && session.current() === scope)
        emit({ type: 'session', status: session.status(online) });
    });
  }

  const handlers = createHandlers(ctx, session);
  await session.restore().catch((error: unknown) => {
    options.log.warn('could not restore the last session', {
      kind: kindOf(error),
      ...(error instanceof AppError ? { code: error.code, params: error.params } : {}),
    });
  });

  async function run<K extends OperationName>(
    name: K,
    input: unknown,
  ): Promise<Envelope<OperationResult<K>>> {
    const schema: z.ZodType | undefined = Object.hasOwn(operations, name)
      ? operations[name].input
      : undefined;
    if (!schema) return failure(new AppError(unknownOperation));
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const refused = validationError(parsed.error, input);
      options.log.warn('operation input rejected', {
        operation: name,
        fields: Object.keys(refused.fields ?? {}),
      });
      return failure(refused);
    }
    const started = performance.now();
    // Inputs are never logged: signIn's carries the key.
    // A failure is logged by its code and parameters (the words are the catalog's).
    const done = (outcome: string, failed?: AppError) =>
      options.log.info('operation', {
        operation: name,
        outcome,
        ...(failed ? { code: failed.code, params: failed.params } : {}),
        ms: Math.round(performance.now() - started),
      });
    try {
      // Before any handler runs, so no request reaches a server the policy does not allow.
      enforceManagedBaseUrl(options.managed ?? NOT_MANAGED, parsed.data);
      const handler = handlers[name] as (
        input: unknown,
      ) => Promise<OperationResult<K>> | OperationResult<K>;
      const value = await handler(parsed.data);
      done('ok');
      return { ok: true, value };
    } catch (error) {
      if (error instanceof AppError) {
        done(error.kind, error);
        return failure(error);
      }
      if (isSqliteError(error)) {
        // Damage met mid-work: the cache is checked off the main thread and rebuilt if so.
        if (isDamage(error)) recheck();
        done('storage');
        return failure(storageError(error));
      }
      options.log.error('operation failed unexpectedly', {
        operation: name,
        error: describe(error),
      });
      return failure(new AppError(internal));
    }
  }

  const core: Core = {
    invoke: (name, input) => run(name, input),
    async invokeJson(name, input) {
      const envelope = await run(name, input);
      try {
        return JSON.stringify(envelope);
      } catch (error) {
        // "Never throws" holds for any value too: one JSON cannot write (a BigInt, a cycle,
        // nesting past the stack) becomes an internal failure instead of a rejected call.
        options.log.error('operation answer could not be sent', {
          operation: name,
          error: describe(error),
        });
        return JSON.stringify(failure(new AppError(internal)));
      }
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (outboxNoticePending && !announcing) announceOutbox();
      closed = true;
      monitor.stop();
      engine.stop();
      await replaying;
      await session.current()?.store.checked;
      await session.close();
      app.close();
      listeners.clear();
    },
  };
  return core;
};

/**
 * The data dir and its lock, or why not in words: a read-only or full disk refuses the folder
 * (chmod/mkdir) or app.db, and the host shows this error's message instead of an OS error.
 */
function openDataDir(dataDir: string, log: Parameters<typeof openAppStore>[1]) {
  try {
    return openAppStore(dataDir, log);
  } catch (error) {
    if (error instanceof AppError || !isStorageFailure(error)) throw error;
    log.error('the data folder could not be opened', { error: describe(error) });
    throw storageError(error);
  }
}

function replayApi(scope: NonNullable<ReturnType<ServiceContext['current']>>) {
  const { api } = scope;
  /** A change on its way: answers asked before it no longer plan a send (recent-answers.ts). */
  const sending = <T>(serial: string, send: () => Promise<T>): Promise<T> => {
    changeSent(scope, serial);
    return send();
  };
  return {
    // A queued serial may be as typed (the device was not cached): its other case on a 404.
    getDevice: (serial: string) => readEitherCase(serial, (s) => api.getDevice(s)),
    recentDevice: (serial: string) => recentAnswer(scope, serial, WORKING_SET_FRESH_MS),
    install: (serial: string, locationId: string) =>
      sending(serial, () => api.installDevice(serial, locationId)),
    uninstall: (serial: string, locationId?: string) =>
      sending(serial, () => api.uninstallDevice(serial, locationId)),
    updateDevice: (serial: string, changes: Parameters<typeof api.updateDevice>[1]) =>
      sending(serial, () => api.updateDevice(serial, changes)),
    createLocation: (input: Parameters<typeof api.createLocation>[0]) => api.createLocation(input),
    findLocation: (input: Parameters<typeof api.createLocation>[0]) => api.findLocation(input),
    deleteLocation: (id: string) => api.deleteLocation(id),
    getLocation: (id: string) => api.getLocation(id),
  };
}

const failure = (error: AppError): { ok: false; error: ReturnType<AppError['toShape']> } => ({
  ok: false,
  error: error.toShape(),
});

const kindOf = (error: unknown) => (error instanceof AppError ? error.kind : 'internal');

/** Name and message only: a stack or a cause chain could carry request details. */
const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

const unknownOperation = { kind: 'validation', code: 'unknown_operation' } as const;

const internal = { kind: 'internal', code: 'internal' } as const;
