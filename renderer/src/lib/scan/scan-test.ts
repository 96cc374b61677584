/**
 * Settings' "Test the scanner": what the app makes of the keys typed into the test field with
 * the scanner options in force. Whether it is a scan is decided by the app's own detector
 * (wedge-detector.ts), so the test can never disagree with the app; the measurements and the
 * reasons say why, in terms of the two options a technician can change.
 */
import type { ScannerOptions } from '../state/preferences';
import { normaliseSerial } from './normalise-serial';
import {
  caseFor,
  createWedgeDetector,
  MODIFIER_ONLY,
  TERMINATOR_GRACE_FACTOR,
  TERMINATORS,
  type WedgeKeyEvent,
} from './wedge-detector';

/** Why keys were taken for typing; several can hold at once. */
export type TypingReason =
  /** A pause longer than a scan allows (between characters, or before Enter/Tab). */
  | { why: 'slow'; gapMs: number; allowedMs: number; suggestMaxInterKeyMs: number }
  | { why: 'short'; length: number; minLength: number }
  | { why: 'unterminated' }
  /** A key a scanner never sends inside a code (Backspace, a shortcut, an IME key). */
  | { why: 'other_key' };

export type ScanTestResult =
  | {
      kind: 'scan';
      raw: string;
      /** As the app looks it up; null when the code holds no serial number. */
      serial: string | null;
      length: number;
      terminator: 'Enter' | 'Tab';
      slowestGapMs: number;
      maxInterKeyMs: number;
    }
  | { kind: 'typing'; reasons: TypingReason[] };

const timeOf = (e: WedgeKeyEvent): number => e.timeStamp ?? 0;
const isPersonKey = (e: WedgeKeyEvent): boolean =>
  e.isComposing || e.repeat || e.ctrlKey || e.altKey || e.metaKey;

/** Judges one try: the keys typed into the test field, in order, up to Enter/Tab if any. */
export function judgeScanTest(
  keys: readonly WedgeKeyEvent[],
  options: ScannerOptions,
): ScanTestResult {
  let scanned: string | null = null;
  const detector = createWedgeDetector<'test'>({
    ...options,
    onScan: (code) => (scanned ??= code),
    // Judged after the fact: nothing is held, so no timer.
    schedule: () => () => undefined,
  });
  for (const key of keys) detector.handleKeydown(key, 'test');

  const chars = keys.filter((k) => k.key.length === 1 && !isPersonKey(k));
  const last = keys.at(-1);
  const terminator = last && TERMINATORS.has(last.key) ? (last.key as 'Enter' | 'Tab') : null;
  const gaps = chars.slice(1).map((k, i) => timeOf(k) - timeOf(chars[i]!));
  const slowestGapMs = Math.round(Math.max(0, ...gaps));
  const raw = chars.map(caseFor).join('');
  if (scanned !== null && terminator) {
    return {
      kind: 'scan',
      raw: scanned,
      serial: normaliseSerial(scanned),
      length: raw.length,
      terminator,
      slowestGapMs,
      maxInterKeyMs: options.maxInterKeyMs,
    };
  }

  const reasons: TypingReason[] = [];
  const otherKey = keys.some(
    (k) =>
      isPersonKey(k) ||
      (k.key.length !== 1 && !TERMINATORS.has(k.key) && !MODIFIER_ONLY.has(k.key)),
  );
  if (otherKey) reasons.push({ why: 'other_key' });
  const max = options.maxInterKeyMs;
  const lastChar = chars.at(-1);
  const beforeEnd = terminator && lastChar ? timeOf(last!) - timeOf(lastChar) : 0;
  if (slowestGapMs > max) {
    reasons.push({
      why: 'slow',
      gapMs: slowestGapMs,
      allowedMs: max,
      suggestMaxInterKeyMs: slowestGapMs,
    });
  } else if (beforeEnd > max * TERMINATOR_GRACE_FACTOR) {
    const gapMs = Math.round(beforeEnd);
    reasons.push({
      why: 'slow',
      gapMs,
      allowedMs: max * TERMINATOR_GRACE_FACTOR,
      suggestMaxInterKeyMs: Math.ceil(gapMs / TERMINATOR_GRACE_FACTOR),
    });
  }
  if (raw.length < options.minLength)
    reasons.push({ why: 'short', length: raw.length, minLength: options.minLength });
  if (!terminator) reasons.push({ why: 'unterminated' });
  return { kind: 'typing', reasons };
}
