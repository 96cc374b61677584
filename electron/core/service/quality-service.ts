/**
 * Installation quality (decision records 55, 56): the mounting checklist of a placed device, and the completion
 * rules IT set for this organization with what is still open in a visit.
 */
import type {
  ActivityEntry,
  ActivityFact,
  ParsedInput,
  VisitCompletion,
  CheckDef,
  ChecklistSource,
  DeviceChecklist,
} from '../../shared';
import { NO_RULES, openRules, type CompletionRules } from '../../shared/completion-rules';
import { checksFor, judgeAnswers } from '../../shared/mounting-checks';
import { AppError } from '../app-error';
import { guarded } from '../db/storage-error';
import { viewOf } from '../record/visit-view';
import { checklists } from './checklist-source';
import { recordAtStore } from './activity-facts';
import { requireScope, type ServiceContext, type SignedInScope } from './context';
import { getDevice } from './read-service';

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
  // Its record's word (record/visit-view.ts), as the receipt and Activity say it.
  const { activity } = scope.store.work;
  const view = guarded(() => viewOf(visitId, activity.record.list(visitId)));
  const entries = view.entries;
  const bySerial = new Map<string, number>();
  for (const photo of view.photos)
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

/** The device's type as this computer has it (read from the server when it is not saved). */
const deviceTypeOf = async (ctx: ServiceContext, serial: string): Promise<string | null> =>
  (await getDevice(ctx, serial)).value.device_type_name ?? null;

/** The device's checklist row in the visit in progress, if it has one. */
const checklistEntryOf = (scope: SignedInScope, serial: string): ActivityEntry | null => {
  const { activity } = scope.store.work;
  const visit = guarded(() => activity.visits.current());
  if (!visit) return null;
  return (
    guarded(() => activity.list(visit.id)).findLast(
      (e) => e.serial === serial && e.action === 'checklist',
    ) ?? null
  );
};

export async function deviceChecklist(
  ctx: ServiceContext,
  input: ParsedInput<'deviceChecklist'>,
): Promise<DeviceChecklist> {
  const scope = requireScope(ctx);
  const deviceType = await deviceTypeOf(ctx, input.serial);
  const location = scope.store.cache.locations.get(input.locationId);
  return {
    deviceType,
    checks: checksFor((await checklists(ctx)).set, deviceType),
    country: location?.location.address?.country ?? null,
    recorded: checklistEntryOf(scope, input.serial),
  };
}

/**
 * Records a placed device's checklist in the visit in progress, by the checks of its type as
 * this computer has it. Every check needs an answer and every length outside its limits (or
 * check answered "no") its reason; the limits it was judged by are recorded with it. A device
 * has one checklist per visit: saved again, its row says the new answers and the visit's record
 * keeps both versions.
 */
export async function recordChecklist(
  ctx: ServiceContext,
  input: ParsedInput<'recordChecklist'>,
): Promise<ActivityEntry> {
  const scope = requireScope(ctx);
  const { set } = await checklists(ctx);
  const deviceType = await deviceTypeOf(ctx, input.serial);
  const defs = checksFor(set, deviceType);
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
  const fact: ActivityFact = { kind: 'mounting_checklist', deviceType, checks: judged.recorded };
  const earlier = checklistEntryOf(scope, input.serial);
  if (earlier) {
    const { work, cache } = scope.store;
    return guarded(() =>
      work.activity.change(earlier.id, {
        result: 'done',
        fact,
        sentAt: earlier.sentAt,
        locationId: input.locationId,
        locationName: cache.locations.nameOf(input.locationId),
      }),
    );
  }
  return recordAtStore(scope, input, {
    action: 'checklist',
    result: 'done',
    detail: 'mounting_checklist',
    fact,
  });
}
