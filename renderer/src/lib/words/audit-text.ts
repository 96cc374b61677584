/**
 * An accuracy audit in words: the one place for the Verify screen, the Activity log, the
 * receipt, the follow-up list and the CSV, so an audit's result and its numbers read the same
 * everywhere (pure, unit-tested per locale).
 */
import type { AuditLogged, AuditResult, Tally } from '$shared';
import type { AuditComparison } from '$shared/accuracy-audit';
import type { AuditBucket } from '$shared/audit-evidence';
import { formatLocale } from './active-locale';
import { formatInterval, formatNumber } from './format';
import { m } from './i18n';

const RESULT: Record<AuditResult, () => string> = {
  audit_pending: m.result_audit_pending,
  audit_passed: m.result_audit_passed,
  audit_failed: m.result_audit_failed,
  audit_not_enough: m.result_audit_not_enough,
};

export const isAuditResult = (result: string): result is AuditResult => result in RESULT;

export const auditResultWords = (result: AuditResult): string => RESULT[result]();

/** Only a passed audit is green; a failed one red; pending and too few people amber. */
export const auditTone = (result: AuditResult): 'ok' | 'warn' | 'bad' =>
  result === 'audit_passed' ? 'ok' : result === 'audit_failed' ? 'bad' : 'warn';

/** "96.6 %" as the locale writes percentages, one decimal at most (as the audit judged it). */
export const auditPercent = (percent: number, locale: string = formatLocale()): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    percent / 100,
  );

/** "10 min", "1 h": a bucket or a run. */
export const auditDuration = (ms: number): string => formatInterval(Math.round(ms / 1000));

/** "16 min" for 15 min 20 s: a time said ahead, in whole minutes once it is a minute or more. */
export const auditDurationAbout = (ms: number): string =>
  ms < 60_000 ? auditDuration(ms) : formatInterval(Math.ceil(ms / 60_000) * 60);

const crossings = (t: Tally): number => t.in + t.out;

/**
 * The numbers behind a result: each direction's accuracy with the device's count and the hand
 * count; for a pending audit the hand count so far; below the sample what it had and needs.
 */
export const auditNumbers = (audit: Pick<AuditLogged, 'manual' | 'result' | 'window'>): string => {
  const { result } = audit;
  if (result === null)
    return m.audit_pending_numbers({
      in: formatNumber(audit.manual.in),
      out: formatNumber(audit.manual.out),
    });
  if (result.outcome === 'not_enough') {
    const { thresholds: t, window } = result;
    return m.audit_not_enough_numbers({
      crossings: formatNumber(crossings(result.manual)),
      duration: auditDuration(window.end - window.start),
      minCrossings: formatNumber(t.minCrossings),
      minDuration: auditDuration(t.minMinutes * 60_000),
    });
  }
  const line = (percent: number, device: number, manual: number) => ({
    percent: auditPercent(percent),
    device: formatNumber(device),
    manual: formatNumber(manual),
  });
  const { accuracy, device, manual } = result;
  return [
    m.audit_line_in(line(accuracy.in, device.in, manual.in)),
    device.out === null || accuracy.out === null
      ? m.audit_out_not_given()
      : m.audit_line_out(line(accuracy.out, device.out, manual.out)),
    m.audit_line_overall(
      line(
        accuracy.overall,
        device.in + (device.out ?? 0),
        device.out === null ? manual.in : crossings(manual),
      ),
    ),
    ...evidenceParts(result),
  ].join(m.follow_up_separator());
};

/** How many flagged buckets the sentence names (the table on the screen and in the CSV has all). */
const BUCKETS_NAMED = 5;

/** "10:01:02", the start of a bucket (seconds: the sandbox's and some servers' are short). */
export const bucketTime = (ms: number, locale: string = formatLocale()): string =>
  new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(ms);

const bucketWords = (b: AuditBucket): string =>
  b.device.out === null
    ? m.audit_bucket_off_in_only({
        time: bucketTime(b.start),
        deviceIn: formatNumber(b.device.in),
        manualIn: formatNumber(b.manual.in),
      })
    : m.audit_bucket_off({
        time: bucketTime(b.start),
        deviceIn: formatNumber(b.device.in),
        deviceOut: formatNumber(b.device.out),
        manualIn: formatNumber(b.manual.in),
        manualOut: formatNumber(b.manual.out),
      });

/**
 * The evidence a compared result keeps (none in one recorded before it was kept): the overall
 * accuracy's 95 % interval, the buckets off, and under the interval rule what would settle it.
 */
const evidenceParts = (result: AuditComparison): string[] => {
  const parts: string[] = [];
  if (result.interval)
    parts.push(
      m.audit_line_interval({
        low: auditPercent(result.interval.low),
        high: auditPercent(result.interval.high),
      }),
    );
  if (result.buckets) {
    const off = result.buckets.filter((b) => b.flagged);
    const total = formatNumber(result.buckets.length);
    if (off.length === 0) parts.push(m.audit_buckets_none_off({ count: total }));
    else {
      const named = off.slice(0, BUCKETS_NAMED).map(bucketWords);
      if (off.length > BUCKETS_NAMED)
        named.push(m.audit_buckets_off_more({ count: formatNumber(off.length - BUCKETS_NAMED) }));
      parts.push(
        m.audit_buckets_off({ count: formatNumber(off.length), total, list: named.join(', ') }),
      );
    }
  }
  if (result.moreCrossings !== undefined) {
    const percent = auditPercent(result.thresholds.percent);
    parts.push(
      result.moreCrossings === null
        ? m.audit_not_settleable({ percent })
        : m.audit_more_crossings({ percent, count: formatNumber(result.moreCrossings) }),
    );
  }
  return parts;
};

/** The result with its numbers and, for a failed audit, why it was left so. */
export const auditText = (result: AuditResult, audit: AuditLogged): string =>
  [
    auditResultWords(result),
    auditNumbers(audit),
    ...(audit.reason ? [m.audit_reason_said({ reason: audit.reason })] : []),
  ].join(m.follow_up_separator());

/** What the log's detail says of an audit entry (its badge says the result). */
export const auditDetail = (audit: AuditLogged): string =>
  [
    auditNumbers(audit),
    ...(audit.reason ? [m.audit_reason_said({ reason: audit.reason })] : []),
  ].join(m.follow_up_separator());
