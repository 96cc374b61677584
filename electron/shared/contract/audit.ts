/** A visit's accuracy audits (decision record 7): hand counts compared with the device's. */
import type {
  AuditComparison,
  AuditThresholds,
  AuditWindow,
  Direction,
  Tally,
} from '../accuracy-audit';
import { Id, RULE, Serial } from './fields';
import { op } from './operation';
import { z } from 'zod';

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
  /** Pending: when the device is expected to check in after the window (its schedule as last
   * read here); null when not known. */
  checkinExpected: number | null;
  result: AuditComparison | null;
  reason: string | null;
  thresholds: AuditThresholds;
}

/** What an audit of a device will take, before it starts (ms). */
export interface AuditPlan {
  /** The server's bucket as last read; `bucketSeen` false: a minute assumed (never read). */
  bucketMs: number;
  bucketSeen: boolean;
  /** The device's update interval as saved here (null: not said, 5 minutes assumed). */
  updateIntervalS: number | null;
  thresholds: AuditThresholds;
  /** Counting: the minimum time in whole buckets (or the planned run). */
  countMs: number;
  /** From Start to the result, at most: see `auditDurationAtMost`. */
  totalMs: number;
  /** A store's usual slot for it, and whether the whole audit fits. */
  slotMs: number;
  fits: boolean;
}

/** What the visit log keeps of an audit (`ActivityEntry.audit`). */
export interface AuditLogged {
  auditId: string;
  window: AuditWindow | null;
  manual: Tally;
  result: AuditComparison | null;
  reason: string | null;
}

export const auditOperations = {
  /**
   * An accuracy audit of a device (decision record 7): started (or the one of this visit still
   * counting, resumed), tapped, stopped, and read — reading settles a stopped one when its
   * counts can be read.
   */
  startAudit: op(z.object({ serial: Serial, locationId: Id }).strict()).returns<AccuracyAudit>(),
  auditTap: op(
    z.object({ auditId: Id, direction: z.enum(['in', 'out', 'undo']) }).strict(),
  ).returns<AccuracyAudit>(),
  stopAudit: op(z.object({ auditId: Id }).strict()).returns<AccuracyAudit>(),
  /** The audit of a device in the visit in progress (or by id), settled if it can be. */
  getAudit: op(
    z.object({ serial: Serial.optional(), auditId: Id.optional() }).strict(),
  ).returns<AccuracyAudit | null>(),
  /** How long an audit of this device would take, and whether it fits a store's slot. */
  planAudit: op(z.object({ serial: Serial }).strict()).returns<AuditPlan>(),
  /** Why a failed audit is left as it is (required for a failed one to leave follow-up). */
  auditReason: op(
    z
      .object({
        auditId: Id,
        reason: z.string().trim().min(1, RULE.reason_required).max(300, RULE.reason_too_long),
      })
      .strict(),
  ).returns<AccuracyAudit>(),
  /** Training mode only: people cross a practice device's line (it counts a few short). */
  simulateCrossing: op(
    z
      .object({
        serial: Serial,
        in: z.number().int().min(0).max(100),
        out: z.number().int().min(0).max(100),
      })
      .strict(),
  ).returns<{ in: number; out: number }>(),
};
