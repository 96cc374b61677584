/**
 * The technician's view of queued actions: list, retry a failed one, discard one, resolve a
 * conflict, and the replay run itself (in order, state-checked, one run at a time).
 */
import type { OutboxItem, SyncReport } from '../../contract';
import { discard, replayOutbox, resolveConflict, retry, type ReplayEvent } from '../sync/replay';
import { applyDeviceChange } from './cache-patch';
import { requireScope, type ServiceContext, type SignedInScope } from './context';
import { tracked } from './read-service';

const NOTHING: SyncReport = { done: 0, failed: 0, conflicts: 0, remaining: 0 };

export const listOutbox = (ctx: ServiceContext): OutboxItem[] => ctx.current()?.outbox.list() ?? [];

export async function retryItem(ctx: ServiceContext, id: string): Promise<OutboxItem[]> {
  const scope = requireScope(ctx);
  await retry(scope.outbox, id);
  if (ctx.isOnline()) void ctx.sync().catch(() => undefined);
  return scope.outbox.list();
}

export async function discardItem(ctx: ServiceContext, id: string): Promise<OutboxItem[]> {
  const scope = requireScope(ctx);
  const item = scope.outbox.list().find((i) => i.id === id);
  await discard(scope.outbox, id);
  if (item) {
    await ctx.activity.add({
      action: item.kind,
      serial: item.serial,
      locationId: item.locationId,
      locationName: item.locationName,
      result: 'failed',
      detail: 'Discarded from the queue by the technician.',
    });
  }
  return scope.outbox.list();
}

export async function resolveItem(
  ctx: ServiceContext,
  id: string,
  resolution: 'move_here' | 'leave_there',
): Promise<OutboxItem[]> {
  const scope = requireScope(ctx);
  await resolveConflict(scope.outbox, id, resolution);
  if (resolution === 'move_here' && ctx.isOnline()) void ctx.sync().catch(() => undefined);
  return scope.outbox.list();
}

/** One replay of the signed-in scope's outbox. Joining concurrent runs is replay's job. */
export async function replay(ctx: ServiceContext): Promise<SyncReport> {
  const scope = ctx.current();
  if (!scope || !scope.record.organizationId) return NOTHING;
  // Recording is awaited before the run reports, so the activity log and the cache are
  // already right when the technician sees "synced".
  const records: Promise<void>[] = [];
  const report = await replayOutbox(scope.outbox, actionsFor(ctx, scope), {
    onEvent: (event) => {
      records.push(
        recordReplayEvent(ctx, scope, event).catch((error: unknown) => {
          ctx.options.log.warn('could not record a replayed action', { error: String(error) });
        }),
      );
    },
  });
  await Promise.all(records);
  ctx.emit({ type: 'sync', report });
  return report;
}

function actionsFor(ctx: ServiceContext, scope: SignedInScope) {
  return {
    getDevice: (serial: string) => tracked(ctx, () => scope.api.getDevice(serial)),
    install: (serial: string, locationId: string) =>
      tracked(ctx, () => scope.api.installDevice(serial, locationId)),
    uninstall: (serial: string, locationId?: string) =>
      tracked(ctx, () => scope.api.uninstallDevice(serial, locationId)),
  };
}

async function recordReplayEvent(ctx: ServiceContext, scope: SignedInScope, event: ReplayEvent) {
  const { item } = event;
  const base = {
    action: item.kind,
    serial: item.serial,
    locationId: item.locationId,
    locationName: item.locationName,
  };
  if (event.type === 'done') {
    await applyDeviceChange(scope, event.before.location ?? null, event.device);
    await ctx.activity.add({ ...base, result: 'done', detail: 'Sent from the queue.' });
  } else if (event.type === 'conflict') {
    const where = event.location.name;
    await ctx.activity.add({
      ...base,
      result: 'conflict',
      detail: `The device is installed at ${where}.`,
    });
  } else if (event.type === 'failed') {
    await ctx.activity.add({ ...base, result: 'failed', detail: event.error.message });
  }
}
