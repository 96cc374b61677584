/**
 * What every service function gets: the signed-in session (if any), its API client, cache,
 * outbox, the activity log, connectivity, and the event emitter. Built by create-core.ts.
 */
import type { Organization, PushEvent, SyncReport } from '../../contract';
import { AppError } from '../app-error';
import type { VendorApi } from '../api/client';
import type { CacheScope } from '../store/cache';
import type { Outbox } from '../store/outbox-store';
import type { ActivityLog } from '../store/activity-log';
import type { CoreOptions } from '../core';

/** What is remembered about the session between runs. Never the key. */
export interface SessionRecord {
  baseUrl: string;
  training: boolean;
  user: { name: string } | null;
  organizations: Organization[];
  organizationId: string | null;
}

/** Everything that exists only while signed in to one base URL + organization. */
export interface SignedInScope {
  record: SessionRecord;
  api: VendorApi;
  cache: CacheScope;
  outbox: Outbox;
}

export interface ServiceContext {
  options: CoreOptions;
  activity: ActivityLog;
  emit(event: PushEvent): void;
  isOnline(): boolean;
  /** A request failed for lack of connection: go offline and start probing. */
  reportOffline(): void;
  reportOnline(): void;
  current(): SignedInScope | null;
  /** Runs the outbox now (joins a run in progress). */
  sync(): Promise<SyncReport>;
}

export function requireScope(ctx: ServiceContext): SignedInScope {
  const scope = ctx.current();
  if (!scope) {
    throw new AppError({
      kind: 'not_signed_in',
      message: 'You are not signed in.',
      nextStep: 'Sign in with your API key, or start training mode.',
    });
  }
  if (!scope.record.organizationId) {
    throw new AppError({
      kind: 'not_signed_in',
      message: 'No organization is chosen yet.',
      nextStep: 'Choose the organization you are working for.',
    });
  }
  return scope;
}
