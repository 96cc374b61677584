/**
 * An accuracy audit is worded by one module everywhere: the Activity log, the receipt, the
 * follow-up list and the CSV say the same result and numbers, in every language; a failed one
 * is listed for follow-up with its reason; one below the sample is never called passed or
 * failed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_AUDIT_THRESHOLDS,
  compareAudit,
  compareBuckets,
  type AuditComparison,
  type AuditWindow,
} from '../../../electron/shared/accuracy-audit';
import { bucketOf } from '../../../electron/shared/audit-evidence';
import type { ActivityEntry, AuditLogged } from '../../../electron/shared';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { activityDetail } from '../../../renderer/src/lib/words/activity-text';
import { plain } from '../../helpers/plain-text';
import {
  auditDuration,
  auditPercent,
  auditText,
  bucketTime,
} from '../../../renderer/src/lib/words/audit-text';
import { formatNumber } from '../../../renderer/src/lib/words/format';
import { m } from '../../../renderer/src/lib/words/i18n';
import { recordKindWords } from '../../../renderer/src/lib/visit/record-csv';
import { activityToCsv } from '../../../renderer/src/lib/visit/csv';
import { followUps, followUpWords } from '../../../renderer/src/lib/visit/follow-ups';
import { actionName, resultWords } from '../../../renderer/src/lib/words/outbox-text';
import { auditCellText, receiptStores } from '../../../renderer/src/lib/visit/receipt';
import { activityEntry } from '../../helpers/activity-entry';

afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

const LANGUAGES = ['en', 'de', 'fr', 'nl', 'ja', 'en-XA'] as const;
const WINDOW: AuditWindow = { start: Date.UTC(2026, 4, 4, 12), end: Date.UTC(2026, 4, 4, 12, 10) };

const logged = (
  manual: { in: number; out: number },
  device: { in: number; out: number | null },
  reason: string | null = null,
): AuditLogged => {
  const result = compareAudit(WINDOW, manual, device, DEFAULT_AUDIT_THRESHOLDS);
  return { auditId: 'a-1', window: WINDOW, manual, result, reason };
};

/** A compared result as the visit log keeps it. */
const loggedResult = (result: AuditComparison): AuditLogged => ({
  auditId: 'a',
  window: WINDOW,
  manual: result.manual,
  result,
  reason: null,
});

/** An install, verified, then audited. */
const visit = (audit: AuditLogged, result: ActivityEntry['result']): ActivityEntry[] => [
  activityEntry(),
  activityEntry({
    action: 'verify',
    result: 'verified',
    fact: { kind: 'verification', checkedIn: true, note: null },
  }),
  activityEntry({ action: 'audit', result, audit, detail: 'audit …' }),
];

describe('accuracy audit words', () => {
  it('says a passed audit with each direction and the counts behind it (English)', () => {
    const audit = logged({ in: 60, out: 50 }, { in: 58, out: 48 });
    expect(auditText('audit_passed', audit)).toBe(
      'Audit passed; In 96.6% (device 58, by hand 60); Out 96% (device 48, by hand 50); Overall 96.3% (device 106, by hand 110); 95% interval 91% to 98.6%; No bucket off (1 compared)',
    );
    expect(auditText('audit_not_enough', logged({ in: 10, out: 5 }, { in: 1, out: 0 }))).toBe(
      'Not enough people yet; 15 crossings in 10 min; at least 100 crossings and 10 min are needed',
    );
    expect(
      auditText('audit_pending', {
        auditId: 'a',
        window: null,
        manual: { in: 3, out: 2 },
        result: null,
        reason: null,
      }),
    ).toBe(
      "Audit pending; Counted by hand: 3 in, 2 out; compared once the device's counts can be read",
    );
  });

  for (const language of LANGUAGES) {
    it(`words a failed audit the same in Activity, on the receipt, under follow-up and in the CSV (${language})`, () => {
      setLocaleSource(() => resolveLocale([language]));
      const audit = logged({ in: 60, out: 50 }, { in: 48, out: 40 }, 'Tür offen');
      const entries = visit(audit, 'audit_failed');
      const said = auditText('audit_failed', audit);
      expect(said).toContain('Tür offen');
      // Activity: the badge (result words) and the detail make up the same words.
      expect(said).toContain(resultWords('audit_failed'));
      expect(said).toContain(activityDetail(entries[2]!));
      const [store] = receiptStores(entries);
      expect(auditCellText(store!.devices[0]!)).toBe(said);
      const open = followUps(entries);
      expect(open).toHaveLength(1);
      expect(followUpWords(open[0]!)).toBe(said);
      const csv = activityToCsv(entries, { organization: 'Org', locale: 'en-US' });
      const row = csv.split('\r\n').find((r) => r.includes(resultWords('audit_failed')))!;
      // The file keeps the words, without the direction isolates (csv.ts removes them).
      expect(row).toContain(plain(activityDetail(entries[2]!)).replaceAll('"', '""'));
      expect(row).toContain(`"${plain(said).replaceAll('"', '""')}"`);
    });
  }

  it('names the buckets off, and under the interval rule how many more crossings would settle it (English, German)', () => {
    const minute = 60_000;
    const buckets = [
      bucketOf(WINDOW.start, { in: 30, out: 25 }, { in: 24, out: 25 }, 95),
      bucketOf(WINDOW.start + 5 * minute, { in: 30, out: 25 }, { in: 36, out: 25 }, 95),
    ];
    const result = compareBuckets(WINDOW, buckets, DEFAULT_AUDIT_THRESHOLDS);
    const audit = loggedResult(result);
    const time = (ms: number) => bucketTime(ms);
    expect(auditText('audit_failed', audit)).toBe(
      'Audit failed; In 80% (device 60, by hand 60); Out 100% (device 50, by hand 50); Overall 89% (device 110, by hand 110); 95% interval 81.8% to 93.6%; ' +
        `2 of 2 buckets off: ${time(WINDOW.start)} (device 24 in, 25 out; by hand 30 in, 25 out), ${time(WINDOW.start + 5 * minute)} (device 36 in, 25 out; by hand 30 in, 25 out)`,
    );
    const strict = compareAudit(
      WINDOW,
      { in: 60, out: 50 },
      { in: 58, out: 48 },
      { ...DEFAULT_AUDIT_THRESHOLDS, rule: 'lower_bound' },
    );
    const more = strict.moreCrossings!;
    const said = auditText('audit_failed', { ...audit, manual: strict.manual, result: strict });
    expect(said).toContain(
      `Not proven: its 95% interval starts below 95%; about ${formatNumber(more)} more crossings counted as accurately would settle it`,
    );
    setLocaleSource(() => resolveLocale(['de']));
    expect(
      auditText('audit_failed', { ...audit, manual: strict.manual, result: strict }),
      // German writes a (narrow) no-break space before the per cent sign.
    ).toMatch(
      /95-%-Intervall 91\s% bis 98,6\s%; Kein Abschnitt weicht ab \(1 verglichen\); Nicht belegt/,
    );
  });

  it("writes each compared audit's buckets as a table in the CSV, after the record", () => {
    const buckets = [
      bucketOf(WINDOW.start, { in: 3, out: 0 }, { in: 0, out: 0 }, 95),
      bucketOf(WINDOW.start + 60_000, { in: 0, out: 0 }, { in: 3, out: 0 }, 95),
    ];
    const result = compareBuckets(WINDOW, buckets, {
      ...DEFAULT_AUDIT_THRESHOLDS,
      minCrossings: 1,
      minMinutes: 0,
    });
    const audit = loggedResult(result);
    const csv = activityToCsv(visit(audit, 'audit_failed'), {
      organization: 'Org',
      locale: 'en-US',
    });
    const lines = csv.split('\r\n');
    const at = lines.indexOf('"Accuracy audit of FTC-1, bucket by bucket"');
    expect(at).toBeGreaterThan(0);
    expect(lines[at - 1]).toBe('');
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '"Bucket","In by hand","In, device","Out by hand","Out, device","Off"',
      `"${bucketTime(WINDOW.start)}","3","0","0","0","Off"`,
      `"${bucketTime(WINDOW.start + 60_000)}","0","3","0","0","Off"`,
    ]);
  });

  it('leaves a passed, a pending and a too-small audit out of follow-up', () => {
    for (const [audit, result] of [
      [logged({ in: 60, out: 50 }, { in: 58, out: 48 }), 'audit_passed'],
      [logged({ in: 5, out: 5 }, { in: 0, out: 0 }), 'audit_not_enough'],
      [
        { auditId: 'a', window: null, manual: { in: 1, out: 1 }, result: null, reason: null },
        'audit_pending',
      ],
    ] as const)
      expect(followUps(visit(audit, result))).toEqual([]);
  });

  it('says the rule with one full stop in every language (a German abbreviation at its end once doubled it), and names an audit unlike a verification', () => {
    for (const tag of LANGUAGES) {
      setLocaleSource(() => resolveLocale([tag]));
      const rule = m.audit_intro({
        percent: auditPercent(95),
        crossings: formatNumber(100),
        duration: auditDuration(10 * 60_000),
      });
      expect(rule, tag).not.toMatch(/\.\s*\.|。\s*。/);
    }
    setLocaleSource(() => resolveLocale(['de']));
    expect(
      m.audit_intro({
        percent: auditPercent(95),
        crossings: '100',
        duration: auditDuration(600_000),
      }),
    ).toContain('bei mindestens 100 Durchgängen und 10 Min. Zählzeit');
    // "Prüfung" is a verification; an audit is a "Zählprüfung", in every word of it.
    const audit = [
      resultWords('audit_passed'),
      resultWords('audit_failed'),
      resultWords('audit_pending'),
      recordKindWords('accuracy_audit'),
      actionName('audit'),
    ];
    for (const word of audit) expect(word).toMatch(/Zählprüfung/);
    expect(recordKindWords('verification')).toBe('Prüfung');
    expect(m.receipt_audit_none()).not.toBe(m.receipt_not_checked());
  });
});
