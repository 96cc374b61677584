/**
 * Builds the core from its named parts: the data dir and session (app.db; service/
 * session-manager.ts), what follows a change of session (service/session-lifecycle.ts), the
 * link to the server (sync/link-state.ts), the replay queue (sync/replay-queue.ts), the sync
 * engine and its schedule (sync/sync-engine.ts, wired in sync/sync-wiring.ts), the queue's
 * notices (sync/outbox-notices.ts) and the one `invoke` that validates every input against the
 * contract before a service function runs (invoke.ts). Hosts: Electron main
 * (electron/main/app.ts) and browser mode (electron/web/cli.ts). Throws only when the data dir
 * cannot be used at all (another process holds it: the host tells the technician and quits).
 */
import type { Core, CreateCore } from './core';
import { installationId, recordKeyOnce } from './credentials/record-key';
import { importEarlierFiles, openDataDir } from './store/data-dir';
import { createInvoke } from './invoke';
import { createPushEvents } from './push-events';
import { serviceContext, type ServiceContext } from './service/context';
import { createHandlers } from './service/handlers';
import { listOutbox, onReplayEvent } from './service/outbox-service';
import { createSessionLifecycle } from './service/session-lifecycle';
import { SessionManager } from './service/session-manager';
import { createLinkState } from './sync/link-state';
import { createOutboxNotices } from './sync/outbox-notices';
import { createReplayQueue } from './sync/replay-queue';
import { createCoreSync } from './sync/sync-wiring';

// eslint-disable-next-line max-lines-per-function -- the composition: every part's wiring in one place, read top to bottom (the parts name one another)
export const createCore: CreateCore = async (options) => {
  const { log } = options;
  // openAppStore makes the data dir (private) and takes its lock.
  const app = openDataDir(options.dataDir, log);
  const events = createPushEvents();
  const { emit } = events;
  // The installation's secret for the visit record (decision record 68), read once.
  const recordKey = recordKeyOnce(options.credentials, () => installationId(app), log);
  const imported = await importEarlierFiles(options, app, recordKey);
  const session: SessionManager = new SessionManager(options, app, recordKey, {
    changed: () => lifecycle.changed(),
    imported: () => imported,
    cacheRebuilt: () => lifecycle.cacheRebuilt(),
    // The queue is a new one now, and the session's storage says what the old one held.
    workReplaced: () => notices.changed(),
    attempted: (answered) => (answered ? ctx.reportOnline() : link.reportNoAnswer()),
  });
  const current = () => session.current();
  const status = () => session.status(link.isOnline());
  const saySession = () => emit({ type: 'session', status: status() });

  const link = createLinkState({
    ping: () => current()?.api.ping() ?? null,
    ready: () => session.keyReady(),
    hooks: {
      changed: (online) => {
        emit({ type: 'connectivity', online });
        saySession();
      },
      reconnected: (offlineMs) => engine.reconnected(offlineMs),
    },
    idleProbeMs: options.probe?.idleMs,
    offlineMaxMs: options.probe?.offlineMaxMs,
    timers: options.timers,
  });
  const replays = createReplayQueue({
    current,
    acceptedPatienceMs: options.acceptedPatienceMs,
    log,
    hooks: {
      event: (scope, event) => onReplayEvent(ctx, scope, event),
      damaged: () => lifecycle.damaged(),
      offline: () => ctx.reportOffline(),
      retryLater: (stoppedBy) => engine.retryLater(stoppedBy),
    },
  });
  const engine = createCoreSync({
    core: options,
    ctx: () => ctx,
    replay: (signal) => replays.replay(undefined, signal),
    link: () => link.info(),
    damaged: () => lifecycle.damaged(),
  });
  const notices = createOutboxNotices({
    current,
    list: () => listOutbox(ctx),
    settings: app,
    status,
    emit,
    log,
  });
  const lifecycle = createSessionLifecycle({
    current,
    engine,
    hooks: {
      active: (signedIn) => link.setActive(signedIn),
      statusChanged: saySession,
      // No scope: no queue to read, said at once. A scope's queue is read a page per turn.
      queueChanged: (scope) => (scope ? notices.changed() : emit({ type: 'outbox', items: [] })),
    },
    log,
  });

  const ctx: ServiceContext = serviceContext({
    options,
    emit,
    link,
    engine,
    session,
    settings: app,
    replay: (lane) => replays.replay(lane),
    outboxChanged: (rowsToo) => notices.changed(rowsToo),
  });

  const invoke = createInvoke({
    handlers: createHandlers(ctx, session),
    log,
    managed: options.managed,
    damaged: () => lifecycle.damaged(),
  });
  await session.restore();

  return {
    ...invoke,
    onEvent: (listener) => events.on(listener),
    async close() {
      notices.close();
      link.stop();
      engine.stop();
      await replays.idle();
      await current()?.store.checked;
      await session.close();
      app.close();
      events.clear();
    },
  } satisfies Core;
};
