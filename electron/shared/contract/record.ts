/**
 * A visit's chained record (issue 28): the kinds of its entries, the store's sign-off, the
 * corrections appended to it, and what "Check a receipt" finds.
 */
import { z } from 'zod';
import { SIGNATURE_WIDTH } from '../signature-box';
import { RULE } from './fields';

export const Reason = z.string().trim().min(1, RULE.reason_required).max(300, RULE.reason_too_long);
/** A SHA-256 as hex, as printed (spaces between groups allowed) or a prefix of 16+ digits. */
export const HashText = z
  .string()
  .transform((s) => s.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{16,64}$/));
export const FullHash = z.string().regex(/^[0-9a-f]{64}$/);

/** A signature: pen strokes as x,y pairs in a SIGNATURE_WIDTH × SIGNATURE_HEIGHT box. */
export const SignatureStrokes = z
  .array(
    z
      .array(z.number().int().min(0).max(SIGNATURE_WIDTH))
      .min(2)
      .max(4_000)
      .refine((s) => s.length % 2 === 0),
  )
  .min(1, RULE.signature_empty)
  .max(200);

/** What an amendment can correct. */
export const AMENDABLE_FIELDS = ['note'] as const;
type AmendableField = (typeof AMENDABLE_FIELDS)[number];

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
  /** The visit's first entry: when it started and for which organization. */
  | 'visit_started'
  | 'action'
  | 'verification'
  | 'photo'
  | 'photo_removed'
  /** The mounting checklist's answers for a device (a `mounting_checklist` activity fact). */
  | 'mounting_checklist'
  /** Finished with completion rules open, and why (a `visit_incomplete` activity fact). */
  | 'visit_incomplete'
  /** What the technician found and did about a device that does not check in. */
  | 'silent_check'
  /** The technician started a device's walk test: it counts from then. */
  | 'walk_test_started'
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

/** How a visit's entries were chained: every one keyed with this installation's secret, or
 * its first ones (from before keys) with SHA-256 under a seal made when keys arrived. */
export type RecordChaining = 'keyed' | 'sealed';

/**
 * Where a visit's stored chain stops checking out: an entry out of turn (`order`), not naming
 * the hash before it (`link`), whose content no longer gives its hash — changed, or not made
 * with this installation's secret (`hash`) —, an unkeyed entry outside the seal (`unsealed`),
 * or a seal this installation did not make or whose entries are gone (`seal`).
 */
export interface RecordBreak {
  n: number;
  kind: RecordEntryKind | null;
  reason: 'order' | 'link' | 'hash' | 'unsealed' | 'seal';
}

/** Where something kept beside the chain (or a photo's picture) says another thing than it. */
export interface RecordDiffers {
  /** The record entry it disagrees with; null: one the record does not have at all. */
  n: number | null;
  kind: RecordEntryKind | null;
  /** The field that differs (`result`, `picture`…; `entry`: a whole entry the record lacks). */
  field: string;
}

/** Whether what a visit shows is what its chain proves (read whole by `visitReceipt`). */
export interface RecordProof {
  chaining: RecordChaining;
  /** When its entries from before keys were sealed (chaining `sealed`). */
  sealedAt: string | null;
  broken: RecordBreak | null;
  /** The first place the tables kept beside the chain for speed disagree with it. */
  cache: RecordDiffers | null;
  /** The first photo whose stored picture is not the one recorded (or is gone). */
  photo: RecordDiffers | null;
}

/**
 * What "Check a receipt" found: `match` (the record is as the receipt says), `added_since`
 * (the receipt's entries are all there, and more were appended after it: a queued action
 * sent, an amendment), `differs` (the receipt and the record part at `entry`), `altered` (an
 * entry stored on this computer no longer checks out — changed outside the app, or not made with
 * this installation's secret —, or a photo's picture is not the one recorded), `unknown` (no
 * visit here has that hash or id).
 */
export interface ReceiptCheck {
  verdict: 'match' | 'added_since' | 'differs' | 'altered' | 'unknown';
  visitId: string | null;
  visitStartedAt: string | null;
  /** The first entry where they part (1-based), for differs / altered. */
  entry: number | null;
  entryKind: RecordEntryKind | null;
  /** altered: why that entry no longer checks out (`picture`: the photo's bytes). */
  reason: RecordBreak['reason'] | 'picture' | null;
  /** How the visit's record was chained (null: unknown visit). */
  chaining: RecordChaining | null;
  /** Entries of the record on this computer. */
  entries: number;
  /** Entries the receipt lists, when it lists them (a CSV). */
  receiptEntries: number | null;
}
