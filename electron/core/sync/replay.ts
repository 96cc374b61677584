/**
 * Replays the outbox in order once the connection is back. Each item re-reads the device
 * first (see replay-plan), so a replay interrupted at any point can simply run again.
 */
import type { AppErrorShape, ErrorKind, LocationRef, OutboxItem, SyncReport } from '../../contract';
import type { Device } from '../api/wire';
import { AppError, isConnectivityError } from '../app-error';
import type { Outbox } from '../store/outbox-store';
import { planFor, refOf } from './replay-plan';

export {
  discard,
  resolveConflict,
  retry,
  type ConflictResolution,
  type ResolutionResult,
} from './resolution';

/** The three server calls a replay needs; the service adapts the API client to this. */
export interface DeviceActions {
  getDevice(serial: string): Promise<Device>;
  install(serial: string, locationId: string): Promise<Device>;
  uninstall(serial: string, locationId?: string): Promise<Device>;
}

export type ReplayEvent =
  | { type: 'syncing'; item: OutboxItem }
  /** `before`: the device as the server had it when the replay checked; `device`: as it is now. */
  | { type: 'done'; item: OutboxItem; device: Device; before: Device }
  | { type: 'conflict'; item: OutboxItem; location: LocationRef }
  | { type: 'failed'; item: OutboxItem; error: AppErrorShape }
  /** Put back in the queue and the run stopped: offline again, signed out, rate limited. */
  | { type: 'deferred'; item: OutboxItem; error: AppErrorShape };

export interface ReplayOptions {
  onEvent?: (event: ReplayEvent) => void;
}

// Besides lost connectivity, these say nothing about the item itself: every later item
// would hit the same wall, so the run stops and the items wait instead of all "failing".
const STOP_KINDS: ReadonlySet<ErrorKind> = new Set([
  'unauthorized',
  'not_signed_in',
  'keychain_unavailable',
  'rate_limited',
]);
const stopsTheRun = (e: unknown): e is AppError =>
  isConnectivityError(e) || (e instanceof AppError && STOP_KINDS.has(e.kind));

const shapeOf = (e: unknown): AppErrorShape =>
  e instanceof AppError
    ? e.toShape()
    : {
        kind: 'server',
        message: 'The queued action could not be completed.',
        nextStep: 'Try it again; if it keeps failing, discard it and do the action again.',
      };

const running = new WeakMap<Outbox, Promise<SyncReport>>();

/**
 * Replays queued items oldest first. Never runs twice at once for one outbox: a second call
 * joins the running one. Items of a serial wait behind any earlier item of the same serial,
 * so a device's actions are never applied out of order.
 *
 * Report: `done` = completed in this run; `failed`, `conflicts`, `remaining` (queued) =
 * what the outbox holds afterwards.
 */
export function replayOutbox(
  outbox: Outbox,
  actions: DeviceActions,
  options: ReplayOptions = {},
): Promise<SyncReport> {
  const current = running.get(outbox);
  if (current) return current;
  const run = runReplay(outbox, actions, options.onEvent ?? (() => undefined)).finally(() =>
    running.delete(outbox),
  );
  running.set(outbox, run);
  return run;
}

async function runReplay(
  outbox: Outbox,
  actions: DeviceActions,
  emit: (event: ReplayEvent) => void,
): Promise<SyncReport> {
  const visited = new Set<string>();
  let done = 0;
  for (;;) {
    // Only the oldest item of each device may run: a later one waits while an earlier one is
    // failed, in conflict, or already tried in this run (e.g. retried meanwhile), so a device's
    // actions are applied in the order they were taken.
    const heads = new Map<string, OutboxItem>();
    for (const item of outbox.list()) if (!heads.has(item.serial)) heads.set(item.serial, item);
    const next = [...heads.values()].find((i) => i.state === 'queued' && !visited.has(i.id));
    if (!next) break;
    visited.add(next.id);
    const outcome = await replayOne(outbox, actions, next, emit);
    if (outcome === 'done') done++;
    if (outcome === 'stop') break;
  }
  const after = outbox.list();
  const count = (state: OutboxItem['state']): number =>
    after.filter((i) => i.state === state).length;
  return {
    done,
    failed: count('failed'),
    conflicts: count('conflict'),
    remaining: count('queued'),
  };
}

async function replayOne(
  outbox: Outbox,
  actions: DeviceActions,
  queued: OutboxItem,
  emit: (event: ReplayEvent) => void,
): Promise<'done' | 'conflict' | 'failed' | 'stop'> {
  const item = await outbox.update(queued.id, { state: 'syncing', attempts: queued.attempts + 1 });
  emit({ type: 'syncing', item });
  try {
    const before = await actions.getDevice(item.serial);
    let device = before;
    const plan = planFor(item, before);
    if (plan.type === 'conflict') return await markConflict(outbox, item, plan.location, emit);
    if (plan.type === 'act') {
      for (const step of plan.steps) {
        device =
          step.op === 'install'
            ? await actions.install(item.serial, step.locationId)
            : await actions.uninstall(item.serial, step.locationId);
      }
    }
    await outbox.remove(item.id);
    emit({ type: 'done', item: { ...item, state: 'done', lastError: null }, device, before });
    return 'done';
  } catch (e) {
    // Someone installed it elsewhere between our check and our request.
    if (e instanceof AppError && e.kind === 'conflict' && e.location) {
      return await markConflict(outbox, item, refOf(e.location), emit);
    }
    const error = shapeOf(e);
    if (stopsTheRun(e)) {
      const back = await outbox.update(item.id, { state: 'queued', lastError: error });
      emit({ type: 'deferred', item: back, error });
      return 'stop';
    }
    const failed = await outbox.update(item.id, { state: 'failed', lastError: error });
    emit({ type: 'failed', item: failed, error });
    return 'failed';
  }
}

async function markConflict(
  outbox: Outbox,
  item: OutboxItem,
  location: LocationRef,
  emit: (event: ReplayEvent) => void,
): Promise<'conflict'> {
  const updated = await outbox.update(item.id, {
    state: 'conflict',
    conflictLocation: location,
    lastError: null,
  });
  emit({ type: 'conflict', item: updated, location });
  return 'conflict';
}
