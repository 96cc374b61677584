/** Visits: the activity log in visits, finishing one, its photos, its receipt as PDF. */
import type { AuditLogged, AuditResult } from './audit';
import type { CauseText, StoreEvidence } from '../silent-causes';
import { Empty, Id, IsoTime, RULE, Serial } from './fields';
import {
  AMENDABLE_FIELDS,
  FullHash,
  HashText,
  Reason,
  SignatureStrokes,
  type Amendment,
  type ReceiptCheck,
  type RecordEntryInfo,
  type RecordProof,
  type SignOff,
} from './record';
import { MAX_PHOTO_BYTES } from '../photo-limits';
import { RECEIPT_ENTRIES_MAX } from '../field-limits';
import type { OpenRule } from '../completion-rules';
import type { OutboxKind } from './outbox';
import type { RecordedCheck } from '../mounting-checks';
import type { SavedError } from './errors';
import type { VerificationResult } from '../verification-result';
import { op } from './operation';
import { z } from 'zod';

export interface ActivityEntry {
  id: string;
  at: string;
  /** 'storage': the app's own note about the saved data (a damaged queue set aside). */
  action:
    OutboxKind | 'verify' | 'storage' | 'checklist' | 'finish_visit' | 'audit' | 'silent_check';
  serial: string | null;
  locationId: string | null;
  locationName: string | null;
  /** A verification's is one of VerificationResult (electron/shared/verification-result.ts). */
  result:
    'done' | 'queued' | 'failed' | 'conflict' | 'incomplete' | VerificationResult | AuditResult;
  /** The English of an entry written before `fact` existed (shown as it is); empty since. */
  detail: string;
  /** What happened as a kind with parameters; the renderer words it (lib/words/activity-text.ts).
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
  /** The device's label when the action was taken (the one given while installing, the broken
   * device's for a replace, else the device's own), for the receipt and the CSV. */
  label?: string | null;
  /** Corrections appended to the visit's record, oldest first; the fields above show the
   * corrected values. */
  amendments: Amendment[];
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
  /** The server accepted it for later and has not applied it yet: waits for the server. */
  | { kind: 'accepted' }
  /** The server accepted it but never applied it; where the device is (null: at no store). */
  | { kind: 'not_applied'; location: string | null }
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
  | { kind: 'visit_incomplete'; open: OpenRule[]; reason: string }
  /** A device that did not check in: the cause found (a guide's, null: none found), what was
   * done, and the evidence the causes were ordered by when it was recorded. */
  | {
      kind: 'silent_check';
      cause: string | null;
      /** IT's own words for that cause (its guide file's, per language), kept with the entry
       * so the record says it as the screen did; null or absent: a shipped cause, or none. */
      causeText?: Record<string, CauseText> | null;
      note: string;
      evidence: StoreEvidence;
      vendorReachable: boolean;
    };

export interface WalkTestResult {
  /** Passes the technician walked (or the default). */
  expected: number;
  /** What the device counted from the walk test's start (earlier entries: since the install),
   * as the core read it from the server. */
  counted: number;
  /** When the technician started it (the visit's record has that entry); absent on entries
   * recorded before walk tests were started, null when none was started. */
  startedAt?: string | null;
  passed: boolean;
  /** Why a failed walk test was recorded anyway. */
  reason: string | null;
}

export interface PhotoInfo {
  id: string;
  visitId: string;
  serial: string;
  locationId: string;
  /** When the core stored it, by its own clock. */
  takenAt: string;
  /** The camera's own time for the frame, kept beside it when within bounds of the core's. */
  cameraAt?: string | null;
  bytes: number;
}

/** A photo as its visit's record holds it, and whether its stored picture is that one. */
export interface RecordedPhoto extends PhotoInfo {
  /** Its record entry. */
  n: number;
  /** false: the picture stored is not the one recorded, or is gone (never shown then). */
  matches: boolean;
}

/** A span of work of one account (organization + key; training separate), as its record says. */
export interface Visit {
  id: string;
  startedAt: string;
  /** null: in progress. */
  finishedAt: string | null;
  /** Entries of its record: the count the receipt prints. */
  entries: number;
  organization: { id: string; name: string } | null;
  /** The stores its entries name, in the order first named. */
  stores: { locationId: string | null; name: string }[];
  /** The chained record: its entry count and the last entry's hash (printed on the receipt). */
  record: { entries: number; finalHash: string | null; chainedAtUpgrade: string | null };
  signOff: SignOff | null;
  /** Finished with completion rules open: which, and the technician's reason. */
  incomplete: { open: OpenRule[]; reason: string } | null;
  /** Whether its chain and what is kept beside it agree, when read whole this session (null:
   * not read yet; `visitReceipt` reads it). */
  proof: RecordProof | null;
}

/** Everything a visit's receipt, Activity and CSV show, read from its record at once. */
export interface VisitReceipt {
  visit: Visit;
  entries: ActivityEntry[];
  photos: RecordedPhoto[];
  record: RecordEntryInfo[];
  proof: RecordProof;
}

export const visitOperations = {
  /** One visit's entries; without `visitId`, the visit in progress (none: empty). */
  listActivity: op(z.object({ visitId: Id.optional() }).strict()).returns<ActivityEntry[]>(),
  /** Every visit of this account, newest first. */
  listVisits: op(Empty).returns<Visit[]>(),
  /**
   * Finishes the visit in progress with the store's sign-off (the next action starts a new
   * one): the contact's signature and printed name, or why nobody signed. With completion rules
   * still open it also needs `reason` (why they are open), and the visit is recorded incomplete
   * with it — never refused otherwise (the technician may always leave).
   */
  finishVisit: op(
    z
      .object({
        signOff: z.discriminatedUnion('signed', [
          z
            .object({
              signed: z.literal(true),
              name: z.string().trim().min(1, RULE.name_required).max(120, RULE.name_too_long),
              strokes: SignatureStrokes,
            })
            .strict(),
          z.object({ signed: z.literal(false), reason: Reason }).strict(),
        ]),
        reason: z.string().trim().max(300, RULE.reason_too_long).optional(),
      })
      .strict(),
  ).returns<Visit | null>(),
  /**
   * Corrects an entry of a visit's record by appending an amendment (the entry itself never
   * changes): a verification's note, with the reason for the correction.
   */
  amendEntry: op(
    z
      .object({
        entryId: Id,
        field: z.enum(AMENDABLE_FIELDS),
        value: z.string().trim().max(500),
        reason: Reason,
      })
      .strict(),
  ).returns<ActivityEntry>(),
  /** A visit's chained record: each entry's number, time, kind and hash (for the CSV). */
  visitRecord: op(z.object({ visitId: Id }).strict()).returns<RecordEntryInfo[]>(),
  /**
   * A visit (default: the one in progress; none: null) as its chained record says it — its
   * activity, photos and entries — with whether the chain checks out and whether what is kept
   * beside it (and every photo's picture) agrees. Read a page at a time (never one long block).
   */
  visitReceipt: op(z.object({ visitId: Id.optional() }).strict()).returns<VisitReceipt | null>(),
  /**
   * Compares a receipt with the record on this computer: the final hash printed on it (or a
   * prefix of 16+ digits), and from its CSV the visit and every entry's hash.
   */
  checkReceipt: op(
    z
      .object({
        hash: HashText,
        visitId: Id.optional(),
        /** The first digits of the visit's id, as the receipt's barcode carries them. */
        visitPrefix: z
          .string()
          .regex(/^[0-9a-f]{12}$/)
          .optional(),
        // The length is checked before any entry (a longer list is refused at once).
        entries: z
          .array(z.object({ n: z.number().int().min(1), hash: FullHash }).strict())
          .max(RECEIPT_ENTRIES_MAX, RULE.receipt_too_many_entries)
          .optional(),
      })
      .strict(),
  ).returns<ReceiptCheck>(),
  /**
   * A placement photo of an installed device, kept with the visit in work.db (never sent to the
   * vendor API). A data: URL of a JPEG, WebP or PNG of at most MAX_PHOTO_BYTES.
   */
  addPhoto: op(
    z
      .object({
        serial: Serial,
        locationId: Id,
        dataUrl: z
          .string()
          .max(Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 64, RULE.photo_too_large)
          .regex(/^data:image\/(jpeg|webp|png);base64,[A-Za-z0-9+/]+=*$/, RULE.photo_not_a_photo),
        /** When the camera captured the frame: kept beside the core's own time if within
         * bounds of it (the photo's time is the core's clock). */
        takenAt: IsoTime.optional(),
      })
      .strict(),
  ).returns<PhotoInfo>(),
  /** The photos of a visit (default: the one in progress), without their pictures. */
  listPhotos: op(z.object({ visitId: Id.optional(), serial: Serial.optional() }).strict()).returns<
    PhotoInfo[]
  >(),
  /** One photo's picture, as a data: URL. */
  photoData: op(z.object({ id: Id }).strict()).returns<{ dataUrl: string }>(),
  /** Removes a photo (a wrong one) from the visit in progress; a finished visit's stay. */
  deletePhoto: op(z.object({ id: Id }).strict()).returns<PhotoInfo[]>(),
  /**
   * Desktop app only, handled in the main process (electron/main/print-pdf.ts): the window as
   * shown (a visit receipt) printed to PDF and saved where the technician chooses. Browser mode
   * uses the browser's own print dialog instead; the core answers this with a validation error.
   */
  savePdf: op(
    z
      .object({
        fileName: z
          .string()
          .trim()
          .max(120)
          .regex(/^[\w .,()-]+\.pdf$/i, RULE.pdf_file_name),
      })
      .strict(),
  ).returns<{ saved: boolean }>(),
  /**
   * Training mode only: people walking past a device, counted in its foot traffic the way the
   * training service simulates check-ins (nobody walks past a device that does not exist).
   */
  simulateWalkThrough: op(
    z.object({ serial: Serial, count: z.number().int().min(1).max(100).optional() }).strict(),
  ).returns<{ serial: string; added: number }>(),
};
