/**
 * A placed device's verification: its check-in and its walk test, read from the server and
 * recorded by the core. The page shows what the core read and asks it to record; it never
 * tells the core what was counted.
 */
import type { ActivityEntry } from './visits';
import { Id, RULE, Serial } from './fields';
import { op } from './operation';
import { z } from 'zod';

/** What this visit holds of a device's verification (local: no request). */
export interface VerificationState {
  /** The device's last verification in the visit in progress, as the log keeps it. */
  recorded: ActivityEntry | null;
  /** The walk test the technician started in this visit (an entry of the visit's record). */
  walkTest: { startedAt: string } | null;
}

/** What the core read from the server for a verification, just now. */
export interface VerificationReading {
  /** The device as read (the copy saved on this computer when the server could not answer). */
  device: {
    lastCheckinAt: string | null;
    updateIntervalS: number | null;
    installedAt: string | null;
    /** When the server said this; null: not read from it this time. */
    readAt: string | null;
  };
  /** The walk test's count, null until it is started: the device's buckets from the one its
   * start fell in. `before`: what it counted in the `beforeMinutes` before the start (people
   * crossing who are not the technician). */
  walk: { startedAt: string; counted: number; before: number; beforeMinutes: number } | null;
}

export const verificationOperations = {
  /** The device's recorded verification and started walk test in the visit in progress. */
  verification: op(z.object({ serial: Serial }).strict()).returns<VerificationState>(),
  /** The device's check-in and the walk test's count, read from the server now. */
  readVerification: op(z.object({ serial: Serial }).strict()).returns<VerificationReading>(),
  /** Starts (or starts again) the walk test now: an entry of the visit's chained record. */
  startWalkTest: op(
    z.object({ serial: Serial, locationId: Id }).strict(),
  ).returns<VerificationState>(),
  /**
   * Records the verification from what the core reads from the server now (or read in the last
   * two minutes, offline): whether the device checks in, and what it counted since the walk
   * test started.
   */
  recordVerification: op(
    z
      .object({
        serial: Serial,
        locationId: Id,
        /** Passes the technician walked; the walk test passes when the count reaches it. */
        walkTestExpected: z
          .number({ error: RULE.passes_required })
          .int(RULE.passes_whole)
          .min(1, RULE.passes_at_least_one)
          .max(100, RULE.passes_too_many)
          .optional(),
        /** Why a walk test that did not reach its passes is recorded anyway (required then). */
        walkTestReason: z.string().trim().max(300, RULE.reason_too_long).optional(),
        note: z.string().trim().max(500).optional(),
      })
      .strict(),
  ).returns<ActivityEntry>(),
};
