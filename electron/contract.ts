/**
 * The one contract between the renderer and the core: every operation's name, input schema
 * and result type, plus the push events. Main registers exactly these handlers, the preload
 * exposes exactly these names, the browser-mode bridge serves exactly these routes, and the
 * renderer imports these types (type-only). Adding an operation = one entry here + one
 * service function.
 */
import { z } from 'zod';
import { isCountryCode } from './country-codes';
import { MESSAGE_LOCALES } from '../i18n/locales';
import { ID_MAX_LENGTH, ID_PATTERN, SERIAL_MAX_LENGTH, SERIAL_PATTERN } from './id-patterns';
import { UPDATE_INTERVAL_MAX_S, UPDATE_INTERVAL_MIN_S } from './field-limits';
import { MAX_PHOTO_BYTES } from './photo-limits';
import { SIGNATURE_WIDTH } from './signature-box';
import type { VerificationResult } from './verification-result';
import type { CompletionRules, OpenRule } from './completion-rules';
import type { CheckDef, ChecklistFileProblem, RecordedCheck } from './mounting-checks';
import { CHECK_IDS, MAX_METRES } from './mounting-checks';
import type {
  AuditComparison,
  AuditThresholds,
  AuditWindow,
  Direction,
  Tally,
} from './accuracy-audit';
import type {
  Device,
  FootTraffic,
  Location,
  LocationMetric,
  LocationRef,
  Organization,
  PagingStyle,
} from './core/api/wire';
import type { ApiFinding } from './core/api/findings';

export type {
  Device,
  FootTraffic,
  Location,
  LocationMetric,
  LocationRef,
  Organization,
  PagingStyle,
  VerificationResult,
  CompletionRules,
  OpenRule,
  CheckDef,
  RecordedCheck,
  ChecklistFileProblem,
  Direction,
  Tally,
};

// ---------------------------------------------------------------- field rules

/**
 * Every field rule, by id. The schemas below give a rule's id as zod's message, so the core
 * finds an issue's rule by it (core/validation-error.ts) and sends the id (FieldIssue); the
 * renderer says it in the active language (lib/field-issues.ts, messages `rule_<id>`). The
 * `base_url_*` rules after the schemas' own are the core's checks of a typed API address
 * (core/api/base-url.ts, service/managed-lock.ts).
 */
export const FIELD_RULES = [
  'serial_empty',
  'serial_too_long',
  'serial_characters',
  'id_empty',
  'id_too_long',
  'id_characters',
  'update_interval',
  'street_required',
  'street_too_long',
  'line2_too_long',
  'city_required',
  'city_too_long',
  'region_too_long',
  'postal_code_too_long',
  'country_required',
  'country_unknown',
  'base_url_not_url',
  'base_url_too_long',
  'api_key_too_short',
  'api_key_too_long',
  'check_both_or_neither',
  'name_required',
  'name_too_long',
  'search_too_long',
  'label_too_long',
  'photo_too_large',
  'photo_not_a_photo',
  'pdf_file_name',
  'passes_required',
  'passes_whole',
  'passes_at_least_one',
  'passes_too_many',
  'reason_too_long',
  'pick_text_too_long',
  'length_range',
  'reason_required',
  'signature_empty',
  'base_url_empty',
  'base_url_not_address',
  'base_url_scheme',
  'base_url_http_remote',
  'base_url_credentials',
  'base_url_query',
  'base_url_fragment',
  'base_url_managed',
] as const;
export type FieldRule = (typeof FIELD_RULES)[number];
/** Each rule's id, as the message zod reports for an issue with it. */
const R = Object.fromEntries(FIELD_RULES.map((rule) => [rule, rule])) as {
  readonly [K in FieldRule]: K;
};

/**
 * One field's problem, in kinds: the contract's rule when it has one, else what zod found
 * (`required`, `too_small`, …) with its numbers (`minimum`, `maximum`, `origin`, `expected`,
 * `format`, `values`, `keys`); `invalid` for a field a refusal names (the error's code says
 * why); `server` for a server's own words about a field (a 422, `params.words`, shown as they
 * came). The renderer words it.
 */
export interface FieldIssue {
  rule?: FieldRule;
  code: string;
  params?: Record<string, string | number>;
}

// ---------------------------------------------------------------- shared input pieces

/**
 * A serial as typed or scanned, case kept: the core sends the server's own spelling of it
 * (electron/serial-key.ts; a server may look serials up case-sensitively, in either case).
 */
const Serial = z
  .string()
  .trim()
  .min(1, R.serial_empty)
  .max(SERIAL_MAX_LENGTH, R.serial_too_long)
  .regex(SERIAL_PATTERN, R.serial_characters);

/** Location and organization ids (the rule and why: id-patterns.ts). */
const Id = z
  .string()
  .trim()
  .min(1, R.id_empty)
  .max(ID_MAX_LENGTH, R.id_too_long)
  .regex(ID_PATTERN, R.id_characters);
/** A device's label (the API's `name`). */
const Label = z.string().trim().max(80, R.label_too_long);
const IsoTime = z.iso.datetime({ offset: true });
export { MAX_PHOTO_BYTES };
const Empty = z.object({}).strict();
const Reason = z.string().trim().min(1, R.reason_required).max(300, R.reason_too_long);
/** A SHA-256 as hex, as printed (spaces between groups allowed) or a prefix of 16+ digits. */
const HashText = z
  .string()
  .transform((s) => s.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{16,64}$/));
const FullHash = z.string().regex(/^[0-9a-f]{64}$/);

/** A signature: pen strokes as x,y pairs in a SIGNATURE_WIDTH × SIGNATURE_HEIGHT box. */
const SignatureStrokes = z
  .array(
    z
      .array(z.number().int().min(0).max(SIGNATURE_WIDTH))
      .min(2)
      .max(4_000)
      .refine((s) => s.length % 2 === 0),
  )
  .min(1, R.signature_empty)
  .max(200);

/** What an amendment can correct. */
const AMENDABLE_FIELDS = ['note'] as const;
type AmendableField = (typeof AMENDABLE_FIELDS)[number];
/** What one addToPickList takes: a box or a few, never a whole file by mistake. */
const PICK_TEXT_MAX = 20_000;

const AddressInput = z
  .object({
    line1: z.string().trim().min(1, R.street_required).max(200, R.street_too_long),
    line2: z.string().trim().max(200, R.line2_too_long).optional(),
    city: z.string().trim().min(1, R.city_required).max(100, R.city_too_long),
    region: z.string().trim().max(100, R.region_too_long).optional(),
    postal_code: z.string().trim().max(20, R.postal_code_too_long).optional(),
    // An assigned ISO 3166-1 code: "GE" is Georgia, so a truncated "Germany" must not pass.
    country: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, R.country_required)
      .refine(isCountryCode, R.country_unknown),
  })
  .strict();

const Range = {
  from: IsoTime,
  to: IsoTime,
};

const BaseUrl = z.string().trim().url(R.base_url_not_url).max(2048, R.base_url_too_long);
const ApiKey = z.string().trim().min(8, R.api_key_too_short).max(512, R.api_key_too_long);

// ---------------------------------------------------------------- operations

export const operations = {
  // session
  sessionStatus: Empty,
  signIn: z.object({ baseUrl: BaseUrl, apiKey: ApiKey }).strict(),
  chooseOrganization: z.object({ organizationId: Id }).strict(),
  /** `removeLocalData`: also delete this account's saved data (cache, queue, activity). */
  signOut: z.object({ removeLocalData: z.boolean().optional() }).strict(),
  startTraining: Empty,
  /**
   * A read-only probe of the API's endpoints, for support. Neither field: the signed-in
   * account. Both: the base URL and key typed at sign-in (the key is used and forgotten).
   */
  checkConnection: z
    .object({ baseUrl: BaseUrl.optional(), apiKey: ApiKey.optional() })
    .strict()
    .refine((input) => (input.baseUrl === undefined) === (input.apiKey === undefined), {
      message: R.check_both_or_neither,
      path: ['apiKey'],
    }),
  /** The last connection report, kept in app.db; null if there has been none. */
  lastConnectionReport: Empty,
  /** What the IT department set for this laptop (policy), and where it came from. */
  managedSettings: Empty,
  /** The technician chose "Restart" on the update notice (Electron only). */
  installUpdate: Empty,
  /**
   * The answer to a `proxy-login` event (Electron only, handled in the main process,
   * electron/main/proxy-login.ts): the proxy's user name and password, optionally remembered in
   * the keychain, or "cancel".
   */
  answerProxyLogin: z
    .object({
      id: z.string().regex(/^[0-9a-f]{16}$/),
      answer: z.discriminatedUnion('kind', [
        z
          .object({
            kind: z.literal('sign-in'),
            username: z.string().trim().min(1).max(256),
            password: z.string().min(1).max(1024),
            remember: z.boolean(),
          })
          .strict(),
        z.object({ kind: z.literal('cancel') }).strict(),
      ]),
    })
    .strict(),
  /** An uncaught error or unhandled rejection in the page, for the log (redacted there). */
  reportRendererError: z
    .object({
      kind: z.enum(['error', 'unhandledrejection']),
      message: z.string().max(2000),
      source: z.string().max(500).optional(),
      line: z.number().int().min(0).optional(),
      column: z.number().int().min(0).optional(),
      stack: z.string().max(4000).optional(),
    })
    .strict(),
  /**
   * The operating system's network state: the page's `online`/`offline` events (and its
   * state at start), the desktop app's `net.isOnline()` after a wake. `false` is offline at
   * once; `true` asks the server at once and answers when it has. `saveData` and
   * `effectiveType` are what the page's `navigator.connection` says of the link, when it says:
   * a scheduled refresh of the full lists waits on a link the user saves data on or a very
   * slow one (issue 26). The operating system's "metered connection" is not among them:
   * Electron does not expose it.
   */
  networkChanged: z
    .object({
      online: z.boolean(),
      saveData: z.boolean().optional(),
      effectiveType: z.enum(['slow-2g', '2g', '3g', '4g']).optional(),
    })
    .strict(),

  // organizations
  listOrganizations: Empty,
  getOrganization: z.object({ organizationId: Id }).strict(),

  // locations
  listLocations: Empty,
  getLocation: z.object({ locationId: Id }).strict(),
  createLocation: z
    .object({
      name: z.string().trim().min(1, R.name_required).max(120, R.name_too_long),
      address: AddressInput,
    })
    .strict(),
  deleteLocation: z.object({ locationId: Id }).strict(),
  listLocationDevices: z.object({ locationId: Id }).strict(),

  // devices: windows of rows from the local database (the virtual list asks as it scrolls)
  queryDevices: z
    .object({
      view: z.enum(['uninstalled', 'all']),
      /** Free text: words of 3+ characters match anywhere (serial, type, firmware, label,
       * store, city); the whole text also matches as one serial with spaces and separators left
       * out ("FTC 2B5H97J8", "ftc2b5h97j8"), and 1–2 characters match a serial's last
       * characters. Accents, case and full width folded. */
      q: z.string().max(100, R.search_too_long).optional(),
      deviceType: z.string().max(200).optional(),
      firmware: z.string().max(200).optional(),
      offset: z.number().int().min(0).max(100_000_000),
      limit: z.number().int().min(1).max(500),
    })
    .strict(),
  /** Type and firmware choices for the inventory filters (of every device of the account). */
  deviceFacets: Empty,
  /** Serials of the local inventory close to one that was not found ("Did you mean …"). */
  nearSerials: z.object({ serial: Serial }).strict(),
  /** `fresh`: ask the server now, even if the cache is recent (Verify polls check-ins). */
  getDevice: z.object({ serial: Serial, fresh: z.boolean().optional() }).strict(),
  updateDevice: z
    .object({
      serial: Serial,
      changes: z
        .object({
          name: Label.nullable().optional(),
          update_interval_s: z
            .number(R.update_interval)
            .int(R.update_interval)
            .min(UPDATE_INTERVAL_MIN_S, R.update_interval)
            .max(UPDATE_INTERVAL_MAX_S, R.update_interval)
            .optional(),
        })
        .strict(),
    })
    .strict(),
  /** `label`: given while installing, PUT after the install by the same intent (blank: none). */
  installDevice: z.object({ serial: Serial, locationId: Id, label: Label.optional() }).strict(),
  uninstallDevice: z.object({ serial: Serial, locationId: Id.optional() }).strict(),
  moveDevice: z.object({ serial: Serial, fromLocationId: Id, toLocationId: Id }).strict(),
  /** The broken `serial` at `locationId` is uninstalled and `newSerial` installed there, with
   * its label and update interval: one intent, resumed step by step like a move. */
  replaceDevice: z.object({ serial: Serial, newSerial: Serial, locationId: Id }).strict(),

  // the pick list: the serials of a box, kept with the visit in progress (issue 28). Each
  // answers the list as stored now, checked at `locationId` (a device installed there is
  // "installed here", not "elsewhere"); without one, any installed device is elsewhere.
  pickList: z.object({ locationId: Id.optional() }).strict(),
  /** Serials scanned, typed or pasted, separated by lines, commas, semicolons, tabs or spaces. */
  addToPickList: z
    .object({
      text: z.string().max(PICK_TEXT_MAX, R.pick_text_too_long),
      locationId: Id.optional(),
    })
    .strict(),
  /** A line's serial (a "did you mean" taken) or label, while it is not installed. */
  changePickLine: z
    .object({
      id: Id,
      serial: Serial.optional(),
      label: Label.optional(),
      locationId: Id.optional(),
    })
    .strict(),
  removePickLine: z.object({ id: Id, locationId: Id.optional() }).strict(),
  /** The device type every line should be; null: the type of the first known device. */
  choosePickType: z
    .object({ deviceType: z.string().trim().min(1).max(200).nullable(), locationId: Id.optional() })
    .strict(),
  /** Installs each line without a problem at `locationId`, one install intent per line. */
  installPickList: z.object({ locationId: Id }).strict(),

  // foot traffic
  locationsFootTraffic: z.object({ ...Range, granularity: z.enum(['hour', 'day']) }).strict(),
  deviceFootTraffic: z
    .object({ serial: Serial, ...Range, granularity: z.enum(['minute', 'hour', 'day']) })
    .strict(),

  // outbox
  listOutbox: Empty,
  retryOutboxItem: z.object({ id: Id }).strict(),
  discardOutboxItem: z.object({ id: Id }).strict(),
  resolveConflict: z.object({ id: Id, resolution: z.enum(['move_here', 'leave_there']) }).strict(),
  /** Drains the outbox and refreshes the lists now (joins a sync in progress). */
  syncNow: Empty,
  syncStatus: Empty,
  /** Stops the list downloads of the running sync; what was fetched is kept and resumed later. */
  cancelSync: Empty,
  /** Downloads a store (devices, details, foot traffic) plus inventory and device list. */
  makeAvailableOffline: z.object({ locationId: Id }).strict(),

  /**
   * The languages the operating system prefers, most preferred first (the desktop app asks
   * the OS; empty where the host cannot tell, e.g. browser mode: the renderer then uses the
   * browser's own languages).
   */
  systemLanguages: Empty,
  /**
   * The catalog the renderer speaks now (Settings → Language, or the system's), so the desktop
   * app's menus and dialogs speak it too. Answered by the main process; elsewhere (browser
   * mode) a no-op that says `applied: false`.
   */
  setLanguage: z.object({ locale: z.enum(MESSAGE_LOCALES) }).strict(),

  // activity: the log, in visits
  /** One visit's entries; without `visitId`, the visit in progress (none: empty). */
  listActivity: z.object({ visitId: Id.optional() }).strict(),
  /** Every visit of this account, newest first. */
  listVisits: Empty,
  /**
   * Finishes the visit in progress with the store's sign-off (the next action starts a new
   * one): the contact's signature and printed name, or why nobody signed. With completion rules
   * still open it also needs `reason` (why they are open), and the visit is recorded incomplete
   * with it — never refused otherwise (the technician may always leave).
   */
  finishVisit: z
    .object({
      signOff: z.discriminatedUnion('signed', [
        z
          .object({
            signed: z.literal(true),
            name: z.string().trim().min(1, R.name_required).max(120, R.name_too_long),
            strokes: SignatureStrokes,
          })
          .strict(),
        z.object({ signed: z.literal(false), reason: Reason }).strict(),
      ]),
      reason: z.string().trim().max(300, R.reason_too_long).optional(),
    })
    .strict(),
  /**
   * Corrects an entry of a visit's record by appending an amendment (the entry itself never
   * changes): a verification's note, with the reason for the correction.
   */
  amendEntry: z
    .object({
      entryId: Id,
      field: z.enum(AMENDABLE_FIELDS),
      value: z.string().trim().max(500),
      reason: Reason,
    })
    .strict(),
  /** A visit's chained record: each entry's number, time, kind and hash (for the CSV). */
  visitRecord: z.object({ visitId: Id }).strict(),
  /**
   * Compares a receipt with the record on this computer: the final hash printed on it (or a
   * prefix of 16+ digits), and from its CSV the visit and every entry's hash.
   */
  checkReceipt: z
    .object({
      hash: HashText,
      visitId: Id.optional(),
      entries: z
        .array(z.object({ n: z.number().int().min(1), hash: FullHash }).strict())
        .max(100_000)
        .optional(),
    })
    .strict(),
  /** The completion rules of this organization and what is still open in a visit (default:
   * the one in progress). */
  visitCompletion: z.object({ visitId: Id.optional() }).strict(),
  /** The mounting checklist of a device type (`device_type_name`; null: unknown type). */
  mountingChecklist: z.object({ deviceType: z.string().trim().max(120).nullable() }).strict(),
  /**
   * The mounting checklist's answers for a placed device, kept with the visit. Lengths in
   * metres (the renderer converts the technician's units); a length outside its limits or a
   * check answered "no" needs its reason.
   */
  recordChecklist: z
    .object({
      serial: Serial,
      locationId: Id,
      deviceType: z.string().trim().max(120).nullable(),
      answers: z
        .array(
          z
            .object({
              check: z.enum(CHECK_IDS),
              metres: z
                .number()
                .finite()
                .min(0, R.length_range)
                .max(MAX_METRES, R.length_range)
                .optional(),
              yes: z.boolean().optional(),
              reason: z.string().trim().max(300, R.reason_too_long).optional(),
            })
            .strict(),
        )
        .max(CHECK_IDS.length),
    })
    .strict(),
  /**
   * A placement photo of an installed device, kept with the visit in work.db (never sent to the
   * vendor API). A data: URL of a JPEG, WebP or PNG of at most MAX_PHOTO_BYTES.
   */
  addPhoto: z
    .object({
      serial: Serial,
      locationId: Id,
      dataUrl: z
        .string()
        .max(Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 64, R.photo_too_large)
        .regex(/^data:image\/(jpeg|webp|png);base64,[A-Za-z0-9+/]+=*$/, R.photo_not_a_photo),
      /** When the frame was captured (kept as the photo's time; the record hashes it). */
      takenAt: IsoTime.optional(),
    })
    .strict(),
  /** The photos of a visit (default: the one in progress), without their pictures. */
  listPhotos: z.object({ visitId: Id.optional(), serial: Serial.optional() }).strict(),
  /** One photo's picture, as a data: URL. */
  photoData: z.object({ id: Id }).strict(),
  /** Removes a photo (a wrong one) from the visit in progress; a finished visit's stay. */
  deletePhoto: z.object({ id: Id }).strict(),
  /**
   * Desktop app only, handled in the main process (electron/main/print-pdf.ts): the window as
   * shown (a visit receipt) printed to PDF and saved where the technician chooses. Browser mode
   * uses the browser's own print dialog instead; the core answers this with a validation error.
   */
  savePdf: z
    .object({
      fileName: z
        .string()
        .trim()
        .max(120)
        .regex(/^[\w .,()-]+\.pdf$/i, R.pdf_file_name),
    })
    .strict(),
  /**
   * Training mode only: people walking past a device, counted in its foot traffic the way the
   * training service simulates check-ins (nobody walks past a device that does not exist).
   */
  simulateWalkThrough: z
    .object({ serial: Serial, count: z.number().int().min(1).max(100).optional() })
    .strict(),
  /**
   * An accuracy audit of a device (issue 27): started (or the one of this visit still
   * counting, resumed), tapped, stopped, and read — reading settles a stopped one when its
   * counts can be read.
   */
  startAudit: z.object({ serial: Serial, locationId: Id }).strict(),
  auditTap: z.object({ auditId: Id, direction: z.enum(['in', 'out', 'undo']) }).strict(),
  stopAudit: z.object({ auditId: Id }).strict(),
  /** The audit of a device in the visit in progress (or by id), settled if it can be. */
  getAudit: z.object({ serial: Serial.optional(), auditId: Id.optional() }).strict(),
  /** Why a failed audit is left as it is (required for a failed one to leave follow-up). */
  auditReason: z
    .object({
      auditId: Id,
      reason: z.string().trim().min(1, R.reason_required).max(300, R.reason_too_long),
    })
    .strict(),
  /** Training mode only: people cross a practice device's line (it counts a few short). */
  simulateCrossing: z
    .object({
      serial: Serial,
      in: z.number().int().min(0).max(100),
      out: z.number().int().min(0).max(100),
    })
    .strict(),
  recordVerification: z
    .object({
      serial: Serial,
      locationId: Id,
      checkedIn: z.boolean(),
      walkTestCount: z.number().int().min(0).max(1_000_000),
      /** Passes the technician walked; the walk test passes when the count reaches it. */
      walkTestExpected: z
        .number({ error: R.passes_required })
        .int(R.passes_whole)
        .min(1, R.passes_at_least_one)
        .max(100, R.passes_too_many)
        .optional(),
      /** Why a walk test that did not reach its passes is recorded anyway (required then). */
      walkTestReason: z.string().trim().max(300, R.reason_too_long).optional(),
      note: z.string().trim().max(500).optional(),
    })
    .strict(),
} satisfies Record<string, z.ZodType>;

export type OperationName = keyof typeof operations;
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];
export type OperationInput<K extends OperationName> = z.input<(typeof operations)[K]>;
export type ParsedInput<K extends OperationName> = z.output<(typeof operations)[K]>;

// ---------------------------------------------------------------- results

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
 * catalog (lib/error-text.ts maps each to a message and a next step; `params` fill them in).
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
  'photo_not_a_photo',
  'photo_empty',
  'photo_too_large',
  'photo_limit',
  /** Only a verification's note can be corrected by an amendment. */
  'entry_not_amendable',
  'location_queued',
  'training_failed',
  'training_only',
  'walk_test_short',
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

/**
 * What crosses IPC when an operation fails: a kind, a code and its parameters, never words
 * (the renderer says them), a stack or a secret.
 */
export interface AppErrorShape {
  kind: ErrorKind;
  code: ErrorCode;
  /** Values for the code's sentence (host, serial, seconds…). */
  params?: Record<string, string | number>;
  status?: number;
  /** Field → its problem, in kinds (contract validation, a refusal, a server's 422). */
  fields?: Record<string, FieldIssue>;
  /** For conflicts: where the device is now. */
  location?: LocationRef | null;
  retryAfterS?: number;
}

/**
 * An error as kept in work.db or app.db (an outbox item's last error, a failure in the
 * activity log, a connection report's problem). One saved by an earlier version may have no
 * code, and English words instead: the renderer shows those only when nothing else can say it.
 */
export type SavedError = Omit<AppErrorShape, 'code'> & {
  code?: ErrorCode;
  message?: string;
  nextStep?: string;
};

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

/** A read that may come from the offline cache. */
export interface Cached<T> {
  value: T;
  /** When the value was fetched from the server (ISO), null if never. */
  fetchedAt: string | null;
  source: 'network' | 'cache';
  /** True when a background refresh was started; a `data-updated` event follows. */
  refreshing: boolean;
}

/** What the technician must be told about the local data (never silent). */
export interface StorageHealth {
  /**
   * The queue file (work.db) was damaged — found at start or by a read that failed later: it
   * was moved aside, with how many queued actions it held (as far as can still be read).
   */
  outboxDamage: { unreadable: number; keptAt: string } | null;
  /** app.db (who was signed in, settings) was damaged at this start: moved aside, signed out. */
  settingsDamage: { keptAt: string } | null;
  /** The cached server data was damaged and is being downloaded again. */
  cacheRebuilt: boolean;
  /** Imported from an earlier version's files at first start (counts), null if nothing was. */
  imported: { queued: number; activity: number } | null;
}

export interface SessionStatus {
  signedIn: boolean;
  training: boolean;
  baseUrl: string | null;
  user: { name: string } | null;
  organizations: Organization[];
  organization: Organization | null;
  online: boolean;
  queued: number;
  storage: StorageHealth;
}

export type OutboxKind =
  | 'install'
  | 'uninstall'
  | 'move'
  | 'update_device'
  | 'create_location'
  | 'delete_location'
  | 'replace';
export type OutboxState = 'queued' | 'syncing' | 'failed' | 'conflict' | 'done';

export interface OutboxItem {
  id: string;
  kind: OutboxKind;
  /** null for location intents. */
  serial: string | null;
  /** Target location for install/move; the location uninstalled from for uninstall; the
   * location created or deleted for location intents (a `local-` id until the server names it). */
  locationId: string | null;
  locationName: string | null;
  fromLocationId: string | null;
  createdAt: string;
  state: OutboxState;
  attempts: number;
  lastError: SavedError | null;
  /** Set in state "conflict": where the device actually is. */
  conflictLocation: LocationRef | null;
  /** Steps of a multi-step intent already applied on the server (a move's uninstall). */
  stepsDone: number;
  /** Waiting for another intent first (an install at a store created offline). */
  waitingFor: string | null;
  /** replace: the broken device taken out (`serial` is the one put in). */
  replaces: string | null;
}

export type ActionResult =
  { status: 'done'; device: Device } | { status: 'queued'; item: OutboxItem };

export type LocationResult =
  | { status: 'done'; location: Location }
  | { status: 'queued'; location: Location; item: OutboxItem };

/** A window of device rows and the counts around it, all from the local database. */
export interface DeviceWindow {
  offset: number;
  rows: Device[];
  /** Rows matching the query and filters (see `matchedCapped`). */
  matched: number;
  /** true when more rows match than were counted (`matched` is then a lower bound). */
  matchedCapped: boolean;
  /** All rows of the view, unfiltered. */
  total: number;
  /** When the list was last completely downloaded, null if never. */
  fetchedAt: string | null;
}

export interface DeviceFacets {
  types: string[];
  firmwares: string[];
}

export type SyncResource = 'organizations' | 'locations' | 'devices' | 'location' | 'foot_traffic';

/** One list download of a sync: how far it got. */
export interface SyncTask {
  resource: SyncResource;
  /** For per-store downloads. */
  locationId: string | null;
  fetched: number;
  /** null while the server has not said how many there are. */
  total: number | null;
  /** Downloaded so far (answers' bodies; a page answered "not modified" costs none). */
  bytes: number;
  state: 'waiting' | 'running' | 'done' | 'failed' | 'cancelled';
  error: AppErrorShape | null;
}

/**
 * Why the scheduled refresh of the full lists waits (issue 26): the browser says the user asked
 * to save data, or the link is very slow. "Sync now" refreshes them anyway.
 */
export type SyncHold = 'save_data' | 'slow_link';

export interface SyncState {
  running: boolean;
  /** The run is sending queued actions (before it downloads the lists). */
  sending: boolean;
  tasks: SyncTask[];
  /** When the last full refresh of the lists finished. */
  lastCompletedAt: string | null;
  /** When the next automatic attempt is due (after Retry-After or a backoff), if one is. */
  nextAttemptAt: string | null;
  /** The full lists are due but wait for a better link; null when they do not. */
  held: SyncHold | null;
}

export interface SyncReport {
  done: number;
  failed: number;
  conflicts: number;
  remaining: number;
  /** What stopped the run before it finished (no network, the server…); null when it did. */
  stoppedBy: AppErrorShape | null;
}

export interface ActivityEntry {
  id: string;
  at: string;
  /** 'storage': the app's own note about the saved data (a damaged queue set aside). */
  action: OutboxKind | 'verify' | 'storage' | 'checklist' | 'finish_visit' | 'audit';
  serial: string | null;
  locationId: string | null;
  locationName: string | null;
  /** A verification's is one of VerificationResult (electron/verification-result.ts). */
  result:
    'done' | 'queued' | 'failed' | 'conflict' | 'incomplete' | VerificationResult | AuditResult;
  /** The English of an entry written before `fact` existed (shown as it is); empty since. */
  detail: string;
  /** What happened as a kind with parameters; the renderer words it (lib/activity-text.ts).
   * Null for entries from earlier versions, which have only `detail`. */
  fact: ActivityFact | null;
  visitId: string;
  /** A verification's walk test, when one was recorded. */
  walkTest: WalkTestResult | null;
  /** An accuracy audit's numbers (action 'audit'). */
  audit?: AuditLogged | null;
  /** The queued action this row follows (its outbox item's id while it waits): the row's
   * result changes as the action does (queued → done…), `at` stays when the technician acted.
   * Null for verifications and for rows written before rows followed their action. */
  intentId: string | null;
  /** When an action that waited in the queue was sent; null when it went at once or not yet. */
  sentAt: string | null;
  /** replace: the broken device taken out (`serial` is the one put in), from the start. */
  replaces: string | null;
  /** Corrections appended to the visit's record, oldest first; the fields above show the
   * corrected values. */
  amendments: Amendment[];
}

/** A correction of an entry, appended to the record (the entry itself is never changed). */
export interface Amendment {
  at: string;
  field: AmendableField;
  value: string | null;
  previous: string | null;
  reason: string;
}

/**
 * Kinds of entry in a visit's chained record. Every entry is appended through one function
 * (electron/core/record/visit-record.ts `append`); a new kind of entry is a new name here.
 */
export type RecordEntryKind =
  | 'action'
  | 'verification'
  | 'photo'
  | 'photo_removed'
  /** The mounting checklist's answers for a device (a `mounting_checklist` activity fact). */
  | 'mounting_checklist'
  /** Finished with completion rules open, and why (a `visit_incomplete` activity fact). */
  | 'visit_incomplete'
  /** An accuracy audit's row in the visit log, each time it changes (pending, then its result). */
  | 'accuracy_audit'
  | 'sign_off'
  | 'amendment'
  | 'storage'
  /** A visit recorded before records were chained: its entries were chained at the upgrade. */
  | 'chained_at_upgrade';

export interface RecordEntryInfo {
  n: number;
  at: string;
  kind: RecordEntryKind;
  hash: string;
}

/** The store's sign-off at the end of a visit. */
export type SignOff =
  | { at: string; signed: true; name: string; strokes: number[][] }
  | { at: string; signed: false; reason: string };

/**
 * What "Check a receipt" found: `match` (the record is as the receipt says), `added_since`
 * (the receipt's entries are all there, and more were appended after it: a queued action
 * sent, an amendment), `differs` (the receipt and the record part at `entry`), `altered` (an
 * entry stored on this computer no longer matches its own hash: changed outside the app),
 * `unknown` (no visit here has that hash or id).
 */
export interface ReceiptCheck {
  verdict: 'match' | 'added_since' | 'differs' | 'altered' | 'unknown';
  visitId: string | null;
  visitStartedAt: string | null;
  /** The first entry where they part (1-based), for differs / altered. */
  entry: number | null;
  entryKind: RecordEntryKind | null;
  /** Entries of the record on this computer. */
  entries: number;
  /** Entries the receipt lists, when it lists them (a CSV). */
  receiptEntries: number | null;
}

/**
 * An activity entry's detail as a kind with parameters (kept in work.db's `activity.data`
 * JSON), so the log, the receipt and the CSV say it in the technician's language.
 */
export type ActivityFact =
  /** Waits in the queue until the connection is back. */
  | { kind: 'queued' }
  /** A store created offline: waits to be sent. */
  | { kind: 'created_offline' }
  | { kind: 'discarded' }
  | { kind: 'installed'; location: string | null }
  | { kind: 'moved'; location: string | null }
  | { kind: 'replaced'; old: string | null; location: string | null }
  | { kind: 'uninstalled'; location: string | null }
  | { kind: 'device_saved' }
  | { kind: 'location_created'; name: string | null }
  | { kind: 'location_deleted'; location: string | null }
  /** The server has the device at another store. */
  | { kind: 'conflict'; location: string }
  /** The server refused it: the error as it crossed (kind, code, params; the English of one
   * recorded by an earlier version). */
  | { kind: 'failed'; error: Pick<SavedError, 'kind' | 'code' | 'params' | 'message'> }
  /** A verification (its walk test is the entry's `walkTest`). */
  | { kind: 'verification'; checkedIn: boolean; note: string | null }
  /** The queue file was damaged and moved aside, with the queued actions it held. */
  | { kind: 'outbox_damaged'; unreadable: number; keptAt: string }
  /** A placed device's mounting checklist, with the limits each length was judged by. */
  | { kind: 'mounting_checklist'; deviceType: string | null; checks: RecordedCheck[] }
  /** The visit was finished with completion rules open, and why. */
  | { kind: 'visit_incomplete'; open: OpenRule[]; reason: string };

/** Why "Install the pick list here" skips a line (the renderer words it). */
export type PickProblem =
  | { kind: 'not_a_serial' }
  /** Not in the inventory saved on this computer; `near`: serials it may have meant. */
  | { kind: 'unknown'; near: string[] }
  | { kind: 'installed_elsewhere'; location: LocationRef }
  | { kind: 'installed_here' }
  | { kind: 'wrong_type'; type: string | null; expected: string }
  /** Scanned twice: `line` (from 1) is the line it repeats. */
  | { kind: 'duplicate'; line: number };

/** A line's install from the pick list, where the queue and then the activity log keep it. */
export interface PickInstall {
  intentId: string;
  locationId: string;
  /** Waiting, being sent or stopped in the queue: its item. */
  item: OutboxItem | null;
  /** Gone from the queue: the activity entry of the action, which says how it ended. */
  entry: ActivityEntry | null;
}

export interface PickLine {
  id: string;
  /** As scanned; the server's spelling when the inventory has the device. */
  serial: string;
  label: string | null;
  deviceType: string | null;
  /** null: installed with the others (or installed already: see `install`). */
  problem: PickProblem | null;
  install: PickInstall | null;
  /** "Install the pick list here" installs it now: no problem, and no install on its way or
   * done (one that was refused is tried again). */
  ready: boolean;
}

export interface PickList {
  /** The visit in progress; null when none is (the list is then empty). */
  visitId: string | null;
  /** Chosen, else the type of the first device the inventory knows. */
  expectedType: string | null;
  typeChosen: boolean;
  lines: PickLine[];
}

/** The audit results an activity row of action 'audit' has. */
export type AuditResult = 'audit_pending' | 'audit_passed' | 'audit_failed' | 'audit_not_enough';

/** An accuracy audit as its screen shows it and the log keeps it. */
export interface AccuracyAudit {
  id: string;
  serial: string;
  locationId: string;
  visitId: string;
  /** ms since the epoch, as every time of an audit (its arithmetic is on bucket boundaries). */
  startedAt: number;
  /** The server's bucket length; `bucketSeen` false while it is assumed (started offline). */
  bucketMs: number;
  bucketSeen: boolean;
  /** Coarse buckets: the end of the whole run the technician accepted. */
  plannedEnd: number | null;
  stoppedAt: number | null;
  /** The window compared: its start from Start; its end once stopped. */
  window: { start: number; end: number | null };
  /** Taps inside the window. */
  tally: Tally;
  lastTap: { direction: Direction; at: number } | null;
  /** counting → pending (until the window ends, the device checks in after it, its counts are read) → done. */
  state: 'counting' | 'pending' | 'done';
  waitingFor: 'window_end' | 'checkin' | 'counts' | null;
  result: AuditComparison | null;
  reason: string | null;
  thresholds: AuditThresholds;
}

/** What the visit log keeps of an audit (`ActivityEntry.audit`). */
export interface AuditLogged {
  auditId: string;
  window: AuditWindow | null;
  manual: Tally;
  result: AuditComparison | null;
  reason: string | null;
}

export interface WalkTestResult {
  /** Passes the technician walked (or the default). */
  expected: number;
  /** Visitors the device counted since the install. */
  counted: number;
  passed: boolean;
  /** Why a failed walk test was recorded anyway. */
  reason: string | null;
}

export interface PhotoInfo {
  id: string;
  visitId: string;
  serial: string;
  locationId: string;
  takenAt: string;
  bytes: number;
}

/** A span of work of one account (organization + key; training separate). */
export interface Visit {
  id: string;
  startedAt: string;
  /** null: in progress. */
  finishedAt: string | null;
  entries: number;
  organization: { id: string; name: string } | null;
  /** The chained record: its entry count and the last entry's hash (printed on the receipt). */
  record: { entries: number; finalHash: string | null; chainedAtUpgrade: string | null };
  signOff: SignOff | null;
  /** Finished with completion rules open: which, and the technician's reason. */
  incomplete: { open: OpenRule[]; reason: string } | null;
}

export interface DeviceTraffic {
  serial: string;
  total: number;
  series: FootTraffic[];
}

/** What the connection check asks, in order. */
export const CONNECTION_STEPS = [
  'organizations',
  'locations',
  'devices',
  'uninstalled_devices',
  'location_devices',
  'device',
  'foot_traffic_locations',
  'foot_traffic_device',
] as const;

/** One endpoint the connection check asked, and what it made of the answer. */
export interface ConnectionStep {
  step: (typeof CONNECTION_STEPS)[number];
  /** Method and path template, e.g. "GET /locations" (never a key or a query). */
  endpoint: string;
  /** not_understood: the server answered in a way the app cannot read. */
  outcome: 'ok' | 'not_understood' | 'failed' | 'skipped';
  /** Time the step took; null when skipped. */
  ms: number | null;
  /** HTTP status when the failure carried one. */
  status: number | null;
  paging: PagingStyle | null;
  /** Items in the answer (the first page of a list). */
  items: number | null;
  /** The list's total, when the server said it. */
  total: number | null;
  /** Field names of the first item, as the server sent them. */
  fields: string[];
  /** Those of `fields` the app does not read. */
  unknownFields: string[];
  /** As in AppErrorShape: the renderer says the problem from its code (a report kept by an
   * earlier version may have only English words). */
  problem: Pick<SavedError, 'kind' | 'code' | 'params' | 'message'> | null;
  /** What the step found or why it was skipped, as kinds the renderer words. */
  facts: ConnectionFact[];
  /** A report kept by an earlier version has these English notes instead of facts. */
  notes?: string[];
}

/** One thing the connection check learned (see ConnectionStep.facts). */
export type ConnectionFact =
  | { kind: 'signed_in_as'; name: string }
  | { kind: 'user_not_named' }
  | { kind: 'organizations_visible'; count: number }
  | { kind: 'no_locations' }
  | { kind: 'cities_read'; withCity: number; addresses: number }
  | { kind: 'visitors_at_locations'; visitors: number; locations: number }
  | { kind: 'visitors_in_buckets'; visitors: number; buckets: number }
  /** Issue 26: an unchanged page asked again with its validator was answered 304. */
  | { kind: 'conditional_requests'; validator: 'etag' | 'last_modified' }
  /** No validator on the answer, or no 304 when asked with it: every refresh costs whole pages. */
  | { kind: 'no_conditional_requests' }
  /** GET /devices echoed `updated_since`: scheduled refreshes ask only for what changed. */
  | { kind: 'updated_since_honoured' }
  | { kind: 'updated_since_ignored' }
  /** The device answered in the spelling listed and 404 in its other case. */
  | { kind: 'serials_case_sensitive'; serial: string }
  /** A request before failed in a way every other would (offline, TLS, key refused). */
  | { kind: 'skipped_after'; endpoint: string }
  | { kind: 'skipped_organizations_unread'; endpoint: string }
  | { kind: 'skipped_key_has_no_organization' }
  | { kind: 'skipped_choose_organization'; count: number }
  | { kind: 'skipped_locations_unread'; endpoint: string }
  | { kind: 'skipped_no_locations' }
  | { kind: 'skipped_no_device' }
  /** What the client's readers adapted to in this server's answers (core/api/findings.ts). */
  | ApiFinding;

export interface ConnectionReport {
  at: string;
  baseUrl: string;
  organization: { id: string; name: string } | null;
  steps: ConnectionStep[];
  /** ok: nothing failed; problems: some steps failed or were not understood; failed: none worked. */
  outcome: 'ok' | 'problems' | 'failed';
}

/** Where managed settings came from: Windows policy, a macOS profile, a Linux file. */
export interface ManagedSource {
  kind: 'windows-policy' | 'macos-profile' | 'linux-file';
  /** The registry key or file path, to show who manages it. */
  where: string;
}

export interface ManagedSettings {
  /** null: nothing is managed. */
  source: ManagedSource | null;
  /** Pre-filled at sign-in; with `apiBaseUrlLocked` the only one accepted. */
  apiBaseUrl: string | null;
  apiBaseUrlLocked: boolean;
  /** Where updates come from (electron-updater's generic provider); null: not set. */
  updateUrl: string | null;
  /** false: updates switched off by policy; null: not set. */
  updatesEnabled: boolean | null;
  /** Placement photos' longest side in pixels (PHOTO_MAX_SIDE when not set). */
  photoMaxSide: number | null;
  quality: ManagedQuality;
  /** Hours between scheduled refreshes of the full lists (`FullRefreshHours`); absent: not set. */
  fullRefreshHours?: number;
  /** The accuracy audit's pass mark and minimum sample; null: the default (accuracy-audit.ts). */
  auditPercent: number | null;
  auditMinCrossings: number | null;
  auditMinMinutes: number | null;
}

/** Installation quality set by IT (issue 27). */
export interface ManagedQuality {
  /** What a visit needs to be complete; null: no rule set. */
  rules: CompletionRules | null;
  /** The organizations the rules are for (ids); null: every organization. */
  organizations: string[] | null;
  /** The organization's own mounting checklists (a JSON file); null: the shipped ones. */
  checklistFile: string | null;
}

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

interface OperationResults {
  sessionStatus: SessionStatus;
  signIn: SessionStatus;
  chooseOrganization: SessionStatus;
  signOut: SessionStatus;
  startTraining: SessionStatus;
  checkConnection: ConnectionReport;
  lastConnectionReport: ConnectionReport | null;
  managedSettings: ManagedSettings;
  /** started: false when no update is ready (or in browser mode). */
  installUpdate: { started: boolean };
  /** false when no sign-in was waiting for that id (answered already, or browser mode). */
  answerProxyLogin: { accepted: boolean };
  /** false when dropped (more than 20 reports a minute: a loop must not fill the disk). */
  reportRendererError: { logged: boolean };
  /** What the core believes after acting on it (after the probe `online: true` starts). */
  networkChanged: { online: boolean };
  listOrganizations: Cached<Organization[]>;
  getOrganization: Cached<Organization>;
  listLocations: Cached<Location[]>;
  getLocation: Cached<Location>;
  createLocation: LocationResult;
  deleteLocation: { status: 'done' | 'queued' };
  listLocationDevices: Cached<Device[]>;
  queryDevices: DeviceWindow;
  deviceFacets: DeviceFacets;
  /** The server's spellings, closest first (a few at most). */
  nearSerials: string[];
  getDevice: Cached<Device>;
  updateDevice: ActionResult;
  installDevice: ActionResult;
  uninstallDevice: ActionResult;
  moveDevice: ActionResult;
  replaceDevice: ActionResult;
  pickList: PickList;
  addToPickList: PickList;
  changePickLine: PickList;
  removePickLine: PickList;
  choosePickType: PickList;
  installPickList: PickList;
  locationsFootTraffic: LocationMetric[];
  deviceFootTraffic: DeviceTraffic;
  listOutbox: OutboxItem[];
  retryOutboxItem: OutboxItem[];
  discardOutboxItem: OutboxItem[];
  resolveConflict: OutboxItem[];
  syncNow: SyncReport;
  syncStatus: SyncState;
  cancelSync: SyncState;
  makeAvailableOffline: SyncState;
  systemLanguages: string[];
  setLanguage: { applied: boolean };
  listActivity: ActivityEntry[];
  listVisits: Visit[];
  finishVisit: Visit | null;
  amendEntry: ActivityEntry;
  visitRecord: RecordEntryInfo[];
  checkReceipt: ReceiptCheck;
  visitCompletion: VisitCompletion;
  mountingChecklist: { checks: CheckDef[]; source: ChecklistSource };
  recordChecklist: ActivityEntry;
  savePdf: { saved: boolean };
  addPhoto: PhotoInfo;
  listPhotos: PhotoInfo[];
  photoData: { dataUrl: string };
  deletePhoto: PhotoInfo[];
  simulateWalkThrough: { serial: string; added: number };
  recordVerification: ActivityEntry;
  startAudit: AccuracyAudit;
  auditTap: AccuracyAudit;
  stopAudit: AccuracyAudit;
  getAudit: AccuracyAudit | null;
  auditReason: AccuracyAudit;
  simulateCrossing: { in: number; out: number };
}

// Compile-time check: every operation has a result type and vice versa.
type _Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _allHaveResults: _Same<OperationName, keyof OperationResults> = true;
void _allHaveResults;

export type OperationResult<K extends OperationName> = OperationResults[K];

// ---------------------------------------------------------------- push events

export type PushEvent =
  | { type: 'connectivity'; online: boolean }
  | { type: 'outbox'; items: OutboxItem[] }
  | { type: 'sync'; report: SyncReport }
  | { type: 'sync-progress'; state: SyncState }
  | { type: 'data-updated'; resource: string }
  | { type: 'session'; status: SessionStatus }
  /**
   * From the Electron main process (menu shortcuts, deep links): go to a hash path of the
   * walkthrough (`/scan`, `/inventory`, `/locations/{id}`, `/devices/{serial}`); with
   * `focusSearch` the search field takes the focus after.
   */
  | { type: 'navigate'; path: string; focusSearch: boolean }
  /** The menu's Back (Alt+Left / Cmd+[): the renderer's history goes back one step. */
  | { type: 'go-back' }
  /** An update was downloaded; it is installed only when the technician chooses to restart. */
  | { type: 'update-ready'; version: string }
  /**
   * The network's proxy asks for a user name and password (Electron's `login` with
   * authInfo.isProxy): the page asks once and answers with `answerProxyLogin`. `refused`: the
   * proxy refused the previous answer.
   */
  | {
      type: 'proxy-login';
      id: string;
      host: string;
      port: number;
      realm: string;
      refused: boolean;
    };

/**
 * An envelope as JSON text; T is what it decodes to. Operations cross IPC as text: a string
 * passes Electron's IPC and context bridge without the deep copy an object graph gets, which
 * matters for 100,000-device lists, and the core has those as text already.
 */
type EnvelopeText<T> = string & { readonly envelopeOf?: T };

/** The API the renderer sees: one named async function per operation plus events. */
export type InstallerApi = {
  [K in OperationName]: (input: OperationInput<K>) => Promise<EnvelopeText<OperationResult<K>>>;
} & {
  onEvent: (listener: (event: PushEvent) => void) => () => void;
};

/** Channel names are derived, never accepted from the renderer. */
export const channelFor = (name: OperationName): string => `installer:${name}`;
export const EVENT_CHANNEL = 'installer:event';
