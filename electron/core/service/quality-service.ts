/**
 * Installation quality (issue 27): the mounting checklist of a placed device, and the completion
 * rules IT set for this organization with what is still open in a visit.
 */
import type {
  ActivityEntry,
  ParsedInput,
  VisitCompletion,
  CheckDef,
  ChecklistSource,
} from '../../shared';
import { NO_RULES, openRules, type CompletionRules } from '../../shared/completion-rules';
import { checksFor, judgeAnswers } from '../../shared/mounting-checks';
import { AppError } from '../app-error';
import { guarded } from '../db/storage-error';
import { checklists } from './checklist-source';
import { recordAtStore } from './activity-facts';
import { requireScope, type ServiceContext, type SignedInScope } from './context';

/** The rules IT set, when they are for this organization (or for every organization). */
const rulesFor = (ctx: ServiceContext, scope: SignedInScope): CompletionRules => {
  const quality = ctx.options.managed?.quality;
  if (!quality?.rules) return NO_RULES;
  const { organizations } = quality;
  const organization = scope.record.organizationId;
  if (organizations !== null && (organization === null || !organizations.includes(organization)))
    return NO_RULES;
  return quality.rules;
};

/** What is open in a visit (its entries and photos as stored). */
export const completionOf = (
  ctx: ServiceContext,
  scope: SignedInScope,
  visitId: string | null,
): VisitCompletion => {
  const rules = rulesFor(ctx, scope);
  if (visitId === null) return { rules, open: [] };
  const { activity, photos } = scope.store.work;
  const entries = guarded(() => activity.list(visitId));
  const bySerial = new Map<string, number>();
  for (const photo of guarded(() => photos.list(visitId)))
    bySerial.set(photo.serial, (bySerial.get(photo.serial) ?? 0) + 1);
  return { rules, open: openRules(rules, entries, bySerial) };
};

export function visitCompletion(
  ctx: ServiceContext,
  input: ParsedInput<'visitCompletion'>,
): VisitCompletion {
  const scope = requireScope(ctx);
  const visitId = input.visitId ?? scope.store.work.activity.visits.current()?.id ?? null;
  return completionOf(ctx, scope, visitId);
}

export async function mountingChecklist(
  ctx: ServiceContext,
  input: ParsedInput<'mountingChecklist'>,
): Promise<{ checks: CheckDef[]; source: ChecklistSource }> {
  const { set, source } = await checklists(ctx);
  return { checks: checksFor(set, input.deviceType), source };
}

/**
 * Records a placed device's checklist in the visit in progress. Every check needs an answer
 * and every length outside its limits (or check answered "no") its reason; the limits it was
 * judged by are recorded with it.
 */
export async function recordChecklist(
  ctx: ServiceContext,
  input: ParsedInput<'recordChecklist'>,
): Promise<ActivityEntry> {
  const { set } = await checklists(ctx);
  const scope = requireScope(ctx);
  const defs = checksFor(set, input.deviceType);
  const judged = judgeAnswers(defs, input.answers);
  if ('problems' in judged) {
    const checks = Object.keys(judged.problems);
    throw new AppError({
      kind: 'validation',
      code: 'checklist_incomplete',
      params: { checks: checks.length },
      // The code names the problem, the fields each check's.
      fields: Object.fromEntries(
        Object.entries(judged.problems).map(([check, code]) => [check, { code }]),
      ),
    });
  }
  return recordAtStore(scope, input, {
    action: 'checklist',
    result: 'done',
    detail: 'mounting_checklist',
    fact: { kind: 'mounting_checklist', deviceType: input.deviceType, checks: judged.recorded },
  });
}
