/**
 * A device that does not check in: what the app knows, the guide's likely causes in the order
 * the evidence suggests (silent-causes.ts, decision record 73), and what the technician found
 * and did, recorded in the visit.
 */
import type { ActivityEntry } from './visits';
import type { GuideCause, GuideFileProblem, StoreEvidence } from '../silent-causes';
import { Empty, Id, RULE, Serial } from './fields';
import { op } from './operation';
import { z } from 'zod';

export interface SilentCheck {
  deviceType: string | null;
  firmware: string | null;
  /** The store's other installed devices as this computer has them, and how many check in. */
  store: { others: number; checkingIn: number; evidence: StoreEvidence };
  /** Whether this computer reaches the vendor's server now. */
  vendorReachable: boolean;
  /** Most likely first. */
  causes: GuideCause[];
  /** Where the guide comes from; a file that could not be used and why (the shipped one is). */
  source: GuideSourceInfo;
  /** What the technician recorded last for this device in the visit in progress. */
  recorded: ActivityEntry | null;
}

/** Where the guide comes from; a file that could not be used and why (the shipped one is). */
export interface GuideSourceInfo {
  file: string | null;
  problem: GuideFileProblem | null;
}

export const silentCheckOperations = {
  /** Where the silent-device guide in use comes from (Settings names a file not used). */
  silentGuideSource: op(Empty).returns<GuideSourceInfo>(),
  /** What is known of a device that does not check in, and its likely causes (local). */
  silentCheck: op(z.object({ serial: Serial, locationId: Id }).strict()).returns<SilentCheck>(),
  /** What the technician found (a cause of the guide, or none found) and did: a visit entry. */
  recordSilentCheck: op(
    z
      .object({
        serial: Serial,
        locationId: Id,
        cause: z
          .string()
          .regex(/^[a-z0-9_]{1,40}$/)
          .nullable(),
        note: z.string().trim().min(1, RULE.reason_required).max(300, RULE.reason_too_long),
      })
      .strict(),
  ).returns<ActivityEntry>(),
};
