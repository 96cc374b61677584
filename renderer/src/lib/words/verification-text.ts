/**
 * A verification's result in words: the one place for the Verify screen (its button and what
 * it recorded), the Activity log, the receipt and the CSV, so a device whose walk test failed
 * is called the same everywhere and never "Verified". "Not checked" is the receipt's word for
 * a placed device nobody verified: no result was recorded, which is not "Not verified".
 */
import type { VerificationResult } from '$shared';
import { m } from './i18n';

export type Verification = VerificationResult | 'not_checked';

const WORDS: Record<Verification, () => string> = {
  verified: m.result_verified,
  walk_test_failed: m.result_walk_test_failed,
  not_verified: m.result_not_verified,
  not_checked: m.receipt_not_checked,
};

export const verificationWords = (verification: Verification): string => WORDS[verification]();

/** The badge's colour: only "Verified" is green. */
export const verificationTone = (verification: Verification): 'ok' | 'warn' =>
  verification === 'verified' ? 'ok' : 'warn';
