/**
 * Drains the outbox: intents in the order they were taken, only the oldest of each device (or
 * store) at a time, each one state-checked before and after it is sent. An answer that is lost,
 * garbled, timed out or a 5xx after sending is an *unknown* outcome: the state is read back to
 * settle it, so an intent is never reported failed while the server may have applied it, and
 * never sent twice. Steps are recorded as they complete, so a crash resumes a move. A step the
 * server accepted for later (202, a pending status, a task id) is recorded as such and is done
 * only when a read shows it; until then nothing of the intent is sent again, and one that never
 * shows becomes a conflict for the technician (decision record 69).
 */
import type { AppErrorShape, SavedError, SyncReport } from '../../shared';
import { traitsOf } from '../../shared/error-traits';
import type { Device, Location, LocationRef } from '../api/records';
import type { DeviceChanges, NewLocation } from '../api/vendor-api';
import { AppError } from '../app-error';
import type { AcceptedStep, Intent, IntentRows, Lane } from '../store/intent-rows';
import { isAccepted, notApplied, UNREADABLE } from '../api/error-mapping';
import { changesApplied, planFor, planReplace, refOf, stepApplied, type Step } from './replay-plan';

/** The server calls a replay needs; the service adapts the API client to this. */
export interface ReplayApi {
  getDevice(serial: string): Promise<Device>;
  /**
   * The server's answer about the device from moments ago, still current as far as this app
   * knows (service/recent-answers.ts), or null: a first try is planned from it without asking
   * again.
   */
  recentDevice?(serial: string): Device | null;
  install(serial: string, locationId: string): Promise<Device>;
  uninstall(serial: string, locationId?: string): Promise<Device>;
  updateDevice(serial: string, changes: DeviceChanges): Promise<Device>;
  createLocation(input: NewLocation): Promise<Location>;
  /** A store with this name and address, if the server has one (a lost create answer). */
  findLocation(input: NewLocation): Promise<Location | null>;
  deleteLocation(id: string): Promise<void>;
  getLocation(id: string): Promise<Location>;
}

export type ReplayEvent =
  | { type: 'syncing'; intent: Intent }
  /** A step of a multi-step intent is done (a move's uninstall): the device as it is now. */
  | { type: 'step'; intent: Intent; device: Device }
  /** `before`: the device as the server had it when the replay checked; `device`: as it is now. */
  | {
      type: 'done';
      intent: Intent;
      device: Device | null;
      before: Device | null;
      location?: Location;
    }
  /** `location` null: the device is at no store (an accepted step that never showed). */
  | { type: 'conflict'; intent: Intent; location: LocationRef | null }
  /**
   * The server accepted a step for later: the intent waits for a read to show it. `device`:
   * as the server has it until then (null when not known).
   */
  | { type: 'accepted'; intent: Intent; device: Device | null }
  | { type: 'failed'; intent: Intent; error: AppErrorShape }
  /** Put back in the queue and the run stopped: offline, signed out, rate limited, 5xx. */
  | { type: 'deferred'; intent: Intent; error: SavedError };

export interface ReplayResult extends SyncReport {
  /** Why the run stopped early, if it did (the engine schedules the next try from it). */
  stoppedBy: AppErrorShape | null;
}

export interface ReplayOptions {
  /** Only this lane (a device's serial): an action the technician just took, sent at once. */
  lane?: string;
  onEvent?: (event: ReplayEvent) => void;
  /** A handler of an event failed (e.g. the cache could not be written): the send stands. */
  onEventError?: (error: unknown, event: ReplayEvent) => void;
  /** Stops before the next action (never mid-send, whose outcome would be unknown). */
  signal?: AbortSignal;
  /**
   * How long a step the server accepted may take to show before the intent becomes a conflict
   * (default ACCEPTED_PATIENCE_MS), and the clock it is measured by.
   */
  acceptedPatienceMs?: number;
  now?: () => number;
  /** The waits between reads of a change the server took but does not show yet (tests). */
  shownWaitsMs?: readonly number[];
}

/**
 * A step the server accepted is waited for this long (its background work normally takes
 * seconds): past it, the technician decides — send it again, or leave the device as it is.
 */
const ACCEPTED_PATIENCE_MS = 15 * 60_000;

/** Intents of one device, or of one store, run in order; different lanes are independent. */
export const laneOf = (intent: Intent): string =>
  intent.serial !== null ? `device:${intent.serial}` : `location:${intent.locationId ?? ''}`;

const shapeOf = (e: unknown): AppErrorShape =>
  e instanceof AppError ? e.toShape() : { kind: 'internal', code: 'action_failed' };

/** The lane `laneOf` names, as the queue's rows select it. */
const laneNamed = (lane: string): Lane =>
  lane.startsWith('device:')
    ? { serial: lane.slice('device:'.length) }
    : { serial: null, locationId: lane.slice('location:'.length) };

/** Heads read per query: a run skips the ones it tried already (put back for later). */
const HEADS_PAGE = 50;

/**
 * The oldest queued intent that is first in its lane, waits for no other and was not tried in
 * this run: read a page of heads at a time, so a send costs what its lane costs, not the
 * queue's length (5,000 queued actions read and parsed for every send held the thread for
 * tens of milliseconds each: decision record 70).
 */
function nextToSend(intents: IntentRows, tried: ReadonlySet<string>, lane?: string): Intent | null {
  const only = lane === undefined ? undefined : laneNamed(lane);
  for (let after = 0; ;) {
    const page = intents.queuedHeads(after, HEADS_PAGE, only);
    const next = page.intents.find((i) => i.waitingFor === null && !tried.has(i.id));
    if (next) return next;
    if (page.intents.length < HEADS_PAGE) return null;
    after = page.lastSeq;
  }
}

/** `later`: put back in the queue, the run goes on with other lanes and retries it after. */
type Outcome = 'done' | 'conflict' | 'failed' | 'stop' | 'later';

/**
 * The state read that was to settle an unknown outcome failed too (unreachable, garbled, a
 * 5xx): whether the server applied the change is still unknown, so the intent is never called
 * failed for it. It waits in the queue, saying what happened to the send (`sent`), and the next
 * try reads again before sending anything.
 */
class Unsettled extends Error {
  constructor(
    /** Kept with the intent: maybe from an earlier try, maybe by an earlier version. */
    readonly sent: SavedError,
    readonly read: AppErrorShape,
  ) {
    super('the outcome of a sent action is still unknown');
  }
}

/** Waits between reads of a change the server took but does not show yet (~8 s in all). */
const SHOWN_WAITS_MS: readonly number[] = [250, 500, 1_000, 2_000, 4_000];

/**
 * A placement the server answered with success but whose device does not show it (202
 * Accepted and applied in the background, or a read that lags the write): the next step would
 * meet the old state — a move's install answered "installed at" the store it is leaving, and
 * the half-done move dropped. Read until the state shows it; if it never does, the outcome is
 * unknown and the intent waits in the queue, planned again from state at its next try.
 */
const untilShown = (
  api: ReplayApi,
  step: Step,
  serial: string,
  sent: AppErrorShape,
  waits: readonly number[],
): Promise<Device> =>
  untilSeen(
    sent,
    async () => {
      const now = await api.getDevice(serial);
      return stepApplied(step, now) ? now : null;
    },
    waits,
  );

/** Reads (after each of `waits`) until `read` sees the change, else leaves it unsettled. */
async function untilSeen<T>(
  sent: AppErrorShape,
  read: () => Promise<T | null>,
  waits: readonly number[] = SHOWN_WAITS_MS,
): Promise<T> {
  for (const wait of waits) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    const seen = await settleBy(sent, read);
    if (seen !== null) return seen;
  }
  throw new Unsettled(sent, sent);
}

/** Reads the state that settles an unknown outcome (`sent`: what happened to the send). */
async function settleBy<T>(sent: SavedError, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new Unsettled(sent, shapeOf(error));
  }
}

export async function replayIntents(
  intents: IntentRows,
  api: ReplayApi,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  // What the server did is settled once the intent row says so; a local handler that fails
  // afterwards (a damaged cache) must not turn a completed send into a failed one.
  const emit = (event: ReplayEvent) => {
    try {
      options.onEvent?.(event);
    } catch (error) {
      options.onEventError?.(error, event);
    }
  };
  const visited = new Set<string>();
  let done = 0;
  let stoppedBy: AppErrorShape | null = null;
  let later: AppErrorShape | null = null;
  for (;;) {
    if (options.signal?.aborted) break;
    const next = nextToSend(intents, visited, options.lane);
    if (!next) break;
    visited.add(next.id);
    const { outcome, error } = await replayOne(intents, api, next, emit, {
      patienceMs: options.acceptedPatienceMs ?? ACCEPTED_PATIENCE_MS,
      now: options.now ?? Date.now,
      waits: options.shownWaitsMs ?? SHOWN_WAITS_MS,
    });
    if (outcome === 'done') done++;
    if (outcome === 'stop') {
      stoppedBy = error;
      break;
    }
    if (outcome === 'later') later ??= error;
  }
  const after = intents.countByState();
  return {
    done,
    failed: after.failed,
    conflicts: after.conflict,
    remaining: after.queued,
    // An intent left to settle later makes the engine try again after its backoff.
    stoppedBy: stoppedBy ?? later,
  };
}

/** How a replay treats steps the server accepted for later. */
interface Patience {
  patienceMs: number;
  now: () => number;
  /** Waits between reads of a change answered but not shown yet. */
  waits: readonly number[];
}

async function replayOne(
  intents: IntentRows,
  api: ReplayApi,
  queued: Intent,
  emit: (event: ReplayEvent) => void,
  patience: Patience,
): Promise<{ outcome: Outcome; error: AppErrorShape | null }> {
  const intent = intents.update(queued.id, { state: 'syncing', attempts: queued.attempts + 1 });
  emit({ type: 'syncing', intent });
  try {
    const settled = await send(intents, api, intent, emit, patience);
    if (settled.type === 'conflict') {
      // An accepted step that never showed keeps its acceptance: the card says since when.
      const updated = intents.update(intent.id, {
        state: 'conflict',
        conflictLocation: settled.location,
        lastError: settled.notApplied ? notApplied() : null,
      });
      emit({ type: 'conflict', intent: updated, location: settled.location });
      return { outcome: 'conflict', error: null };
    }
    const created = settled.result.location;
    intents.complete(
      intent.id,
      intent.kind === 'create_location' && created && intent.locationId
        ? { from: intent.locationId, to: created.id }
        : undefined,
    );
    emit({ type: 'done', intent: { ...intent, lastError: null }, ...settled.result });
    return { outcome: 'done', error: null };
  } catch (e) {
    if (e instanceof Unsettled) {
      const back = intents.update(intent.id, { state: 'queued', lastError: e.sent });
      emit({ type: 'deferred', intent: back, error: e.sent });
      // A wall every request would meet (offline, 429, 401) stops the run; a garbled read of
      // this one device does not hold the others back.
      return { outcome: traitsOf(e.read.kind).stopsReplay ? 'stop' : 'later', error: e.read };
    }
    if (e instanceof AppError && e.kind === 'conflict' && e.location) {
      const location = refOf(e.location);
      const updated = intents.update(intent.id, {
        state: 'conflict',
        conflictLocation: location,
        lastError: null,
      });
      emit({ type: 'conflict', intent: updated, location });
      return { outcome: 'conflict', error: null };
    }
    const error = shapeOf(e);
    if (traitsOf(error.kind).stopsReplay) {
      const back = intents.update(intent.id, { state: 'queued', lastError: error });
      emit({ type: 'deferred', intent: back, error });
      return { outcome: 'stop', error };
    }
    const failed = intents.update(intent.id, { state: 'failed', lastError: error });
    emit({ type: 'failed', intent: failed, error });
    return { outcome: 'failed', error };
  }
}

type Sent =
  | { type: 'done'; result: { device: Device | null; before: Device | null; location?: Location } }
  /** `notApplied`: an accepted step that did not show within the patience. */
  | { type: 'conflict'; location: LocationRef | null; notApplied?: boolean };

/** Where a device is, as a conflict names it. */
const whereIs = (device: Device): LocationRef | null =>
  device.location ? refOf(device.location) : null;

/**
 * A later try of an intent with a step the server accepted: the device once a read shows the
 * step (the intent then goes on from state as usual); else it waits on in the queue (thrown)
 * — or, past the patience, is a conflict naming where the device is. Nothing is sent.
 */
async function awaitAccepted(
  accepted: AcceptedStep,
  read: (serial: string) => Promise<Device>,
  patience: Patience,
): Promise<{ shown: Device } | { sent: Sent }> {
  const step = accepted.step as Step;
  const sent: AppErrorShape = { kind: 'bad_response', code: 'write_accepted' };
  const now = await settleBy(sent, () => read(accepted.serial));
  if (stepApplied(step, now)) return { shown: now };
  if (patience.now() - Date.parse(accepted.at) < patience.patienceMs)
    throw new Unsettled(sent, sent);
  return { sent: { type: 'conflict', location: whereIs(now), notApplied: true } };
}

/** What every kind's send needs: the queue, the server, the events and the patience. */
interface SendContext {
  intents: IntentRows;
  api: ReplayApi;
  emit: (event: ReplayEvent) => void;
  patience: Patience;
  /** What an earlier try of this intent met, when it may have reached the server. */
  earlierSend: SavedError | null;
}

type IntentOf<K extends Intent['kind']> = Extract<Intent, { kind: K }>;

const unknown = (e: unknown) => e instanceof AppError && traitsOf(e.kind).outcomeMayBeUnknown;

/** Sends one intent; an unknown outcome is settled by reading the state back. */
async function send(
  intents: IntentRows,
  api: ReplayApi,
  intent: Intent,
  emit: (event: ReplayEvent) => void,
  patience: Patience,
): Promise<Sent> {
  const earlierSend =
    intent.attempts > 1 &&
    intent.lastError !== null &&
    traitsOf(intent.lastError.kind).outcomeMayBeUnknown
      ? intent.lastError
      : null;
  const ctx: SendContext = { intents, api, emit, patience, earlierSend };
  switch (intent.kind) {
    case 'install':
    case 'uninstall':
    case 'move':
    case 'replace':
      return sendPlacement(ctx, intent);
    case 'update_device':
      return sendUpdate(ctx, intent);
    case 'create_location':
      return sendCreateLocation(ctx, intent);
    case 'delete_location':
      return sendDeleteLocation(ctx, intent);
  }
}

/** A device placed, taken away, moved or replaced: planned from its state, step by step. */
async function sendPlacement(
  { intents, api, emit, patience, earlierSend }: SendContext,
  intent: IntentOf<'install' | 'uninstall' | 'move' | 'replace'>,
): Promise<Sent> {
  const serial = intent.serial ?? '';
  // A try before this one may have been applied without our hearing of it: then this read
  // is what settles it, and failing it keeps the outcome unknown, not failed. A first try
  // has nothing to settle: the answer the technician just looked at plans it, when recent.
  const read = async (s: string) =>
    (intent.attempts === 1 ? api.recentDevice?.(s) : null) ??
    (earlierSend ? settleBy(earlierSend, () => api.getDevice(s)) : api.getDevice(s));
  // A step the server accepted earlier: done only once a read shows it; never sent again.
  let shown: Device | null = null;
  if (intent.accepted !== null) {
    const waited = await awaitAccepted(intent.accepted, read, patience);
    if ('sent' in waited) return waited.sent;
    intents.update(intent.id, { accepted: null });
    if (intent.accepted.serial === serial) shown = waited.shown;
  }
  const before = shown ?? (await read(serial));
  const plan =
    intent.kind === 'replace'
      ? planReplace(intent, intent.payload, await read(intent.payload.replaces), before)
      : planFor(intent, before, intent.payload?.changes);
  if (plan.type === 'conflict') return { type: 'conflict', location: plan.location };
  let device = before;
  if (plan.type === 'act') {
    let stepsDone = intent.stepsDone;
    for (const [index, step] of plan.steps.entries()) {
      // The server's spelling, from the read: the intent may hold a serial as typed.
      const target = (step.op !== 'update' && step.serial) || before.serial_number;
      /** Answered, but not shown yet: recorded, so no later try sends it again. */
      const waitToShow = async (sent: AppErrorShape): Promise<Device> => {
        const accepted: AcceptedStep = {
          at: new Date(patience.now()).toISOString(),
          serial: target,
          step,
        };
        // Until the server shows it, the device is as it was before this step.
        const was = target === device.serial_number ? device : null;
        emit({
          type: 'accepted',
          intent: intents.update(intent.id, { accepted }),
          device: was,
        });
        const shown = await untilShown(api, step, target, sent, patience.waits);
        intents.update(intent.id, { accepted: null });
        return shown;
      };
      try {
        device =
          step.op === 'install'
            ? await api.install(target, step.locationId)
            : step.op === 'uninstall'
              ? await api.uninstall(target, step.locationId)
              : await api.updateDevice(target, step.changes);
      } catch (e) {
        if (isAccepted(e)) {
          device = await waitToShow(e.toShape());
        } else {
          if (!unknown(e)) throw e;
          const now = await settleBy(shapeOf(e), () => api.getDevice(target));
          if (!stepApplied(step, now)) throw e;
          device = now;
        }
      }
      if (!stepApplied(step, device)) device = await waitToShow(UNREADABLE);
      stepsDone += 1;
      const updated = intents.update(intent.id, { stepsDone });
      if (index < plan.steps.length - 1) emit({ type: 'step', intent: updated, device });
    }
  }
  return { type: 'done', result: { device, before } };
}

/** A device's fields changed (PUT, idempotent). */
async function sendUpdate(
  { intents, api, emit, patience }: SendContext,
  intent: IntentOf<'update_device'>,
): Promise<Sent> {
  const serial = intent.serial ?? '';
  const changes = intent.payload;
  if (intent.accepted !== null) {
    const waited = await awaitAccepted(intent.accepted, (s) => api.getDevice(s), patience);
    if ('sent' in waited) return waited.sent;
    return { type: 'done', result: { device: waited.shown, before: null } };
  }
  try {
    const device = await api.updateDevice(serial, changes);
    return { type: 'done', result: { device, before: null } };
  } catch (e) {
    if (isAccepted(e)) {
      const step: Step = { op: 'update', changes };
      const accepted: AcceptedStep = {
        at: new Date(patience.now()).toISOString(),
        serial,
        step,
      };
      emit({
        type: 'accepted',
        intent: intents.update(intent.id, { accepted }),
        device: null,
      });
      const device = await untilShown(api, step, serial, e.toShape(), patience.waits);
      intents.update(intent.id, { accepted: null });
      return { type: 'done', result: { device, before: null } };
    }
    if (!unknown(e)) throw e;
    const now = await settleBy(shapeOf(e), () => api.getDevice(serial));
    // A field the server leaves out reads as null, as everywhere (changesApplied).
    const applied = changesApplied(changes, now);
    // PUT is idempotent: when it did not land, sending it again later is safe.
    if (!applied) throw e;
    return { type: 'done', result: { device: now, before: null } };
  }
}

/** A store created offline: looked for before it is sent again, never made twice. */
async function sendCreateLocation(
  { api, patience, earlierSend }: SendContext,
  intent: IntentOf<'create_location'>,
): Promise<Sent> {
  const input = intent.payload;
  const done = (location: Location): Sent => ({
    type: 'done',
    result: { device: null, before: null, location },
  });
  const find = (sent: SavedError | null) =>
    sent ? settleBy(sent, () => api.findLocation(input)) : api.findLocation(input);
  // Sent before (an answer lost and not settled then, or the app stopped while it was
  // out): the store may exist already, so look before sending it again.
  if (intent.attempts > 1) {
    const found = await find(earlierSend);
    if (found) return done(found);
  }
  try {
    return done(await api.createLocation(input));
  } catch (e) {
    if (!unknown(e)) throw e;
    const sent = shapeOf(e);
    // Before sending it again, look for it: a second store would be the worse mistake.
    const found = await find(sent);
    if (found) return done(found);
    // Answered 202 Accepted (made in the background): the store may appear in a moment.
    // Looked for a while, then left queued (its next try looks first), never called
    // failed. Any other 2xx without the store stays an answer the technician is told of.
    if (isAccepted(e))
      return done(await untilSeen(sent, () => api.findLocation(input), patience.waits));
    throw e;
  }
}

/** A store deleted: one already gone is done. */
async function sendDeleteLocation(
  { api }: SendContext,
  intent: IntentOf<'delete_location'>,
): Promise<Sent> {
  const id = intent.locationId ?? '';
  try {
    await api.deleteLocation(id);
  } catch (e) {
    if (e instanceof AppError && e.kind === 'not_found')
      return { type: 'done', result: { device: null, before: null } };
    if (!unknown(e)) throw e;
    const gone = await settleBy(shapeOf(e), () =>
      api.getLocation(id).then(
        () => false,
        (read: unknown) => {
          if (read instanceof AppError && read.kind === 'not_found') return true;
          throw read;
        },
      ),
    );
    if (!gone) throw e;
  }
  return { type: 'done', result: { device: null, before: null } };
}
