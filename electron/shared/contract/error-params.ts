/**
 * Each error code's parameters, by name and type: the one place a code's sentence values are
 * declared. The core must give exactly these to build an error (AppErrorShape), and the
 * renderer reads only these (lib/words/error-text.ts), so a renamed or misspelt parameter fails
 * to compile on both sides. A code not listed here has no parameters. An optional parameter
 * changes the sentence when it is there (a proxy named or not). Decision 74.
 */
import type { FieldRule } from './fields';

type Host = { host: string };
type Serial = { serial: string };
type Status = { status: number };
type QueueItem = { action: string; state: string };

// Its keys are error codes: errors.ts fails to compile on one that is not (a misspelt code).
// Only types from fields.ts are imported here, so the contract has no import cycle.
export type ErrorParamsByCode = {
  offline: Host;
  dns: Host;
  /** Without a host: the system's proxy, unnamed. */
  proxy: { host?: string };
  proxy_auth_refused: Host;
  tls: Host;
  timeout: Host & { seconds: number };
  device_not_found: Serial;
  /** Without a location: the server did not say where. */
  installed_elsewhere: { location?: string };
  /** Without a count: the server did not say how many. */
  location_has_devices: { count?: number };
  /** A field the server named, with its own words about it when it gave some. */
  invalid: { field?: string; problem?: string };
  /** Without seconds: the server did not say when to try again. */
  rate_limited: { seconds?: number };
  server: Status;
  too_large: { kilobytes: number };
  too_many_pages: { pages: number };
  unexpected_status: Status;
  /** The rule of the API address the typed one broke. */
  bad_base_url: { problem: FieldRule };
  managed_base_url: { url: string };
  photo_too_wide: { max: number };
  photo_not_recorded: { entry: number };
  photo_limit: Serial & { max: number };
  pick_list_full: { max: number; lines: number; adding: number };
  visit_rules_open: { open: number };
  checklist_incomplete: { checks: number };
  walk_test_short: { count: number; expected: number };
  verification_offline: Serial;
  entry_not_amendable: { field: string };
  sign_out_leftovers: { count: number };
  keychain_unavailable: { platform: string };
  replace_not_here: Serial;
  offline_unknown_device: Serial;
  list_too_big: { items: number; mb: number };
  list_short: { promised: number; listed: number };
  /** The queue's item names no device to act on (`action`: its kind), for the log. */
  queue_no_target: Serial & { action: string };
  /** The item changed meanwhile: what it is and where it is now, for the log. */
  queue_item_not_in_conflict: QueueItem;
  queue_item_not_failed: QueueItem;
  queue_item_being_sent: QueueItem;
  data_dir_in_use: { dataDir: string };
};
