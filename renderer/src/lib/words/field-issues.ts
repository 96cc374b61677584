/**
 * A form field's problem in the technician's language. The core sends each field's issue in
 * kinds (FieldIssue: the contract's rule, zod's code with its numbers, or a server's own
 * words); this says it from the catalog.
 */
import type { AppErrorShape, FieldIssue, FieldRule } from '$shared';
import { UPDATE_INTERVAL_MAX_S, UPDATE_INTERVAL_MIN_S } from '$shared/field-limits';
import { MAX_METRES } from '$shared/mounting-checks';
import { ownValue } from '$shared/own-key';
import { formatNumber } from './format';
import { m } from './i18n';

type Params = FieldIssue['params'];
const numberOf = (p: Params, key: string): number => Number(ownValue(p, key) ?? 0);
const shown = (p: Params, key: string): string => formatNumber(numberOf(p, key));
const max = (p: Params) => ({ max: shown(p, 'maximum') });
/** A paste the pick list has no room for: its error and its field say the same numbers. */
export const pickListFull = (p: Params) => ({
  max: shown(p, 'max'),
  lines: shown(p, 'lines'),
  adding: shown(p, 'adding'),
});

const RULES: Readonly<Record<FieldRule, (p: Params) => string>> = {
  serial_empty: () => m.rule_serial_empty(),
  serial_too_long: () => m.rule_serial_too_long(),
  serial_characters: () => m.rule_serial_characters(),
  id_empty: () => m.rule_id_empty(),
  id_too_long: (p) => m.rule_id_too_long(max(p)),
  id_characters: () => m.rule_id_characters(),
  // Its rule is broken by a wrong type or a fraction too, where zod reports no bounds.
  update_interval: () =>
    m.rule_update_interval({
      min: formatNumber(UPDATE_INTERVAL_MIN_S),
      max: formatNumber(UPDATE_INTERVAL_MAX_S),
    }),
  street_required: () => m.rule_street_required(),
  street_too_long: (p) => m.rule_street_too_long(max(p)),
  line2_too_long: (p) => m.rule_line2_too_long(max(p)),
  city_required: () => m.rule_city_required(),
  city_too_long: (p) => m.rule_city_too_long(max(p)),
  region_too_long: (p) => m.rule_region_too_long(max(p)),
  postal_code_too_long: (p) => m.rule_postal_code_too_long(max(p)),
  country_required: () => m.rule_country_required(),
  country_unknown: () => m.rule_country_unknown(),
  base_url_not_url: () => m.rule_base_url_not_url(),
  base_url_too_long: (p) => m.rule_base_url_too_long(max(p)),
  api_key_too_short: () => m.rule_api_key_too_short(),
  api_key_too_long: (p) => m.rule_api_key_too_long(max(p)),
  check_both_or_neither: () => m.rule_check_both_or_neither(),
  name_required: () => m.rule_name_required(),
  name_too_long: (p) => m.rule_name_too_long(max(p)),
  search_too_long: (p) => m.rule_search_too_long(max(p)),
  label_too_long: (p) => m.rule_label_too_long(max(p)),
  photo_too_large: () => m.rule_photo_too_large(),
  photo_not_a_photo: () => m.rule_photo_not_a_photo(),
  pdf_file_name: () => m.rule_pdf_file_name(),
  passes_required: () => m.rule_passes_required(),
  passes_whole: () => m.rule_passes_whole(),
  passes_at_least_one: () => m.rule_passes_at_least_one(),
  passes_too_many: (p) => m.rule_passes_too_many(max(p)),
  reason_too_long: (p) => m.rule_reason_too_long(max(p)),
  base_url_empty: () => m.rule_base_url_empty(),
  base_url_not_address: () => m.rule_base_url_not_address(),
  base_url_scheme: () => m.rule_base_url_scheme(),
  base_url_http_remote: () => m.rule_base_url_http_remote(),
  base_url_credentials: () => m.rule_base_url_credentials(),
  base_url_query: () => m.rule_base_url_query(),
  base_url_fragment: () => m.rule_base_url_fragment(),
  base_url_managed: () => m.rule_base_url_managed(),
  signature_empty: () => m.rule_signature_empty(),
  pick_text_too_long: (p) => m.rule_pick_text_too_long(max(p)),
  receipt_too_many_entries: (p) => m.rule_receipt_too_many_entries(max(p)),
  length_range: () => m.rule_length_range({ max: formatNumber(MAX_METRES) }),
  reason_required: () => m.rule_reason_required(),
};

const TYPES: Readonly<Record<string, () => string>> = {
  string: m.issue_type_text,
  number: m.issue_type_number,
  int: m.issue_type_whole_number,
  boolean: m.issue_type_yes_no,
  object: m.issue_type_group,
  array: m.issue_type_list,
};

/** One issue in words: the contract's rule, else what zod found, else the server's words. */
export const issueText = (issue: FieldIssue): string => {
  const p = issue.params;
  const rule = issue.rule ? RULES[issue.rule] : undefined;
  if (rule) return rule(p);
  const origin = p?.origin;
  switch (issue.code) {
    case 'server':
      return String(p?.words ?? '');
    case 'required':
      return m.issue_required();
    case 'too_small': {
      const min = numberOf(p, 'minimum');
      if (origin === 'string')
        return min <= 1
          ? m.issue_empty()
          : m.issue_min_length({ count: min, shown: formatNumber(min) });
      if (origin === 'number') return m.issue_min_number({ min: formatNumber(min) });
      return m.issue_min_items({ min: formatNumber(min) });
    }
    case 'too_big': {
      const most = numberOf(p, 'maximum');
      if (origin === 'string')
        return m.issue_max_length({ count: most, shown: formatNumber(most) });
      if (origin === 'number') return m.issue_max_number({ max: formatNumber(most) });
      return m.issue_max_items({ max: formatNumber(most) });
    }
    case 'invalid_type':
      return (ownValue(TYPES, String(p?.expected)) ?? m.issue_type_other)();
    case 'invalid_format':
      return p?.format === 'datetime' ? m.issue_datetime() : m.issue_format();
    case 'invalid_value':
      return m.issue_choose_one({ values: String(p?.values ?? '') });
    case 'not_multiple_of':
      return m.issue_type_whole_number();
    case 'pick_list_full':
      return m.issue_pick_list_full(pickListFull(p));
    case 'unrecognized_keys':
      return m.issue_unknown_fields({ count: numberOf(p, 'count'), keys: String(p?.keys ?? '') });
    default:
      return m.issue_invalid();
  }
};

/**
 * The problem of the field `key` (also found under a nested path such as "address.city" when
 * `under` is "address"), or undefined when it has none.
 */
export const fieldProblem = (
  error: AppErrorShape | null,
  key: string,
  under?: string,
): string | undefined => {
  const fields = error?.fields;
  const issue = ownValue(fields, key) ?? (under ? ownValue(fields, `${under}.${key}`) : undefined);
  return issue ? issueText(issue) : undefined;
};
