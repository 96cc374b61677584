/**
 * The pick list (issue 28): the serials of a box, scanned or pasted before or at the store into
 * the visit in progress, checked at every read against the inventory saved on this computer
 * (offline too), then installed at a store one by one, each line its own install intent with its
 * label. A line's state is read where it is kept: its intent in the queue, then that intent's
 * activity row (done, conflict, failed, discarded).
 */
import type { ParsedInput, PickInstall, PickList } from '../../contract';
import { guarded } from '../db/storage-error';
import type { PickLineRow } from '../store/pick-list-rows';
import { requireScope, type ServiceContext, type SignedInScope } from './context';
import { installDevice } from './device-actions';
import { toItem } from './outbox-service';
import { checkLines, splitSerialList, type PickLookup } from './pick-list-checks';

/** "Did you mean" serials per unknown line. */
const NEAR_PER_LINE = 3;

const NO_LIST: PickList = { visitId: null, expectedType: null, typeChosen: false, lines: [] };

/** On its way or done: it is not checked or installed again. A refused one may be tried again. */
const settled = (install: PickInstall | null): boolean =>
  install !== null &&
  (install.item !== null || install.entry === null || install.entry.result === 'done');

const lookupIn = (scope: SignedInScope): PickLookup => {
  const { cache } = scope.store;
  return {
    device(serial) {
      const spelling = cache.serials.spelling(serial);
      const found = spelling === null ? null : cache.devices.get(spelling);
      if (!found) return null;
      return {
        serial: found.device.serial_number,
        type: found.device.device_type_name ?? null,
        location: found.device.location ?? null,
      };
    },
    near: (serial) => cache.serials.near(serial, NEAR_PER_LINE),
  };
};

function installOf(scope: SignedInScope, row: PickLineRow): PickInstall | null {
  if (row.intentId === null || row.locationId === null) return null;
  const { work } = scope.store;
  const intent = work.intents.get(row.intentId);
  return {
    intentId: row.intentId,
    locationId: row.locationId,
    item: intent ? toItem(intent) : null,
    entry: intent ? null : work.activity.ofIntent(row.intentId),
  };
}

function listOf(scope: SignedInScope, here: string | null): PickList {
  const { work } = scope.store;
  const visit = work.activity.visits.current();
  if (!visit) return NO_LIST;
  const rows = work.pickList.lines(visit.id);
  const installs = rows.map((row) => installOf(scope, row));
  const chosen = work.pickList.expectedType(visit.id);
  const checked = checkLines(
    rows.map((row, i) => ({ serial: row.serial, settled: settled(installs[i] ?? null) })),
    lookupIn(scope),
    here,
    chosen,
  );
  return {
    visitId: visit.id,
    expectedType: checked.expectedType,
    typeChosen: chosen !== null,
    lines: rows.map((row, i) => {
      const line = checked.lines[i] ?? { serial: row.serial, deviceType: null, problem: null };
      const install = installs[i] ?? null;
      return {
        id: row.id,
        label: row.label,
        ...line,
        install,
        ready: line.problem === null && !settled(install),
      };
    }),
  };
}

export function readPickList(ctx: ServiceContext, locationId?: string): PickList {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return NO_LIST;
  return guarded(() => listOf(scope, locationId ?? null));
}

export function addToPickList(ctx: ServiceContext, input: ParsedInput<'addToPickList'>): PickList {
  const scope = requireScope(ctx);
  const serials = splitSerialList(input.text);
  const { work } = scope.store;
  if (serials.length > 0) {
    guarded(() =>
      work.db.transaction(() => work.pickList.add(work.activity.visits.ensureOpen().id, serials))(),
    );
  }
  return readPickList(ctx, input.locationId);
}

/** A line of the visit in progress that may still change: not installed, not on its way. */
function changeable(scope: SignedInScope, id: string): PickLineRow | null {
  const { work } = scope.store;
  const line = work.pickList.get(id);
  if (!line || line.visitId !== work.activity.visits.current()?.id) return null;
  return settled(installOf(scope, line)) ? null : line;
}

/**
 * The answer is the list as stored: a line removed meanwhile (or installed, whose label went
 * with its install) shows as it is, rather than an error about a line no longer there.
 */
export function changePickLine(
  ctx: ServiceContext,
  input: ParsedInput<'changePickLine'>,
): PickList {
  const scope = requireScope(ctx);
  const { work } = scope.store;
  guarded(() =>
    work.db.transaction(() => {
      if (!changeable(scope, input.id)) return;
      work.pickList.change(input.id, {
        ...(input.serial === undefined ? {} : { serial: input.serial }),
        ...(input.label === undefined ? {} : { label: input.label === '' ? null : input.label }),
      });
    })(),
  );
  return readPickList(ctx, input.locationId);
}

export function removePickLine(
  ctx: ServiceContext,
  input: ParsedInput<'removePickLine'>,
): PickList {
  const scope = requireScope(ctx);
  guarded(() => scope.store.work.pickList.remove(input.id));
  return readPickList(ctx, input.locationId);
}

export function choosePickType(
  ctx: ServiceContext,
  input: ParsedInput<'choosePickType'>,
): PickList {
  const { work } = requireScope(ctx).store;
  guarded(() =>
    work.db.transaction(() =>
      work.pickList.chooseType(work.activity.visits.ensureOpen().id, input.deviceType),
    )(),
  );
  return readPickList(ctx, input.locationId);
}

/** One run at a time per core: a second press waits, then finds the lines already on their way. */
const runs = new WeakMap<ServiceContext, Promise<unknown>>();

export function installPickList(ctx: ServiceContext, locationId: string): Promise<PickList> {
  const run = (runs.get(ctx) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => installLines(ctx, locationId));
  runs.set(ctx, run);
  return run;
}

/**
 * Each line without a problem, in the order scanned, through the one install there is: its
 * intent is committed together with the line's link to it, then sent (online) like any install.
 * A refusal once it exists (a conflict found on sending, the server saying no) is the line's
 * outcome, recorded with the action; a failure before (the disk) stops the run.
 */
async function installLines(ctx: ServiceContext, locationId: string): Promise<PickList> {
  const scope = requireScope(ctx);
  const { pickList } = scope.store.work;
  const lines = readPickList(ctx, locationId).lines;
  for (const line of lines) {
    if (!line.ready) continue;
    // Removed or installed by another window since the list was read.
    if (guarded(() => changeable(scope, line.id)) === null) continue;
    const label = line.label ?? undefined;
    try {
      await installDevice(ctx, line.serial, locationId, label, (intent) =>
        pickList.installing(line.id, intent.id, locationId),
      );
    } catch (error) {
      const linked = guarded(() => pickList.get(line.id)?.intentId ?? null);
      if (linked !== null && linked !== (line.install?.intentId ?? null)) continue;
      throw error;
    }
  }
  return readPickList(ctx, locationId);
}
