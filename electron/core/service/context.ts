/**
 * What every service function gets: the signed-in scope (if any) with its API client and its
 * databases, connectivity, the sync engine, the event emitter and app.db's settings. Built by
 * create-core.ts from the core's parts (`serviceContext`).
 */
import type { PushEvent } from '../../shared';
import { traitsOf } from '../../shared/error-traits';
import { AppError } from '../app-error';
import type { VendorApi } from '../api/client';
import type { Location } from '../api/records';
import type { CoreOptions } from '../core';
import type { AccountStore } from '../store/account-store';
import type { AppStore, SessionRecord } from '../store/app-store';
import type { SyncEngine } from '../sync/sync-engine';
import type { ReplayResult } from '../sync/replay';
import type { LinkInfo, LinkState } from '../sync/link-state';
import { holdFor } from './refresh-policy';

/** Everything that exists only while signed in to one account scope. */
export interface SignedInScope {
  record: SessionRecord;
  api: VendorApi;
  store: AccountStore;
  /** Stores created offline and since named by the server: temporary id → location. */
  created: Map<string, Location>;
}

export interface ServiceContext {
  options: CoreOptions;
  emit(event: PushEvent): void;
  isOnline(): boolean;
  /** A request failed for lack of connection: go offline and start probing. */
  reportOffline(): void;
  reportOnline(): void;
  /**
   * The operating system's network state (the page's online/offline events, Electron's net):
   * offline at once, or a probe at once that this settles after. `link`: what the page knows
   * of the link (saving data, very slow), when it says. `recheck`: ask the server now even
   * when online (the page opened, reloaded or came back to the front).
   */
  networkChanged(osOnline: boolean, link?: LinkInfo, recheck?: boolean): Promise<void>;
  current(): SignedInScope | null;
  /**
   * Opens the signed-in scope again when its databases could not be opened (a full or
   * read-only disk): the scope, or null when there is none; throws that storage error while
   * they still cannot be opened.
   */
  reopen(): SignedInScope | null;
  sync: SyncEngine;
  /**
   * Replays the outbox now — all of it, or one lane (an action just taken). One replay at a
   * time: a caller waits for the one in progress, which may well have sent its intent already.
   */
  replay(lane?: string): Promise<ReplayResult | null>;
  /**
   * The queue changed: tell the renderer. `rowsToo` when the cached rows changed with it (an
   * action was sent, or went wrong): screens then read again what they show.
   */
  outboxChanged(rowsToo?: boolean): void;
  /** App-wide settings in app.db (not per account), e.g. the last connection report. */
  settings: Pick<AppStore, 'setting' | 'saveSetting'>;
}

/** The core's parts a service context is made of (create-core.ts). */
interface ContextParts extends Pick<
  ServiceContext,
  'options' | 'emit' | 'settings' | 'replay' | 'outboxChanged'
> {
  link: LinkState;
  engine: SyncEngine;
  session: Pick<ServiceContext, 'current' | 'reopen'>;
}

export function serviceContext(parts: ContextParts): ServiceContext {
  const { link, engine, session } = parts;
  return {
    options: parts.options,
    emit: parts.emit,
    isOnline: () => link.isOnline(),
    reportOffline: () => link.reportOffline(),
    reportOnline: () => link.reportOnline(),
    networkChanged: async (osOnline, seen, recheck = false) => {
      const heldBefore = engine.state().held;
      await link.networkChanged(osOnline, seen, recheck);
      // A full refresh that waited for the link runs once the link allows it.
      if (heldBefore !== null && holdFor(link.info()) === null && link.isOnline())
        void engine.run([], 'scheduled').catch(() => undefined);
    },
    current: () => session.current(),
    reopen: () => session.reopen(),
    sync: engine,
    replay: parts.replay,
    outboxChanged: parts.outboxChanged,
    settings: parts.settings,
  };
}

export function requireScope(ctx: ServiceContext): SignedInScope {
  const scope = ctx.current() ?? ctx.reopen();
  if (!scope) {
    throw new AppError({
      kind: 'not_signed_in',
      code: 'not_signed_in',
    });
  }
  if (!scope.record.organizationId) {
    throw new AppError({
      kind: 'not_signed_in',
      code: 'no_organization',
    });
  }
  return scope;
}

/** Runs one API call and keeps the connectivity state honest. */
export async function tracked<T>(ctx: ServiceContext, call: () => Promise<T>): Promise<T> {
  try {
    const value = await call();
    ctx.reportOnline();
    return value;
  } catch (error) {
    if (error instanceof AppError && traitsOf(error.kind).connectivity) ctx.reportOffline();
    throw error;
  }
}
