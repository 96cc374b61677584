/**
 * Visits and their activity, for the Activity screen and the receipt. The account scope's
 * work.db holds them, so what is listed is this organization's and this key's only (training
 * has its own scope).
 */
import type {
  ActivityEntry,
  ParsedInput,
  ReceiptCheck,
  RecordEntryInfo,
  RecordProof,
  SignOff,
  Visit,
  VisitReceipt,
} from '../../shared';
import { AppError } from '../app-error';
import { guarded } from '../db/storage-error';
import type { AccountStore } from '../store/account-store';
import type { VisitRow } from '../store/visit-rows';
import { compareWithReceipt } from '../record/receipt-check';
import type { RecordEntry } from '../record/record-entry';
import type { AmendmentBody } from '../record/visit-record';
import { activityOf, type VisitView } from '../record/visit-view';
import { completionOf } from './quality-service';
import { requireScope, type ServiceContext, type SignedInScope } from './context';
import { readVisit } from './visit-read';

/** The scope's organization, for visits whose record does not name it (from before). */
const organizationOf = (scope: SignedInScope): Visit['organization'] => {
  const { organizationId, organizations } = scope.record;
  const found = organizations.find((o) => o.id === organizationId);
  return found ? { id: found.id, name: found.name } : null;
};

/**
 * Each visit's proof as last read whole this session, while its record is unchanged (its
 * entry count and final hash): lists show it without reading every visit again.
 */
const proofs = new WeakMap<
  AccountStore,
  Map<string, { entries: number; finalHash: string | null; proof: RecordProof }>
>();
const proofsOf = (store: AccountStore) => {
  let found = proofs.get(store);
  if (!found) proofs.set(store, (found = new Map()));
  return found;
};

const signOffOf = (entry: RecordEntry | null): SignOff | null =>
  entry ? ({ ...(entry.body as Omit<SignOff, 'at'>), at: entry.at } as SignOff) : null;

/** What the record says of a visit, beside the row that keeps it open or finished. */
type VisitSays = Pick<VisitView, 'signOff' | 'incomplete' | 'started' | 'stores'>;

const toVisit = (scope: SignedInScope, row: VisitRow, says: VisitSays): Visit => {
  const { record } = scope.store.work.activity;
  const summary = record.summary(row.id);
  const known = proofsOf(scope.store).get(row.id);
  const fresh = known?.entries === summary.entries && known.finalHash === summary.finalHash;
  return {
    id: row.id,
    // The record's own start and sign-off time; the row's for visits recorded before them.
    startedAt: says.started?.at ?? row.startedAt,
    finishedAt: says.signOff?.at ?? row.finishedAt,
    entries: summary.entries,
    organization: says.started ? says.started.organization : organizationOf(scope),
    stores: says.stores,
    record: summary,
    signOff: says.signOff,
    incomplete: says.incomplete,
    proof: fresh ? known.proof : null,
  };
};

/** A visit's line in a list, from the few entries that say it (record/visit-record.ts headOf). */
const listedVisit = (scope: SignedInScope, row: VisitRow): Visit => {
  const head = scope.store.work.activity.record.headOf(row.id);
  const incomplete = head.incomplete
    ? activityOf(row.id, head.incomplete.subject ?? '', head.incomplete.body).fact
    : null;
  return toVisit(scope, row, {
    started: head.started
      ? {
          at: head.started.at,
          organization:
            (head.started.body as { organization?: Visit['organization'] }).organization ?? null,
        }
      : null,
    signOff: signOffOf(head.signOff),
    incomplete:
      incomplete?.kind === 'visit_incomplete'
        ? { open: incomplete.open, reason: incomplete.reason }
        : null,
    stores: head.stores,
  });
};

export function listVisits(ctx: ServiceContext): Visit[] {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return [];
  return guarded(() =>
    scope.store.work.activity.visits.list().map((row) => listedVisit(scope, row)),
  );
}

/** A visit read whole from its record, its proof remembered for the lists. */
async function readWhole(scope: SignedInScope, visitId: string): Promise<VisitReceipt | null> {
  const { work } = scope.store;
  const row = guarded(() => work.activity.visits.get(visitId));
  if (!row) return null;
  const read = await readVisit(work, visitId);
  if (!read) return null;
  const summary = work.activity.record.summary(visitId);
  proofsOf(scope.store).set(visitId, {
    entries: read.record.length,
    finalHash: read.record.at(-1)?.hash ?? null,
    proof: read.proof,
  });
  const visit = toVisit(scope, row, read.view);
  // Entries appended while it was read belong to the next read: the visit says what was read.
  return {
    visit: {
      ...visit,
      entries: read.record.length,
      record: {
        ...summary,
        entries: read.record.length,
        finalHash: read.record.at(-1)?.hash ?? null,
      },
      proof: read.proof,
    },
    entries: read.view.entries,
    photos: read.photos,
    record: read.record,
    proof: read.proof,
  };
}

export async function visitReceipt(
  ctx: ServiceContext,
  input: ParsedInput<'visitReceipt'>,
): Promise<VisitReceipt | null> {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return null;
  const id = input.visitId ?? guarded(() => scope.store.work.activity.visits.current()?.id);
  return id === undefined ? null : readWhole(scope, id);
}

export async function listActivity(
  ctx: ServiceContext,
  visitId?: string,
): Promise<ActivityEntry[]> {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return [];
  const id = visitId ?? guarded(() => scope.store.work.activity.visits.current()?.id);
  if (id === undefined) return [];
  return (await readWhole(scope, id))?.entries ?? [];
}

/**
 * Finishes the visit in progress with the store's sign-off as its last entry: the contact's
 * signature and printed name, or why nobody signed (the contract requires one or the other).
 * With completion rules open it also needs a reason, and then the visit is recorded
 * incomplete — an entry before the sign-off says which rules and why, so Activity, the receipt
 * and the CSV all say it. Never refused with a reason: the technician may leave.
 */
export function finishVisit(ctx: ServiceContext, input: ParsedInput<'finishVisit'>): Visit | null {
  const scope = requireScope(ctx);
  const { work } = scope.store;
  const current = guarded(() => work.activity.visits.current());
  if (!current) return null;
  const { open } = completionOf(ctx, scope, current.id);
  const reason = input.reason?.trim() || null;
  if (open.length > 0 && reason === null) {
    throw new AppError({
      kind: 'validation',
      code: 'visit_rules_open',
      params: { open: open.length },
      fields: { reason: { code: 'visit_rules_open', params: { open: open.length } } },
    });
  }
  const row = guarded(() =>
    work.db.transaction(() => {
      const incomplete = open.length > 0 && reason !== null ? { open, reason } : undefined;
      if (incomplete) {
        work.activity.add({
          action: 'finish_visit',
          serial: null,
          locationId: null,
          locationName: null,
          result: 'incomplete',
          fact: { kind: 'visit_incomplete', ...incomplete },
        });
      }
      const signed = work.activity.record.append({
        visitId: current.id,
        kind: 'sign_off',
        body: input.signOff,
      });
      return work.activity.visits.finish(incomplete, signed.at);
    })(),
  );
  return row ? guarded(() => listedVisit(scope, row)) : null;
}

/**
 * A correction: an amendment entry naming the record entry it corrects, with the reason. The
 * entry itself stays as it was; lists show the corrected value with its amendments.
 */
export function amendEntry(ctx: ServiceContext, input: ParsedInput<'amendEntry'>): ActivityEntry {
  const { work } = requireScope(ctx).store;
  return guarded(() =>
    work.db.transaction(() => {
      const entry = work.activity.get(input.entryId);
      const recorded = work.activity.record.ofSubject(input.entryId).at(-1);
      if (!entry || !recorded || entry.fact?.kind !== 'verification') {
        throw new AppError({
          kind: 'validation',
          code: 'entry_not_amendable',
          params: { field: input.field },
        });
      }
      const body: AmendmentBody = {
        corrects: recorded.id,
        field: input.field,
        value: input.value || null,
        previous: entry.fact.note,
        reason: input.reason,
      };
      work.activity.record.append({
        visitId: entry.visitId,
        kind: 'amendment',
        subject: entry.id,
        body,
      });
      return work.activity.get(entry.id) as ActivityEntry;
    })(),
  );
}

export async function visitRecordOf(
  ctx: ServiceContext,
  visitId: string,
): Promise<RecordEntryInfo[]> {
  const scope = requireScope(ctx);
  return (await readWhole(scope, visitId))?.record ?? [];
}

/** The visit a receipt names: by id, or by its hash (and the barcode's visit id prefix). */
const visitOfReceipt = (
  scope: SignedInScope,
  input: ParsedInput<'checkReceipt'>,
): string | undefined => {
  const { record } = scope.store.work.activity;
  if (input.visitId) return input.visitId;
  const found = record.visitsWithHash(input.hash);
  const prefix = input.visitPrefix;
  return prefix === undefined
    ? found[0]
    : found.find((id) => id.replace(/^v-/, '').replaceAll('-', '').startsWith(prefix));
};

/** A receipt against the record on this computer (see record/receipt-check.ts). */
export async function checkReceipt(
  ctx: ServiceContext,
  input: ParsedInput<'checkReceipt'>,
): Promise<ReceiptCheck> {
  const scope = requireScope(ctx);
  const visitId = guarded(() => visitOfReceipt(scope, input));
  const read = visitId === undefined ? null : await readWhole(scope, visitId);
  const receiptEntries = input.entries?.length ?? null;
  if (!read) {
    return {
      verdict: 'unknown',
      visitId: null,
      visitStartedAt: null,
      entry: null,
      entryKind: null,
      reason: null,
      chaining: null,
      entries: 0,
      receiptEntries,
    };
  }
  return {
    ...compareWithReceipt(read.record, read.proof, input),
    visitId: read.visit.id,
    visitStartedAt: read.visit.startedAt,
    chaining: read.proof.chaining,
    entries: read.record.length,
    receiptEntries,
  };
}
