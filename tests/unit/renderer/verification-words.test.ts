/**
 * A verification's result is said by one function everywhere (Verify, Activity, the receipt,
 * the CSV): a device that checked in but failed its walk test is never called "Verified", in
 * any language, and a device nobody verified ("Not checked") is told from one recorded as not
 * verified.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../electron/shared';
import {
  VERIFICATION_RESULTS,
  verificationResult,
} from '../../../electron/shared/verification-result';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { activityToCsv } from '../../../renderer/src/lib/visit/csv';
import { resultWords } from '../../../renderer/src/lib/words/outbox-text';
import { receiptStores } from '../../../renderer/src/lib/visit/receipt';
import { verificationWords } from '../../../renderer/src/lib/words/verification-text';
import { activityEntry } from '../../helpers/activity-entry';

afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

const LANGUAGES = ['en', 'de', 'fr', 'nl', 'ja', 'en-XA'] as const;

const failedWalk: ActivityEntry[] = [
  activityEntry(),
  activityEntry({
    action: 'verify',
    result: verificationResult(true, false),
    fact: { kind: 'verification', checkedIn: true, note: null },
    walkTest: { expected: 3, counted: 0, passed: false, reason: 'Tür offen' },
  }),
];

describe('verification results', () => {
  it('a check-in with a failed walk test is its own result; no check-in is not verified', () => {
    expect(verificationResult(true, true)).toBe('verified');
    expect(verificationResult(true, null)).toBe('verified');
    expect(verificationResult(true, false)).toBe('walk_test_failed');
    expect(verificationResult(false, true)).toBe('not_verified');
    expect(verificationResult(false, false)).toBe('not_verified');
  });

  it.each(LANGUAGES)(
    'in %s: four different words, and a failed walk test is never "verified"',
    (tag) => {
      setLocaleSource(() => resolveLocale([tag]));
      const words = ([...VERIFICATION_RESULTS, 'not_checked'] as const).map(verificationWords);
      expect(new Set(words).size).toBe(4);
      const verified = verificationWords('verified').toLocaleLowerCase();
      const walkFailed = verificationWords('walk_test_failed').toLocaleLowerCase();
      expect(walkFailed).not.toContain(verified);
      // English "Verified" in no language's wording of it either.
      expect(walkFailed).not.toMatch(/verified/i);
    },
  );

  it.each(LANGUAGES)(
    'in %s: the log’s badge, the receipt and the CSV say it the same way',
    (tag) => {
      setLocaleSource(() => resolveLocale([tag]));
      const words = verificationWords('walk_test_failed');
      for (const result of VERIFICATION_RESULTS)
        expect(resultWords(result)).toBe(verificationWords(result));
      expect(verificationWords(receiptStores(failedWalk)[0]!.devices[0]!.verification)).toBe(words);
      const csv = activityToCsv(failedWalk, { organization: 'Org', locale: 'en-US' });
      const verifyRow = csv.split('\r\n')[2]!;
      expect(verifyRow).toContain(words);
      expect(verifyRow).not.toContain(`,${verificationWords('verified')},`);
    },
  );
});
