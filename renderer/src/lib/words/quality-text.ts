/**
 * The mounting checklist and the completion rules in the technician's language: one place for
 * the Verify screen, Activity, the receipt and the CSV, so each says them the same (pure,
 * unit-tested per locale). Lengths in the unit each was typed in (length-units.ts).
 */
import type {
  ChecklistFileProblem,
  CheckDef,
  CompletionRules,
  OpenRule,
  RecordedCheck,
} from '$shared';
import type { CheckId } from '$shared/mounting-checks';
import { formatLocale } from './active-locale';
import { formatNumber } from './format';
import { m } from './i18n';
import { formatLength, lengthUnitFor, type LengthUnit } from './length-units';

const CHECK_NAMES: Record<CheckId, () => string> = {
  mounting_height: m.checklist_check_mounting_height,
  door_distance: m.checklist_check_door_distance,
  centred: m.checklist_check_centred,
  arrow_to_street: m.checklist_check_arrow_to_street,
  view_clear: m.checklist_check_view_clear,
};

export const checkName = (id: CheckId): string => CHECK_NAMES[id]();

/** "at least 2.7 m", "at most 4.5 m", "2.32 m to 3 m" in `unit`; null when there are none. */
const limitsText = (
  limits: { minMetres: number | null; maxMetres: number | null },
  unit: LengthUnit,
  locale: string = formatLocale(),
): string | null => {
  const { minMetres, maxMetres } = limits;
  const text = (metres: number) => formatLength(metres, unit, locale);
  if (minMetres !== null && maxMetres !== null)
    return m.checklist_limit_range({ min: text(minMetres), max: text(maxMetres) });
  if (minMetres !== null) return m.checklist_limit_min({ min: text(minMetres) });
  if (maxMetres !== null) return m.checklist_limit_max({ max: text(maxMetres) });
  return null;
};

/** A check's limits in the unit its field asks in. */
export const defLimitsText = (def: CheckDef, unit: LengthUnit, locale?: string): string | null =>
  def.kind === 'length' ? limitsText(def, unit, locale) : null;

/** One recorded answer: "Mounting height: 2.5 m, outside the limits (2.7 m or more): …". */
export const answerText = (answer: RecordedCheck, locale: string = formatLocale()): string => {
  const check = checkName(answer.check);
  if (answer.kind === 'confirm') {
    return answer.yes
      ? m.checklist_answer({ check, value: m.checklist_yes() })
      : m.checklist_answer_no({ check, reason: answer.reason ?? '' });
  }
  // In the unit it was typed in (an answer recorded before answers kept theirs: the locale's).
  const unit = answer.unit ?? lengthUnitFor(locale);
  const value = formatLength(answer.metres, unit, locale);
  return answer.outside
    ? m.checklist_answer_outside({
        check,
        value,
        limits: limitsText(answer, unit, locale) ?? '',
        reason: answer.reason ?? '',
      })
    : m.checklist_answer({ check, value });
};

/** The whole checklist as one line (Activity's detail, the CSV, the receipt). */
export const checklistText = (checks: readonly RecordedCheck[], locale?: string): string =>
  m.checklist_recorded({
    answers: checks.map((c) => answerText(c, locale)).join(m.follow_up_separator()),
  });

/** One open rule: "FTC-1: 1 of 2 placement photos". */
export const openRuleText = (rule: OpenRule): string => {
  switch (rule.rule) {
    case 'photos':
      return m.completion_open_photos({
        serial: rule.serial,
        have: formatNumber(rule.have),
        need: formatNumber(rule.need),
      });
    case 'passed_check':
      return m.completion_open_passed_check({ serial: rule.serial });
    case 'checklist':
      return m.completion_open_checklist({ serial: rule.serial });
  }
};

/** "Visit finished incomplete: …. Reason: …" — the same in Activity, the receipt and the CSV. */
export const incompleteText = (incomplete: { open: OpenRule[]; reason: string }): string =>
  m.completion_incomplete({
    open: incomplete.open.map(openRuleText).join(m.follow_up_separator()),
    reason: incomplete.reason,
  });

/** What the rules ask for, as a list ("2 placement photos per device, the mounting checklist"). */
export const rulesText = (rules: CompletionRules): string =>
  [
    rules.photos > 0 ? m.completion_rule_photos({ count: formatNumber(rules.photos) }) : '',
    rules.passedCheck ? m.completion_rule_passed_check() : '',
    rules.checklist ? m.completion_rule_checklist() : '',
  ]
    .filter(Boolean)
    .join(m.common_list_separator());

const FILE_PROBLEMS: Record<ChecklistFileProblem['code'], (problem: string) => string> = {
  checklist_file_unreadable: () => m.checklist_file_unreadable(),
  checklist_file_not_json: () => m.checklist_file_not_json(),
  checklist_file_invalid: (problem) => m.checklist_file_invalid({ problem }),
};

/** Why IT's checklist file is not used (Settings). */
export const checklistFileProblemText = ({ code, params }: ChecklistFileProblem): string =>
  m.checklist_file_problem({
    file: params.file,
    problem: FILE_PROBLEMS[code](params.problem),
    at: params.at ? m.checklist_file_problem_at({ at: params.at }) : '',
  });
