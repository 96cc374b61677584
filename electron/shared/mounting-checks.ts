/**
 * The mounting checklist (decision record 55): which checks exist, what a checklist file says, and the one
 * rule that tells a measured value inside its limits from one outside (the core records with it,
 * the Verify screen asks for a reason with it). Shared by the core and the renderer (no zod, no
 * Node: it is compiled into the page); no words here — each check and each problem is a code
 * the message catalogs say. A checklist file is read by core/service/checklist-file.ts.
 */
/** Every check the app knows; a checklist file picks from these (their words are catalog keys). */
export const CHECK_IDS = [
  'mounting_height',
  'door_distance',
  'centred',
  'arrow_to_street',
  'view_clear',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/** Checks answered with a length (stored in metres); the others with yes / no. */
const LENGTH_CHECKS: ReadonlySet<CheckId> = new Set(['mounting_height', 'door_distance']);
export const isLengthCheck = (id: CheckId): boolean => LENGTH_CHECKS.has(id);

export type CheckDef =
  | { id: CheckId; kind: 'length'; minMetres: number | null; maxMetres: number | null }
  | { id: CheckId; kind: 'confirm' };

/** One device type's checks, or the list for device types the file does not name. A Map: a
 * device type is the server's text, and "constructor" or "__proto__" is a name like any other. */
export interface ChecklistSet {
  deviceTypes: ReadonlyMap<string, CheckDef[]>;
  otherDeviceTypes: CheckDef[];
}

/** The units a length is typed and said in (stored in metres). */
export const LENGTH_UNITS = ['m', 'ft'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

/** A length no mounting check needs to exceed (a limit or a value beyond it is a typo). */
export const MAX_METRES = 50;

/** Where in a checklist file a problem is, and what it is (a code the catalogs word). */
export interface ChecklistFileProblem {
  code: 'checklist_file_unreadable' | 'checklist_file_not_json' | 'checklist_file_invalid';
  params: { file: string; at: string; problem: string };
}

/** The checks for a device type (its own list, else the list for other types). */
export const checksFor = (set: ChecklistSet, deviceType: string | null): CheckDef[] =>
  (deviceType !== null ? set.deviceTypes.get(deviceType) : undefined) ?? set.otherDeviceTypes;

/** An answer as the technician gives it: a length in metres, or yes / no. */
export interface CheckAnswerInput {
  check: CheckId;
  metres?: number | undefined;
  /** The unit the technician typed the length in: it is said in that unit afterwards. */
  unit?: LengthUnit | undefined;
  yes?: boolean | undefined;
  reason?: string | undefined;
}

/** True when a length lies outside its check's limits (the limits themselves are inside). */
export const outsideLimits = (def: CheckDef, metres: number): boolean =>
  def.kind === 'length' &&
  // A millimetre of slack: 2.7 m typed as 8.86 ft is 2.70053 m, and 8.85 ft must not pass 2.7.
  ((def.minMetres !== null && metres < def.minMetres - 5e-4) ||
    (def.maxMetres !== null && metres > def.maxMetres + 5e-4));

/** An answer that needs a reason: a length outside its limits, or a check answered "no". */
export const needsReason = (def: CheckDef, answer: CheckAnswerInput): boolean =>
  def.kind === 'length'
    ? answer.metres !== undefined && outsideLimits(def, answer.metres)
    : answer.yes === false;

/** A recorded answer: the limits it was judged by travel with it, so the record stays true. */
export type RecordedCheck =
  | {
      check: CheckId;
      kind: 'length';
      metres: number;
      /** The unit it was typed in (absent: recorded before entries said theirs). */
      unit?: LengthUnit;
      minMetres: number | null;
      maxMetres: number | null;
      outside: boolean;
      reason: string | null;
    }
  | { check: CheckId; kind: 'confirm'; yes: boolean; reason: string | null };

/** What is wrong with a set of answers, per check (each a code the catalogs say). */
export type AnswerProblem = 'checklist_unanswered' | 'checklist_reason_needed';

/**
 * Answers → what is recorded, or each check's problem: every check answered, and a reason
 * wherever one is needed. Answers to checks the list does not have are left out.
 */
export const judgeAnswers = (
  defs: readonly CheckDef[],
  answers: readonly CheckAnswerInput[],
): { recorded: RecordedCheck[] } | { problems: Partial<Record<CheckId, AnswerProblem>> } => {
  const problems: Partial<Record<CheckId, AnswerProblem>> = {};
  const recorded: RecordedCheck[] = [];
  for (const def of defs) {
    const answer = answers.find((a) => a.check === def.id);
    const reason = answer?.reason?.trim() || null;
    if (def.kind === 'length' ? answer?.metres === undefined : answer?.yes === undefined) {
      problems[def.id] = 'checklist_unanswered';
      continue;
    }
    const given = answer as CheckAnswerInput;
    if (needsReason(def, given) && reason === null) {
      problems[def.id] = 'checklist_reason_needed';
      continue;
    }
    if (def.kind === 'length') {
      const metres = given.metres as number;
      const outside = outsideLimits(def, metres);
      recorded.push({
        check: def.id,
        kind: 'length',
        metres,
        ...(given.unit ? { unit: given.unit } : {}),
        minMetres: def.minMetres,
        maxMetres: def.maxMetres,
        outside,
        reason: outside ? reason : null,
      });
    } else {
      const yes = given.yes as boolean;
      recorded.push({ check: def.id, kind: 'confirm', yes, reason: yes ? null : reason });
    }
  }
  return Object.keys(problems).length > 0 ? { problems } : { recorded };
};
