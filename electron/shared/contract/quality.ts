/** A visit's installation quality (decision records 55, 56): the completion rules and the mounting checklists. */
import type { ActivityEntry } from './visits';
import {
  CHECK_IDS,
  type CheckDef,
  type ChecklistFileProblem,
  LENGTH_UNITS,
  MAX_METRES,
} from '../mounting-checks';
import type { CompletionRules, OpenRule } from '../completion-rules';
import { Id, RULE, Serial } from './fields';
import { op } from './operation';
import { z } from 'zod';

/** Where the mounting checklists come from, and why an organization's file is not used. */
export interface ChecklistSource {
  /** null: the shipped defaults. */
  file: string | null;
  /** The policy's file could not be used: the shipped defaults are used instead. */
  problem: ChecklistFileProblem | null;
}

/** What completion needs in this organization, and what is open in a visit. */
export interface VisitCompletion {
  rules: CompletionRules;
  open: OpenRule[];
}

/** A placed device's checklist as its Verify screen asks it. */
export interface DeviceChecklist {
  /** The device's type as this computer has it (its saved copy): the checks follow it. */
  deviceType: string | null;
  checks: CheckDef[];
  /** The store's country (two letters), whose units lengths are asked in; null: not known. */
  country: string | null;
  /** The device's checklist in the visit in progress (one per device: saving again amends it). */
  recorded: ActivityEntry | null;
}

export const qualityOperations = {
  /** The completion rules of this organization and what is still open in a visit (default:
   * the one in progress). */
  visitCompletion: op(z.object({ visitId: Id.optional() }).strict()).returns<VisitCompletion>(),
  /** The mounting checklist of a device type (`device_type_name`; null: unknown type). */
  mountingChecklist: op(
    z.object({ deviceType: z.string().trim().max(120).nullable() }).strict(),
  ).returns<{ checks: CheckDef[]; source: ChecklistSource }>(),
  /** A placed device's checklist: its type's checks, the store's country, what is recorded. */
  deviceChecklist: op(
    z.object({ serial: Serial, locationId: Id }).strict(),
  ).returns<DeviceChecklist>(),
  /**
   * The mounting checklist's answers for a placed device, kept with the visit: one per device
   * and visit, amended when saved again (its row changes, the record keeps each version). The
   * checks are those of the device's type as this computer has it. Lengths in metres with the
   * unit they were typed in; a length outside its limits or a check answered "no" needs its
   * reason.
   */
  recordChecklist: op(
    z
      .object({
        serial: Serial,
        locationId: Id,
        answers: z
          .array(
            z
              .object({
                check: z.enum(CHECK_IDS),
                metres: z
                  .number()
                  .finite()
                  .min(0, RULE.length_range)
                  .max(MAX_METRES, RULE.length_range)
                  .optional(),
                unit: z.enum(LENGTH_UNITS).optional(),
                yes: z.boolean().optional(),
                reason: z.string().trim().max(300, RULE.reason_too_long).optional(),
              })
              .strict(),
          )
          .max(CHECK_IDS.length),
      })
      .strict(),
  ).returns<ActivityEntry>(),
};
