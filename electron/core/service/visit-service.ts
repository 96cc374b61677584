/**
 * Visits and their activity, for the Activity screen and the receipt. The account scope's
 * work.db holds them, so what is listed is this organization's and this key's only (training
 * has its own scope).
 */
import type { ActivityEntry, ActivityFact, ParsedInput, Visit, WalkTestResult } from '../../shared';
import { verificationResult } from '../../shared/verification-result';
import { AppError } from '../app-error';
import { guarded } from '../db/storage-error';
import type { VisitRow } from '../store/visit-rows';
import { completionOf } from './quality-service';
import { requireScope, type ServiceContext, type SignedInScope } from './context';

const organizationOf = (scope: SignedInScope): Visit['organization'] => {
  const { organizationId, organizations } = scope.record;
  const found = organizations.find((o) => o.id === organizationId);
  return found ? { id: found.id, name: found.name } : null;
};

const toVisit = (scope: SignedInScope, row: VisitRow): Visit => ({
  ...row,
  organization: organizationOf(scope),
});

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
 * Finishes the visit in progress. With completion rules open it needs a reason, and then the
 * visit is recorded incomplete — an entry in its log says which rules and why, so Activity,
 * the receipt and the CSV all say it. Never refused with a reason: the technician may leave.
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
      if (open.length === 0 || reason === null) return work.activity.visits.finish();
      work.activity.add({
        action: 'finish_visit',
        serial: null,
        locationId: null,
        locationName: null,
        result: 'incomplete',
        fact: { kind: 'visit_incomplete', open, reason },
      });
      return work.activity.visits.finish({ open, reason });
    })(),
  );
  return row ? toVisit(scope, row) : null;
}

/** Passes a walk test asks for when the technician does not say. */
const DEFAULT_WALK_TEST_PASSES = 3;

/**
 * The walk test passes when the device counted at least the passes walked. A failed one is
 * recorded only with a reason, so the receipt never shows a failure nobody explained.
 */
export function walkTestOf(input: ParsedInput<'recordVerification'>): WalkTestResult {
  const expected = input.walkTestExpected ?? DEFAULT_WALK_TEST_PASSES;
  const passed = input.walkTestCount >= expected;
  const reason = input.walkTestReason?.trim() || null;
  if (!passed && reason === null) {
    throw new AppError({
      kind: 'validation',
      code: 'walk_test_short',
      params: { count: input.walkTestCount, expected },
      // Required when the walk test fell short.
      fields: { walkTestReason: { code: 'required' } },
    });
  }
  return { expected, counted: input.walkTestCount, passed, reason: passed ? null : reason };
}

export function recordVerification(
  ctx: ServiceContext,
  input: ParsedInput<'recordVerification'>,
): ActivityEntry {
  const scope = requireScope(ctx);
  const walkTest = walkTestOf(input);
  const locationName = scope.store.cache.locations.get(input.locationId)?.location.name ?? null;
  const fact: ActivityFact = {
    kind: 'verification',
    checkedIn: input.checkedIn,
    note: input.note?.trim() || null,
  };
  return guarded(() =>
    scope.store.work.activity.add({
      action: 'verify',
      serial: input.serial,
      locationId: input.locationId,
      locationName,
      // A failed walk test is not "verified": the result says so wherever it is read.
      result: verificationResult(input.checkedIn, walkTest.passed),
      fact,
      walkTest,
    }),
  );
}
