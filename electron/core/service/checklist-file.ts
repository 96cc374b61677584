/**
 * A mounting checklist file (the shipped defaults and an organization's own, policy
 * MountingChecklistFile) validated: its checks from the known ones, limits in metres only on
 * lengths, min not above max. A bad one is a problem with where and what (codes the catalogs
 * word), never a throw.
 */
import { z } from 'zod';
import { isObject, placeOf, withPairs } from './device-type-pairs';
import {
  CHECK_IDS,
  isLengthCheck,
  MAX_METRES,
  type CheckDef,
  type ChecklistFileProblem,
  type ChecklistSet,
} from '../../shared/mounting-checks';

const Metres = z.number().finite().min(0).max(MAX_METRES);
const CheckEntry = z
  .object({
    check: z.enum(CHECK_IDS),
    minMetres: Metres.optional(),
    maxMetres: Metres.optional(),
  })
  .strict()
  .superRefine((entry, ctx) => {
    const hasLimit = entry.minMetres !== undefined || entry.maxMetres !== undefined;
    if (hasLimit && !isLengthCheck(entry.check))
      ctx.addIssue({ code: 'custom', message: 'limits_on_confirm' });
    if (
      entry.minMetres !== undefined &&
      entry.maxMetres !== undefined &&
      entry.minMetres > entry.maxMetres
    )
      ctx.addIssue({ code: 'custom', message: 'min_above_max' });
  });

const CheckList = z
  .array(CheckEntry)
  .min(1)
  .max(CHECK_IDS.length)
  .refine((list) => new Set(list.map((c) => c.check)).size === list.length, 'repeated_check');

const ChecklistFile = z
  .object({
    /** By the device type's name as the server spells it (`device_type_name`), as the file's
     * [name, list] pairs (see `withPairs`). */
    deviceTypes: z.array(z.tuple([z.string().trim().min(1).max(120), CheckList])),
    otherDeviceTypes: CheckList,
  })
  .strict();

const toDef = (entry: z.output<typeof CheckEntry>): CheckDef =>
  isLengthCheck(entry.check)
    ? {
        id: entry.check,
        kind: 'length',
        minMetres: entry.minMetres ?? null,
        maxMetres: entry.maxMetres ?? null,
      }
    : { id: entry.check, kind: 'confirm' };

/** A parsed JSON value → the checklist set, or the first problem found. */
export const readChecklistFile = (
  raw: unknown,
  file: string,
): { set: ChecklistSet } | { problem: ChecklistFileProblem } => {
  const problem = (at: string, what: string): { problem: ChecklistFileProblem } => ({
    problem: { code: 'checklist_file_invalid', params: { file, at, problem: what } },
  });
  if (isObject(raw) && Object.hasOwn(raw, 'deviceTypes') && !isObject(raw.deviceTypes))
    return problem('deviceTypes', 'invalid_type');
  const parsed = ChecklistFile.safeParse(withPairs(raw));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // zod's own issue code or our refinement's: a token, not a sentence.
    return problem(
      placeOf(issue?.path ?? [], raw),
      issue?.code === 'custom' ? issue.message : (issue?.code ?? 'invalid'),
    );
  }
  const deviceTypes = new Map<string, CheckDef[]>();
  for (const [type, list] of parsed.data.deviceTypes) deviceTypes.set(type, list.map(toDef));
  return { set: { deviceTypes, otherDeviceTypes: parsed.data.otherDeviceTypes.map(toDef) } };
};
