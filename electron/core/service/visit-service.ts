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
  SignOff,
  Visit,
} from '../../shared';
import { AppError } from '../app-error';
import { guarded } from '../db/storage-error';
import type { VisitRow } from '../store/visit-rows';
import { compareWithReceipt } from '../record/receipt-check';
import { entryInfo, type AmendmentBody, type VisitRecord } from '../record/visit-record';
import { completionOf } from './quality-service';
import { requireScope, type ServiceContext, type SignedInScope } from './context';

const organizationOf = (scope: SignedInScope): Visit['organization'] => {
  const { organizationId, organizations } = scope.record;
  const found = organizations.find((o) => o.id === organizationId);
  return found ? { id: found.id, name: found.name } : null;
};

/** The sign-off a visit's record holds (the last, should there be more). */
const signOffOf = (record: VisitRecord, visitId: string): SignOff | null => {
  const entry = record.list(visitId).findLast((e) => e.kind === 'sign_off');
  if (!entry) return null;
  const body = entry.body as Omit<SignOff, 'at'>;
  return { ...body, at: entry.at } as SignOff;
};

const toVisit = (scope: SignedInScope, row: VisitRow): Visit => {
  const { record } = scope.store.work.activity;
  return {
    ...row,
    organization: organizationOf(scope),
    record: record.summary(row.id),
    signOff: signOffOf(record, row.id),
  };
};

export function listVisits(ctx: ServiceContext): Visit[] {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return [];
  return scope.store.work.activity.visits.list().map((row) => toVisit(scope, row));
}

export function listActivity(ctx: ServiceContext, visitId?: string): ActivityEntry[] {
  const scope = ctx.current();
  if (!scope?.record.organizationId) return [];
  const { activity } = scope.store.work;
  const id = visitId ?? activity.visits.current()?.id;
  return id === undefined ? [] : activity.list(id);
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
      work.activity.record.append({ visitId: current.id, kind: 'sign_off', body: input.signOff });
      return work.activity.visits.finish(incomplete);
    })(),
  );
  return row ? toVisit(scope, row) : null;
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

export function visitRecordOf(ctx: ServiceContext, visitId: string): RecordEntryInfo[] {
  return requireScope(ctx).store.work.activity.record.list(visitId).map(entryInfo);
}

/** A receipt against the record on this computer (see record/receipt-check.ts). */
export function checkReceipt(
  ctx: ServiceContext,
  input: ParsedInput<'checkReceipt'>,
): ReceiptCheck {
  const { record, visits } = requireScope(ctx).store.work.activity;
  const visitId = input.visitId ?? record.visitsWithHash(input.hash)[0];
  const visit = visitId === undefined ? null : visits.get(visitId);
  const receiptEntries = input.entries?.length ?? null;
  if (!visit) {
    return {
      verdict: 'unknown',
      visitId: null,
      visitStartedAt: null,
      entry: null,
      entryKind: null,
      entries: 0,
      receiptEntries,
    };
  }
  const stored = record.list(visit.id);
  return {
    ...compareWithReceipt(stored, input),
    visitId: visit.id,
    visitStartedAt: visit.startedAt,
    entries: stored.length,
    receiptEntries,
  };
}
