/** How an operation fails: a kind, a code and its parameters, never words (the renderer says them). */
import type { FieldIssue } from './fields';
import type { LocationRefView } from './views';
import type { ErrorParamsByCode } from './error-params';
import { op } from './operation';
import { z } from 'zod';

export type ErrorKind =
  | 'offline'
  | 'dns'
  /** The network's proxy refused, did not answer, or asks for a sign-in. */
  | 'proxy'
  | 'tls'
  | 'timeout'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'invalid'
  | 'rate_limited'
  | 'server'
  | 'bad_response'
  | 'keychain_unavailable'
  | 'not_signed_in'
  | 'validation'
  /** The disk is full, read-only or failing: nothing was saved. */
  | 'storage'
  | 'internal';

/**
 * What went wrong, precisely: every failure has a code, and the renderer says it from the
 * catalog (lib/words/error-text.ts maps each to a message and a next step; `params` fill them in).
 * Rewording a failure is a change to the catalogs alone.
 */
export const ERROR_CODES = [
  'offline',
  'dns',
  'proxy',
  /** The proxy's sign-in was cancelled, or the proxy refused the user name and password. */
  'proxy_auth_refused',
  'tls',
  'timeout',
  'cancelled',
  'unauthorized',
  'forbidden',
  'no_organization',
  'no_key',
  'device_not_found',
  'location_not_found',
  'organization_not_found',
  'list_not_found',
  'installed_elsewhere',
  'location_has_devices',
  'conflict',
  'invalid',
  'rate_limited',
  'server',
  'redirected',
  'not_json',
  'unreadable',
  'too_deep',
  'too_large',
  'too_many_pages',
  'unexpected_status',
  'bad_base_url',
  'not_signed_in',
  'check_not_signed_in',
  'managed_base_url',
  'pdf_desktop_only',
  'pdf_not_saved',
  'pdf_bad_file_name',
  'photo_gone',
  'photo_visit_finished',
  /** Only a verification's note can be corrected by an amendment. */
  'entry_not_amendable',
  'photo_not_a_photo',
  /** Wider or taller than the photo size IT allows (`max`). */
  'photo_too_wide',
  /** The picture stored is not the one the visit's record hashed (entry `entry`). */
  'photo_not_recorded',
  'photo_empty',
  'photo_too_large',
  'photo_limit',
  /** A paste that would take the pick list past PICK_LINES_MAX: nothing added. */
  'pick_list_full',
  'location_queued',
  'training_failed',
  'training_only',
  'walk_test_short',
  /** A verification cannot be recorded: the server could not be read, nor was it just now. */
  'verification_offline',
  /** Completion rules are open: finishing needs a reason (the visit is then incomplete). */
  'visit_rules_open',
  /** A checklist with a check unanswered, or a reason missing (`fields` per check). */
  'checklist_incomplete',
  'audit_not_found',
  'audit_stopped',
  'key_no_organization',
  'organization_no_access',
  'sign_out_leftovers',
  'outbox_damaged',
  'key_not_stored',
  'key_empty',
  'keychain_no_account',
  'already_here',
  'replace_same_serial',
  'replace_not_here',
  'offline_unknown_device',
  /** Several fields of a form need fixing (`fields` says which and why). */
  'fields',
  /** One field needs fixing: its problem (`fields`) is the sentence. */
  'field',
  'list_too_big',
  'list_repeated_page',
  'list_short',
  'list_other_origin',
  'list_next_unknown',
  'write_accepted',
  'accepted_not_applied',
  'traffic_unknown_format',
  'keychain_unavailable',
  'queue_item_gone',
  'queue_item_not_in_conflict',
  'queue_item_not_failed',
  'queue_item_being_sent',
  'queue_no_target',
  'action_failed',
  'download_cancelled',
  'download_failed',
  /** The disk is full; the data folder is read-only; another window holds the data; the disk
   * failed. Nothing was saved. */
  'disk_full',
  'disk_read_only',
  'data_busy',
  'disk_failing',
  /** Another Field Installer runs with this data folder. */
  'data_dir_in_use',
  'check_step_failed',
  'unknown_operation',
  /** A bug in the core; `unexpected`: in the page; `main_internal`: in the main process. */
  'internal',
  'unexpected',
  'main_internal',
  'untrusted_sender',
  'proxy_login_incomplete',
  'language_unknown',
  /** Browser mode: the bridge's request was not JSON; the bridge is down; no session. */
  'request_not_json',
  'bridge_down',
  'no_session',
  /** The page could not read an answer (not an envelope). */
  'answer_unreadable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** What every failure may carry besides its code and parameters. */
interface ErrorShapeBase {
  kind: ErrorKind;
  status?: number;
  /** Field → its problem, in kinds (contract validation, a refusal, a server's 422). */
  fields?: Record<string, FieldIssue>;
  /** For conflicts: where the device is now. */
  location?: LocationRefView | null;
  retryAfterS?: number;
}

/** Every key of the parameters' map is a code: a misspelt one there fails here. */
type KeysAreCodes<T extends Record<Exclude<keyof T, ErrorCode>, never>> = T;

/** The parameters of `code` (`never` for a code that has none). */
export type ErrorParams<C extends ErrorCode> = C extends keyof KeysAreCodes<ErrorParamsByCode>
  ? ErrorParamsByCode[C]
  : never;

/** A code's parameters: required when the code has one it always needs, absent when none. */
type ParamsPart<C extends ErrorCode> = [ErrorParams<C>] extends [never]
  ? { params?: never }
  : object extends ErrorParams<C>
    ? { params?: ErrorParams<C> }
    : { params: ErrorParams<C> };

/** A code with its own parameters (contract/error-params.ts): one member per code. */
export type ErrorSaid = { [C in ErrorCode]: { code: C } & ParamsPart<C> }[ErrorCode];

/**
 * What crosses IPC when an operation fails: a kind, a code and its parameters, never words
 * (the renderer says them), a stack or a secret.
 */
export type AppErrorShape = ErrorShapeBase & ErrorSaid;

/**
 * Parameters as kept on disk or received: written by this or an earlier version, so the
 * renderer reads each as possibly missing (lib/words/error-text.ts reads them by the code's
 * own names).
 */
export type SavedParams = Readonly<Record<string, string | number>>;

/**
 * An error as kept in work.db or app.db (an outbox item's last error, a failure in the
 * activity log, a connection report's problem). One saved by an earlier version may have no
 * code, and English words instead: the renderer shows those only when nothing else can say it.
 */
export type SavedError = ErrorShapeBase & {
  code?: ErrorCode;
  params?: SavedParams;
  message?: string;
  nextStep?: string;
};

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

export const errorOperations = {
  /**
   * An uncaught error or unhandled rejection in the page, for the log (redacted there).
   * Answers: false when dropped (more than 20 reports a minute: a loop must not fill the disk).
   */
  reportRendererError: op(
    z
      .object({
        kind: z.enum(['error', 'unhandledrejection']),
        message: z.string().max(2000),
        source: z.string().max(500).optional(),
        line: z.number().int().min(0).optional(),
        column: z.number().int().min(0).optional(),
        stack: z.string().max(4000).optional(),
      })
      .strict(),
  ).returns<{ logged: boolean }>(),
};
