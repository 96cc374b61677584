/**
 * What a verification records: one rule for the core, which stores it (`ActivityEntry.result`),
 * and the Verify screen, whose button says it before it is pressed. A device that checks in
 * but did not count the passes walked is not "verified": it is recorded as such, for follow-up.
 */

export const VERIFICATION_RESULTS = [
  /** Checked in, and the walk test passed (or none was recorded, as before walk tests). */
  'verified',
  /** Checked in, but the walk test failed (recorded with a reason): needs follow-up. */
  'walk_test_failed',
  /** No check-in seen: needs follow-up. */
  'not_verified',
] as const;
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number];

export const verificationResult = (
  checkedIn: boolean,
  walkTestPassed: boolean | null,
): VerificationResult =>
  !checkedIn ? 'not_verified' : walkTestPassed === false ? 'walk_test_failed' : 'verified';

export const isVerificationResult = (result: string): result is VerificationResult =>
  (VERIFICATION_RESULTS as readonly string[]).includes(result);
