/**
 * The pick list's check, off the reads (decision 70): each line's serial is looked up in the
 * inventory once and what it said is stored with the line, together with the inventory version
 * it was said against. Lines not checked against the current version — new ones, a serial
 * changed, the inventory changed since — are checked here in slices of a few milliseconds with
 * a turn of the event loop between them, so a 20,000-character paste never holds the core's
 * thread: every window stays live, the scanner is read, Cancel is heard. Progress goes out as
 * `pick-list-check` events (a few a second), and a `data-updated` when the list is checked.
 */
import { guarded } from '../db/storage-error';
import type { LineFacts } from '../store/pick-list-rows';
import type { ServiceContext, SignedInScope } from './context';
import { factsOf, type PickLookup } from './pick-list-checks';

/** A slice stops looking lines up once it has run this long (one lookup is well under it). */
const SLICE_MS = 4;
/** Lines read from work.db per slice at most. */
const SLICE_LINES = 200;
/** Progress events at most this often. */
const PROGRESS_EVERY_MS = 250;

interface Run {
  done: Promise<void>;
  cancelled: boolean;
  /** Asked again while running: the run looks for lines once more before it ends. */
  again: boolean;
}

const runs = new WeakMap<ServiceContext, Run>();

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const lookupIn = (scope: SignedInScope): PickLookup => {
  const { cache } = scope.store;
  return (serial) => {
    const spelling = cache.serials.spelling(serial);
    const found = spelling === null ? null : cache.devices.get(spelling);
    if (!found) return null;
    return {
      serial: found.device.serial_number,
      type: found.device.device_type_name ?? null,
      location: found.device.location ?? null,
    };
  };
};

/** Lines waiting for a check of the visit in progress (none without a signed-in visit). */
export function linesToCheck(scope: SignedInScope, visitId: string): boolean {
  const { work, cache } = scope.store;
  return work.pickList.toCheck(visitId, cache.devices.version(), 1).length > 0;
}

/** Facts found lately, by serial as scanned, for one inventory version: a repeat is one lookup. */
const recently = new WeakMap<
  ServiceContext,
  { version: string; bySerial: Map<string, LineFacts> }
>();

/**
 * One slice: lines of the visit in progress that wait for a check, looked up until SLICE_MS
 * has passed, and their facts stored in one transaction. False when none waits (any more).
 */
export function checkSlice(ctx: ServiceContext): boolean {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return false;
  const { work, cache } = scope.store;
  const visit = guarded(() => work.activity.visits.current());
  if (!visit) return false;
  const version = cache.devices.version();
  let known = recently.get(ctx);
  if (known?.version !== version) {
    known = { version, bySerial: new Map() };
    recently.set(ctx, known);
  }
  const waiting = guarded(() => work.pickList.toCheck(visit.id, version, SLICE_LINES));
  if (waiting.length === 0) return false;
  const lookup = lookupIn(scope);
  const started = performance.now();
  const found: { id: string; facts: LineFacts }[] = [];
  for (const line of waiting) {
    const facts = known.bySerial.get(line.serial) ?? guarded(() => factsOf(line.serial, lookup));
    known.bySerial.set(line.serial, facts);
    found.push({ id: line.id, facts });
    if (performance.now() - started >= SLICE_MS) break;
  }
  guarded(() => work.pickList.storeChecks(found, version));
  return true;
}

/**
 * Checks every line of the visit in progress that waits for it, a slice per turn of the event
 * loop; one run at a time per core (a second call joins the run, which then looks once more).
 * Resolves when none waits.
 */
export function checkPickLines(ctx: ServiceContext): Promise<void> {
  const running = runs.get(ctx);
  if (running) {
    running.again = true;
    return running.done;
  }
  const run: Run = { done: Promise.resolve(), cancelled: false, again: false };
  run.done = checkAll(ctx, run).finally(() => {
    if (runs.get(ctx) === run) runs.delete(ctx);
    recently.delete(ctx);
  });
  runs.set(ctx, run);
  return run.done;
}

/** Stops the run in progress (between two slices). */
export function stopPickCheck(ctx: ServiceContext): void {
  const running = runs.get(ctx);
  if (running) running.cancelled = true;
  runs.delete(ctx);
}

async function checkAll(ctx: ServiceContext, run: Run): Promise<void> {
  let checkedAny = false;
  let lastProgress = 0;
  for (;;) {
    // A turn first: the answer that asked for the check goes out before the check goes on.
    await turn();
    if (run.cancelled) return;
    if (!checkSlice(ctx)) {
      if (!run.again) break;
      run.again = false;
      continue;
    }
    checkedAny = true;
    if (performance.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = performance.now();
      emitProgress(ctx);
    }
  }
  if (checkedAny) {
    emitProgress(ctx);
    ctx.emit({ type: 'data-updated', resource: 'pick-list' });
  }
}

function emitProgress(ctx: ServiceContext): void {
  const scope = ctx.current();
  const visit = scope ? guarded(() => scope.store.work.activity.visits.current()) : null;
  if (!scope || !visit) return;
  const { unchecked, lines } = guarded(() => scope.store.work.pickList.progress(visit.id));
  ctx.emit({ type: 'pick-list-check', visitId: visit.id, checked: lines - unchecked, lines });
}
