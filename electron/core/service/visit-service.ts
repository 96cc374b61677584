/**
 * Visits and their activity, for the Activity screen and the receipt. The account scope's
 * work.db holds them, so what is listed is this organization's and this key's only (training
 * has its own scope).
 */
import type { ActivityEntry, Visit } from '../../contract';
import { guarded } from '../db/storage-error';
import type { VisitRow } from '../store/visit-rows';
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

export function finishVisit(ctx: ServiceContext): Visit | null {
  const scope = requireScope(ctx);
  const row = guarded(() => scope.store.work.activity.visits.finish());
  return row ? toVisit(scope, row) : null;
}
