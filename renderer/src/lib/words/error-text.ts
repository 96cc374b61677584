/**
 * A failure in the technician's language: the core sends a kind and a code with its
 * parameters; the catalog says them. Pure, so the sentences are unit-tested per locale.
 */
import type { ErrorCode, ErrorKind, ErrorParams, SavedError, SavedParams } from '$shared';
import { ownValue } from '$shared/own-key';
import { activeLocale } from './active-locale';
import { issueText, pickListFull } from './field-issues';
import { formatNumber } from './format';
import { m } from './i18n';

export interface ErrorWords {
  message: string;
  nextStep: string;
}

/** A code's parameters as read: each may be missing (kept by an earlier version). */
type Read<C extends ErrorCode> = Partial<ErrorParams<C>> | undefined;
/** `key` is one of the code's own parameters: a name it does not have fails to compile. */
const text = <P extends object>(p: P | undefined, key: keyof P & string): string =>
  String(ownValue(p as SavedParams | undefined, key) ?? '');
const num = <P extends object>(p: P | undefined, key: keyof P & string): number =>
  Number(ownValue(p as SavedParams | undefined, key) ?? 0);

/** The one field's problem of a form that needs fixing in one place. */
const firstField = (shape: SavedError): string => {
  const issue = Object.values(shape.fields ?? {})[0];
  return issue ? issueText(issue) : m.error_kind_validation();
};

const BY_CODE: { readonly [C in ErrorCode]: (p: Read<C>, shape: SavedError) => ErrorWords } = {
  offline: (p) => ({
    message: m.error_offline({ host: text(p, 'host') }),
    nextStep: m.error_offline_next(),
  }),
  dns: (p) => ({ message: m.error_dns({ host: text(p, 'host') }), nextStep: m.error_dns_next() }),
  proxy: (p) => ({
    message: p?.host ? m.error_proxy({ host: text(p, 'host') }) : m.error_kind_proxy(),
    nextStep: m.error_proxy_next(),
  }),
  proxy_auth_refused: (p) => ({
    message: m.error_proxy_auth_refused({ host: text(p, 'host') }),
    nextStep: m.error_proxy_auth_refused_next(),
  }),
  tls: (p) => ({ message: m.error_tls({ host: text(p, 'host') }), nextStep: m.error_tls_next() }),
  timeout: (p) => ({
    message: m.error_timeout({ host: text(p, 'host'), seconds: num(p, 'seconds') }),
    nextStep: m.error_timeout_next(),
  }),
  cancelled: () => ({ message: m.error_cancelled(), nextStep: m.error_cancelled_next() }),
  unauthorized: () => ({ message: m.error_unauthorized(), nextStep: m.error_unauthorized_next() }),
  forbidden: () => ({ message: m.error_forbidden(), nextStep: m.error_forbidden_next() }),
  no_organization: () => ({
    message: m.error_no_organization(),
    nextStep: m.error_no_organization_next(),
  }),
  no_key: () => ({ message: m.error_no_key(), nextStep: m.error_no_key_next() }),
  device_not_found: (p) => ({
    message: m.error_device_not_found({ serial: text(p, 'serial') }),
    nextStep: m.error_device_not_found_next(),
  }),
  location_not_found: () => ({
    message: m.error_location_not_found(),
    nextStep: m.error_location_not_found_next(),
  }),
  organization_not_found: () => ({
    message: m.error_organization_not_found(),
    nextStep: m.error_organization_not_found_next(),
  }),
  list_not_found: () => ({
    message: m.error_list_not_found(),
    nextStep: m.error_list_not_found_next(),
  }),
  installed_elsewhere: (p) => ({
    message: p?.location
      ? m.error_installed_elsewhere_named({ location: text(p, 'location') })
      : m.error_installed_elsewhere(),
    nextStep: m.error_installed_elsewhere_next(),
  }),
  location_has_devices: (p) => ({
    message:
      p?.count === undefined
        ? m.error_location_has_devices()
        : m.error_location_has_devices_count({ count: num(p, 'count') }),
    nextStep: m.error_location_has_devices_next(),
  }),
  conflict: () => ({ message: m.error_conflict(), nextStep: m.error_conflict_next() }),
  invalid: (p) => ({
    // A field named without the server's words about it is marked on the form only.
    message:
      p?.field && p.problem !== undefined
        ? m.error_invalid_field({ field: text(p, 'field'), problem: text(p, 'problem') })
        : m.error_invalid(),
    nextStep: m.error_invalid_next(),
  }),
  rate_limited: (p) => ({
    message: m.error_rate_limited(),
    nextStep:
      p?.seconds === undefined
        ? m.error_rate_limited_next()
        : num(p, 'seconds') < 60
          ? m.error_rate_limited_next_seconds({ seconds: num(p, 'seconds') })
          : m.error_rate_limited_next_minutes({ minutes: Math.ceil(num(p, 'seconds') / 60) }),
  }),
  server: (p) => ({
    message: m.error_server({ status: num(p, 'status') }),
    nextStep: m.error_server_next(),
  }),
  redirected: () => ({ message: m.error_redirected(), nextStep: m.error_redirected_next() }),
  not_json: () => ({ message: m.error_not_json(), nextStep: m.error_not_json_next() }),
  unreadable: () => ({ message: m.error_unreadable(), nextStep: m.error_unreadable_next() }),
  too_deep: () => ({ message: m.error_too_deep(), nextStep: m.error_too_deep_next() }),
  too_large: (p) => ({
    message: m.error_too_large({ kilobytes: num(p, 'kilobytes') }),
    nextStep: m.error_too_large_next(),
  }),
  too_many_pages: (p) => ({
    message: m.error_too_many_pages({ pages: num(p, 'pages') }),
    nextStep: m.error_too_many_pages_next(),
  }),
  unexpected_status: (p) => ({
    message: m.error_unexpected_status({ status: num(p, 'status') }),
    nextStep: m.error_unexpected_status_next(),
  }),
  bad_base_url: (p) => ({
    // What the address broke, said inside the sentence (a rule of its field).
    message: m.error_bad_base_url({
      problem: issueText({ ...(p?.problem ? { rule: p.problem } : {}), code: 'invalid' }),
    }),
    nextStep: m.error_bad_base_url_next(),
  }),
  not_signed_in: () => ({
    message: m.error_not_signed_in(),
    nextStep: m.error_not_signed_in_next(),
  }),
  check_not_signed_in: () => ({
    message: m.error_check_not_signed_in(),
    nextStep: m.error_check_not_signed_in_next(),
  }),
  managed_base_url: (p) => ({
    message: m.error_managed_base_url(),
    nextStep: m.error_managed_base_url_next({ url: text(p, 'url') }),
  }),
  pdf_desktop_only: () => ({
    message: m.error_pdf_desktop_only(),
    nextStep: m.error_pdf_desktop_only_next(),
  }),
  pdf_not_saved: () => ({
    message: m.error_pdf_not_saved(),
    nextStep: m.error_pdf_not_saved_next(),
  }),
  pdf_bad_file_name: () => ({
    message: m.error_pdf_bad_file_name(),
    nextStep: m.error_unexpected_next(),
  }),
  photo_gone: () => ({ message: m.error_photo_gone(), nextStep: m.error_photo_gone_next() }),
  photo_visit_finished: () => ({
    message: m.error_photo_visit_finished(),
    nextStep: m.error_photo_visit_finished_next(),
  }),
  photo_not_a_photo: () => ({
    message: m.error_photo_not_a_photo(),
    nextStep: m.error_photo_again_next(),
  }),
  photo_empty: () => ({ message: m.error_photo_empty(), nextStep: m.error_photo_again_next() }),
  photo_too_wide: (p) => ({
    message: m.error_photo_too_wide({ max: formatNumber(num(p, 'max')) }),
    nextStep: m.error_photo_again_next(),
  }),
  photo_not_recorded: (p) => ({
    message: m.error_photo_not_recorded({ entry: formatNumber(num(p, 'entry')) }),
    nextStep: m.error_photo_not_recorded_next(),
  }),
  photo_too_large: () => ({
    message: m.error_photo_too_large(),
    nextStep: m.error_photo_too_large_next(),
  }),
  photo_limit: (p) => ({
    message: m.error_photo_limit({ serial: text(p, 'serial'), max: formatNumber(num(p, 'max')) }),
    nextStep: m.error_photo_limit_next(),
  }),
  pick_list_full: (p) => ({
    message: m.error_pick_list_full(pickListFull(p)),
    nextStep: m.error_pick_list_full_next(),
  }),
  entry_not_amendable: () => ({
    message: m.error_entry_not_amendable(),
    nextStep: m.error_entry_not_amendable_next(),
  }),
  location_queued: () => ({
    message: m.error_location_queued(),
    nextStep: m.error_location_queued_next(),
  }),
  training_failed: () => ({
    message: m.error_training_failed(),
    nextStep: m.error_training_failed_next(),
  }),
  training_only: () => ({
    message: m.error_training_only(),
    nextStep: m.error_training_only_next(),
  }),
  visit_rules_open: (p) => ({
    message: m.error_visit_rules_open({ count: formatNumber(num(p, 'open')) }),
    nextStep: m.error_visit_rules_open_next(),
  }),
  checklist_incomplete: (p) => ({
    message: m.error_checklist_incomplete({ count: formatNumber(num(p, 'checks')) }),
    nextStep: m.error_checklist_incomplete_next(),
  }),
  audit_not_found: () => ({
    message: m.error_audit_not_found(),
    nextStep: m.error_audit_not_found_next(),
  }),
  audit_stopped: () => ({
    message: m.error_audit_stopped(),
    nextStep: m.error_audit_stopped_next(),
  }),
  walk_test_short: (p) => ({
    message: m.error_walk_test_short({ count: num(p, 'count'), expected: num(p, 'expected') }),
    nextStep: m.error_walk_test_short_next(),
  }),
  verification_offline: () => ({
    message: m.error_verification_offline(),
    nextStep: m.error_verification_offline_next(),
  }),
  key_no_organization: () => ({
    message: m.error_key_no_organization(),
    nextStep: m.error_key_no_organization_next(),
  }),
  organization_no_access: () => ({
    message: m.error_organization_no_access(),
    nextStep: m.error_organization_no_access_next(),
  }),
  sign_out_leftovers: (p) => ({
    message: m.error_sign_out_leftovers({
      count: num(p, 'count'),
      shown: formatNumber(num(p, 'count')),
    }),
    nextStep: m.error_sign_out_leftovers_next(),
  }),
  outbox_damaged: () => ({
    message: m.error_outbox_damaged(),
    nextStep: m.storage_outbox_next(),
  }),
  key_not_stored: () => ({
    message: m.error_key_not_stored(),
    nextStep: m.error_key_not_stored_next(),
  }),
  key_empty: () => ({ message: m.error_key_empty(), nextStep: m.error_key_empty_next() }),
  keychain_no_account: () => ({
    message: m.error_keychain_no_account(),
    nextStep: m.error_keychain_no_account_next(),
  }),
  already_here: () => ({ message: m.error_already_here(), nextStep: m.error_already_here_next() }),
  replace_same_serial: () => ({
    message: m.error_replace_same_serial(),
    nextStep: m.error_replace_same_serial_next(),
  }),
  replace_not_here: (p) => ({
    message: m.error_replace_not_here({ serial: text(p, 'serial') }),
    nextStep: m.error_replace_not_here_next(),
  }),
  offline_unknown_device: (p) => ({
    message: m.error_offline_unknown_device({ serial: text(p, 'serial') }),
    nextStep: m.error_offline_unknown_device_next(),
  }),
  fields: () => ({ message: m.form_fix_fields(), nextStep: m.error_fields_next() }),
  field: (_, shape) => ({ message: firstField(shape), nextStep: m.error_fields_next() }),
  list_too_big: (p) => ({
    message: m.error_list_too_big({
      items: formatNumber(num(p, 'items')),
      mb: formatNumber(num(p, 'mb')),
    }),
    nextStep: m.error_list_too_big_next(),
  }),
  list_repeated_page: () => ({
    message: m.error_list_repeated_page(),
    nextStep: m.error_list_try_later_next(),
  }),
  list_short: (p) => ({
    message: m.error_list_short({
      promised: formatNumber(num(p, 'promised')),
      listed: formatNumber(num(p, 'listed')),
    }),
    nextStep: m.error_list_short_next(),
  }),
  list_other_origin: () => ({
    message: m.error_list_other_origin(),
    nextStep: m.error_list_other_origin_next(),
  }),
  write_accepted: () => ({
    message: m.error_write_accepted(),
    nextStep: m.error_write_accepted_next(),
  }),
  accepted_not_applied: () => ({
    message: m.error_accepted_not_applied(),
    nextStep: m.error_accepted_not_applied_next(),
  }),
  list_next_unknown: () => ({
    message: m.error_list_next_unknown(),
    nextStep: m.error_list_try_later_next(),
  }),
  traffic_unknown_format: () => ({
    message: m.error_traffic_unknown_format(),
    nextStep: m.error_traffic_unknown_format_next(),
  }),
  keychain_unavailable: (p) =>
    text(p, 'platform') === 'darwin'
      ? {
          message: m.error_keychain_unavailable_mac(),
          nextStep: m.error_keychain_unavailable_mac_next(),
        }
      : text(p, 'platform') === 'win32'
        ? {
            message: m.error_keychain_unavailable_win(),
            nextStep: m.error_keychain_unavailable_win_next(),
          }
        : {
            message: m.error_keychain_unavailable_linux(),
            nextStep: m.error_keychain_unavailable_linux_next(),
          },
  queue_item_gone: () => ({
    message: m.error_queue_item_gone(),
    nextStep: m.error_queue_refresh_next(),
  }),
  queue_item_not_in_conflict: () => ({
    message: m.error_queue_item_not_in_conflict(),
    nextStep: m.error_queue_refresh_next(),
  }),
  queue_item_not_failed: () => ({
    message: m.error_queue_item_not_failed(),
    nextStep: m.error_queue_refresh_next(),
  }),
  queue_item_being_sent: () => ({
    message: m.error_queue_item_being_sent(),
    nextStep: m.error_queue_refresh_next(),
  }),
  queue_no_target: (p) => ({
    message: m.error_queue_no_target({ serial: text(p, 'serial') }),
    nextStep: m.error_queue_no_target_next(),
  }),
  action_failed: () => ({
    message: m.error_action_failed(),
    nextStep: m.error_action_failed_next(),
  }),
  download_cancelled: () => ({
    message: m.error_download_cancelled(),
    nextStep: m.error_download_cancelled_next(),
  }),
  download_failed: () => ({
    message: m.error_download_failed(),
    nextStep: m.error_download_failed_next(),
  }),
  disk_full: () => ({ message: m.error_disk_full(), nextStep: m.error_disk_full_next() }),
  disk_read_only: () => ({
    message: m.error_disk_read_only(),
    nextStep: m.error_disk_read_only_next(),
  }),
  data_busy: () => ({ message: m.error_data_busy(), nextStep: m.error_data_busy_next() }),
  disk_failing: () => ({ message: m.error_disk_failing(), nextStep: m.error_disk_failing_next() }),
  data_dir_in_use: (p) => ({
    message: m.error_data_dir_in_use({ dataDir: text(p, 'dataDir') }),
    nextStep: m.error_data_dir_in_use_next(),
  }),
  check_step_failed: () => ({
    message: m.error_check_step_failed(),
    nextStep: m.error_internal_next(),
  }),
  unknown_operation: () => ({
    message: m.error_unknown_operation(),
    nextStep: m.error_unknown_operation_next(),
  }),
  internal: () => ({ message: m.error_internal(), nextStep: m.error_internal_next() }),
  unexpected: () => ({ message: m.error_unexpected(), nextStep: m.error_unexpected_next() }),
  main_internal: () => ({
    message: m.error_main_internal(),
    nextStep: m.error_unexpected_next(),
  }),
  untrusted_sender: () => ({
    message: m.error_untrusted_sender(),
    nextStep: m.error_untrusted_sender_next(),
  }),
  proxy_login_incomplete: () => ({
    message: m.error_proxy_login_incomplete(),
    nextStep: m.error_proxy_login_incomplete_next(),
  }),
  language_unknown: () => ({
    message: m.error_language_unknown(),
    nextStep: m.error_language_unknown_next(),
  }),
  request_not_json: () => ({
    message: m.error_request_not_json(),
    nextStep: m.error_request_not_json_next(),
  }),
  bridge_down: () => ({ message: m.error_bridge_down(), nextStep: m.error_bridge_down_next() }),
  no_session: () => ({ message: m.error_no_session(), nextStep: m.error_no_session_next() }),
  answer_unreadable: () => ({
    message: m.error_answer_unreadable(),
    nextStep: m.error_unexpected_next(),
  }),
};

/** What each kind is, for a failure saved by an earlier version without a code, or with a
 * code this version does not know. */
const BY_KIND: Readonly<Record<ErrorKind, () => ErrorWords>> = {
  offline: () => ({ message: m.error_kind_offline(), nextStep: m.error_offline_next() }),
  dns: () => ({ message: m.error_kind_dns(), nextStep: m.error_dns_next() }),
  proxy: () => ({ message: m.error_kind_proxy(), nextStep: m.error_proxy_next() }),
  tls: () => ({ message: m.error_kind_tls(), nextStep: m.error_tls_next() }),
  timeout: () => ({ message: m.error_kind_timeout(), nextStep: m.error_timeout_next() }),
  unauthorized: () => ({ message: m.error_unauthorized(), nextStep: m.error_unauthorized_next() }),
  forbidden: () => ({ message: m.error_kind_forbidden(), nextStep: m.error_kind_forbidden_next() }),
  not_found: () => ({ message: m.error_kind_not_found(), nextStep: m.error_kind_not_found_next() }),
  conflict: () => ({ message: m.error_conflict(), nextStep: m.error_conflict_next() }),
  invalid: () => ({ message: m.error_invalid(), nextStep: m.error_invalid_next() }),
  rate_limited: () => ({ message: m.error_rate_limited(), nextStep: m.error_rate_limited_next() }),
  server: () => ({ message: m.error_kind_server(), nextStep: m.error_server_next() }),
  bad_response: () => ({ message: m.error_unreadable(), nextStep: m.error_unreadable_next() }),
  keychain_unavailable: () => ({
    message: m.error_kind_keychain_unavailable(),
    nextStep: m.error_kind_keychain_unavailable_next(),
  }),
  not_signed_in: () => ({
    message: m.error_kind_not_signed_in(),
    nextStep: m.error_no_key_next(),
  }),
  validation: () => ({
    message: m.error_kind_validation(),
    nextStep: m.error_kind_validation_next(),
  }),
  storage: () => ({ message: m.error_kind_storage(), nextStep: m.error_kind_storage_next() }),
  internal: () => ({ message: m.error_unexpected(), nextStep: m.error_unexpected_next() }),
};

/**
 * The sentence and next step to show, from the code. An error saved by an earlier version
 * without one keeps its English words on an English screen, the last resort; every other
 * language says its kind.
 */
export const errorWords = (shape: SavedError): ErrorWords => {
  // `?.`: a code of a newer version (in a shared data folder) is said by its kind.
  // The one place a kept error's parameters meet its code: each sayer reads them by the code's
  // own names (ErrorParams), every one possibly missing.
  const byCode = (shape.code ? BY_CODE[shape.code] : undefined) as
    ((p: SavedParams | undefined, shape: SavedError) => ErrorWords) | undefined;
  if (byCode) return byCode(shape.params, shape);
  if (shape.message !== undefined && activeLocale().messages === 'en')
    return { message: shape.message, nextStep: shape.nextStep ?? '' };
  return (BY_KIND[shape.kind] ?? BY_KIND.internal)();
};
