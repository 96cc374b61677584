/**
 * Tells the renderer the queue changed: coalesced and after the answer (a burst of scans, or a
 * drained queue, is one update of the queue view, and the acknowledgement does not wait for
 * it), one notice read at a time (the queue is read a page per turn: outbox-service.ts), and a
 * change while one is read is announced after it.
 */
import type { OutboxItem, PushEvent, SessionStatus } from '../../shared';
import { describeError, type Logger } from '../../common/logger';
import type { AppStore } from '../store/app-store';
import type { IntentRows } from '../store/intent-rows';
import { queuedHintKey } from '../service/session-manager';

/** What a notice reads of the signed-in scope (SignedInScope has it). */
interface NoticeScope {
  store: { dir: string; work: { intents: Pick<IntentRows, 'count'> } };
}

export interface OutboxNoticeOptions {
  /** The scope whose queue is announced, null when signed out. */
  current(): NoticeScope | null;
  /** The current scope's queue, oldest first. */
  list(): Promise<OutboxItem[]>;
  /** The queue's count is kept in app.db too (the session shows it when work.db cannot open). */
  settings: Pick<AppStore, 'saveSetting'>;
  /** The session's status now: sent after the queue, whose count it carries. */
  status(): SessionStatus;
  emit(event: PushEvent): void;
  log: Logger;
}

export interface OutboxNotices {
  /**
   * The queue changed. `rowsToo` when the cached rows changed with it (an action was sent, or
   * went wrong): screens then read again what they show.
   */
  changed(rowsToo?: boolean): void;
  /** No notice after this; one still due keeps the count and says the rows changed. */
  close(): void;
}

export function createOutboxNotices(options: OutboxNoticeOptions): OutboxNotices {
  let pending = false;
  /** A notice being read. */
  let announcing = false;
  let rowsChanged = false;
  let closed = false;

  function announce() {
    announcing = true;
    void announceOnce().finally(() => {
      announcing = false;
      if (pending && !closed) setImmediate(announce);
    });
  }

  async function announceOnce() {
    pending = false;
    if (closed) return;
    // A sent action changed the cached device rows: the screens showing them read them again
    // (the device screen, a store's devices, Inventory), not only the queue view.
    if (rowsChanged) options.emit({ type: 'data-updated', resource: 'devices' });
    rowsChanged = false;
    const scope = options.current();
    if (scope) keepCount(scope);
    try {
      const items = await options.list();
      // Signed out or closed while it was read: the next notice is the one to show.
      if (closed || options.current() !== scope) return;
      options.emit({ type: 'outbox', items });
      options.emit({ type: 'session', status: options.status() });
    } catch (error) {
      // Off the operation's path (after setImmediate): a throw here would end the process.
      // A damaged queue met here was moved aside, and its replacement announces itself.
      options.log.warn('could not announce the queue', { error: describeError(error) });
    }
  }

  function keepCount(scope: NoticeScope) {
    try {
      options.settings.saveSetting(
        queuedHintKey(scope.store.dir),
        scope.store.work.intents.count(),
      );
    } catch (error) {
      options.log.warn('could not keep the queue count', { error: describeError(error) });
    }
  }

  return {
    changed(rowsToo = false) {
      if (rowsToo) rowsChanged = true;
      if (pending) return;
      pending = true;
      if (!announcing) setImmediate(announce);
    },
    close() {
      if (pending && !announcing) announce();
      closed = true;
    },
  };
}
