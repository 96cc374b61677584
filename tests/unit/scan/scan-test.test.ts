import { describe, expect, it } from 'vitest';
import { judgeScanTest } from '../../../renderer/src/lib/scan/scan-test';
import type { WedgeKeyEvent } from '../../../renderer/src/lib/scan/wedge-detector';

const OPTIONS = { maxInterKeyMs: 50, minLength: 6 };

/** Keys as the test field records them: `text` one key every `gapMs`, then `end` after `endGapMs`. */
function keys(text: string, gapMs: number, end?: string, endGapMs = gapMs): WedgeKeyEvent[] {
  let at = 10_000;
  const key = (k: string, t: number): WedgeKeyEvent => ({
    key: k,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    shiftKey: k !== k.toLowerCase(),
    repeat: false,
    isComposing: false,
    timeStamp: t,
  });
  const out = Array.from(text).map((k, i) => key(k, (at += i === 0 ? 0 : gapMs)));
  if (end) out.push(key(end, at + endGapMs));
  return out;
}

describe('Settings scanner test', () => {
  // The serial keeps the scanned case: the core finds the device's own spelling (decision record 34).
  it('reports a scan with the serial as looked up, its length, how it ended and its gaps', () => {
    expect(judgeScanTest(keys('sn=ftc-2b5h97j8', 5, 'Tab'), OPTIONS)).toEqual({
      kind: 'scan',
      raw: 'sn=ftc-2b5h97j8',
      serial: 'ftc-2b5h97j8',
      length: 15,
      terminator: 'Tab',
      slowestGapMs: 5,
      maxInterKeyMs: 50,
    });
  });

  it('says when a scan holds no serial number', () => {
    const result = judgeScanTest(keys('https://example.com/', 4, 'Enter'), OPTIONS);
    expect(result).toMatchObject({ kind: 'scan', serial: null, terminator: 'Enter' });
  });

  it('explains typing that is too slow, with the setting that would take it', () => {
    expect(judgeScanTest(keys('FTC-2B5H97J8', 120, 'Enter'), OPTIONS)).toEqual({
      kind: 'typing',
      reasons: [{ why: 'slow', gapMs: 120, allowedMs: 50, suggestMaxInterKeyMs: 120 }],
    });
    // Only the pause before Enter is too long: a scan allows three times the gap there.
    expect(judgeScanTest(keys('FTC-2B5H97J8', 5, 'Enter', 200), OPTIONS)).toEqual({
      kind: 'typing',
      reasons: [{ why: 'slow', gapMs: 200, allowedMs: 150, suggestMaxInterKeyMs: 67 }],
    });
  });

  it('explains a fast burst that is too short or has no Enter/Tab at the end', () => {
    expect(judgeScanTest(keys('AB12', 5, 'Enter'), OPTIONS)).toEqual({
      kind: 'typing',
      reasons: [{ why: 'short', length: 4, minLength: 6 }],
    });
    expect(judgeScanTest(keys('FTC-2B5H97J8', 5), OPTIONS)).toEqual({
      kind: 'typing',
      reasons: [{ why: 'unterminated' }],
    });
  });

  it('names a key a scanner never sends, and lists every reason that holds', () => {
    const typed = keys('Lyo', 140);
    typed.push({ ...typed[0]!, key: 'Backspace', timeStamp: 11_000 });
    expect(judgeScanTest(typed, OPTIONS)).toEqual({
      kind: 'typing',
      reasons: [
        { why: 'other_key' },
        { why: 'slow', gapMs: 140, allowedMs: 50, suggestMaxInterKeyMs: 140 },
        { why: 'short', length: 3, minLength: 6 },
        { why: 'unterminated' },
      ],
    });
  });

  it('agrees with the detector: a scanner that stalls once mid-code is still a scan', () => {
    const stalled = keys('FTC-2B5H97J8', 5, 'Enter');
    for (const k of stalled.slice(6)) (k as { timeStamp: number }).timeStamp += 150;
    expect(judgeScanTest(stalled, OPTIONS)).toMatchObject({ kind: 'scan', slowestGapMs: 155 });
  });
});
