/**
 * The pick list (decision record 59): the serials of a box, scanned or pasted before or at the store into
 * the visit in progress, checked against the inventory saved on this computer (offline too),
 * then installed at a store one by one, each line its own install intent with its label. A
 * line's check is made once, in the background, and stored (pick-list-check.ts, decision 70):
 * a read is a pass over the stored lines. Its install state is read where it is kept: its intent
 * in the queue, then that intent's activity row (done, conflict, failed, discarded).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PICK_LINES_MAX, type ParsedInput, type PickInstall, type PickList } from '../../shared';
import { AppError } from '../app-error';
import { guarded } from '../db/storage-error';
import type { PickLineRow } from '../store/pick-list-rows';
import { requireScope, type ServiceContext, type SignedInScope } from './context';
import { installDevice } from './device-actions';
import { toItem } from './outbox-service';
import { checkPickLines, checkSlice, linesToCheck, stopPickCheck } from './pick-list-check';
import { checkLines, splitSerialList } from './pick-list-checks';

const NO_LIST: PickList = {
  visitId: null,
  expectedType: null,
  typeChosen: false,
  checking: null,
  lines: [],
};

/** On its way or done: it is not checked or installed again. A refused one may be tried again. */
const settled = (install: PickInstall | null): boolean =>
  install !== null &&
  (install.item !== null || install.entry === null || install.entry.result === 'done');

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

/** Lines read per turn of the event loop: a 2,000-line list read whole held the thread ~15 ms. */
const READ_PAGE = 400;

/**
 * The visit's lines, a page at a time with a turn between (decision record 70). A line added
 * meanwhile comes at the end (lines are numbered in the order added); one removed meanwhile
 * may still be in the answer, which the next read corrects.
 */
async function storedLines(
  scope: SignedInScope,
  visitId: string,
): Promise<{ rows: PickLineRow[]; installs: (PickInstall | null)[] }> {
  const { work } = scope.store;
  const rows: PickLineRow[] = [];
  const installs: (PickInstall | null)[] = [];
  for (let after = 0; ;) {
    const page = guarded(() => work.pickList.linesAfter(visitId, after, READ_PAGE));
    for (const row of page) {
      rows.push(row);
      installs.push(guarded(() => installOf(scope, row)));
    }
    if (page.length < READ_PAGE) return { rows, installs };
    after = page.at(-1)!.seq;
    await nextTurn();
  }
}

/** The list as stored: each line's stored check, its install where the queue keeps it. */
async function listOf(scope: SignedInScope, here: string | null): Promise<PickList> {
  const { work } = scope.store;
  const visit = guarded(() => work.activity.visits.current());
  if (!visit) return NO_LIST;
  const { rows, installs } = await storedLines(scope, visit.id);
  const chosen = guarded(() => work.pickList.expectedType(visit.id));
  const checked = checkLines(
    rows.map((row, i) => ({
      serial: row.serial,
      facts: row.facts,
      settled: settled(installs[i] ?? null),
    })),
    here,
    chosen,
  );
  const unchecked = rows.filter((row) => row.facts === null).length;
  return {
    visitId: visit.id,
    expectedType: checked.expectedType,
    typeChosen: chosen !== null,
    checking: unchecked > 0 ? { checked: rows.length - unchecked, lines: rows.length } : null,
    lines: rows.map((row, i) => {
      const line = checked.lines[i] ?? {
        serial: row.serial,
        deviceType: null,
        problem: null,
        checked: false,
      };
      const install = installs[i] ?? null;
      return {
        id: row.id,
        label: row.label,
        ...line,
        install,
        ready: line.checked && line.problem === null && !settled(install),
      };
    }),
  };
}

/** The list as stored; lines that wait for a check (new, or the inventory changed) get one. */
export async function readPickList(ctx: ServiceContext, locationId?: string): Promise<PickList> {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return NO_LIST;
  const list = await listOf(scope, locationId ?? null);
  // In the background: a failure there (the disk) is said by the next read or install.
  if (list.visitId !== null && guarded(() => linesToCheck(scope, list.visitId!)))
    checkPickLines(ctx).catch((error: unknown) =>
      ctx.options.log.warn('pick list check stopped', { error: String(error) }),
    );
  return list;
}

/** Lines an add checks before it answers: a scan, or a few typed. */
const CHECKED_IN_THE_ANSWER = 20;

/** A list is a box or a pallet of boxes: past this many lines it is refused (PICK_LINES_MAX). */
const listFull = (lines: number, adding: number): AppError => {
  const params = { max: PICK_LINES_MAX, lines, adding };
  return new AppError({
    kind: 'validation',
    code: 'pick_list_full',
    params,
    fields: { text: { code: 'pick_list_full', params } },
  });
};

export function addToPickList(
  ctx: ServiceContext,
  input: ParsedInput<'addToPickList'>,
): Promise<PickList> {
  const scope = requireScope(ctx);
  const serials = splitSerialList(input.text);
  const { work } = scope.store;
  if (serials.length > 0) {
    guarded(() =>
      work.db.transaction(() => {
        const visitId = work.activity.visits.ensureOpen().id;
        const lines = work.pickList.count(visitId);
        // Nothing is added then: the text stays where it was typed or pasted.
        if (lines + serials.length > PICK_LINES_MAX) throw listFull(lines, serials.length);
        work.pickList.add(visitId, serials);
      })(),
    );
    // A scan or a few lines come back checked; a paste's lines, in the background (its answer
    // is already the list of a pallet to build and send).
    if (serials.length <= CHECKED_IN_THE_ANSWER) checkSlice(ctx);
  }
  return readPickList(ctx, input.locationId);
}

/**
 * Stops the check under way and removes the lines it had not checked yet (a paste taken back);
 * the lines checked stay.
 */
export function cancelPickCheck(
  ctx: ServiceContext,
  input: ParsedInput<'cancelPickCheck'>,
): Promise<PickList> {
  const scope = requireScope(ctx);
  const { work } = scope.store;
  stopPickCheck(ctx);
  guarded(() => {
    const visit = work.activity.visits.current();
    if (visit) work.pickList.removeUnchecked(visit.id);
  });
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
): Promise<PickList> {
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
  if (input.serial !== undefined) checkSlice(ctx);
  return readPickList(ctx, input.locationId);
}

export function removePickLine(
  ctx: ServiceContext,
  input: ParsedInput<'removePickLine'>,
): Promise<PickList> {
  const scope = requireScope(ctx);
  guarded(() => scope.store.work.pickList.remove(input.id));
  return readPickList(ctx, input.locationId);
}

export function choosePickType(
  ctx: ServiceContext,
  input: ParsedInput<'choosePickType'>,
): Promise<PickList> {
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
  // Against the inventory as it is now: lines still waiting for their check are checked first.
  await checkPickLines(ctx);
  const lines = (await readPickList(ctx, locationId)).lines;
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
  // The installs changed the inventory: the answer is checked against it as it is now.
  await checkPickLines(ctx);
  return readPickList(ctx, locationId);
}
