/**
 * "Needs follow-up" lists together what a visit leaves open — a failed walk test, a device not
 * verified or never verified, an action not done — in the words the receipt uses, and nothing
 * that is done.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../electron/shared';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import {
  followUpByEntry,
  followUps,
  followUpWords,
} from '../../../renderer/src/lib/visit/follow-ups';
import { activityEntry } from '../../helpers/activity-entry';

afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

const entry = activityEntry;
const walk = (passed: boolean, reason: string | null = null) => ({
  expected: 3,
  counted: passed ? 3 : 1,
  passed,
  reason,
});

const visit = (): ActivityEntry[] => [
  // Verified: nothing open.
  entry({ serial: 'OK-1' }),
  entry({ serial: 'OK-1', action: 'verify', result: 'verified', walkTest: walk(true) }),
  // Checked in, walk test failed.
  entry({ serial: 'WALK-1' }),
  entry({
    serial: 'WALK-1',
    action: 'verify',
    result: 'walk_test_failed',
    walkTest: walk(false, 'Door propped open'),
  }),
  // No check-in.
  entry({ serial: 'SILENT-1' }),
  entry({ serial: 'SILENT-1', action: 'verify', result: 'not_verified' }),
  // Installed, never verified, and its install still queued.
  entry({ serial: 'QUEUED-1', result: 'queued' }),
  // Uninstalled: nothing to verify.
  entry({ serial: 'GONE-1', action: 'uninstall' }),
  // Installed by mistake and uninstalled again: not left "Not checked".
  entry({ serial: 'OOPS-1' }),
  entry({ serial: 'OOPS-1', action: 'uninstall' }),
];

describe('follow-ups', () => {
  it('lists every open point of a visit, and only those', () => {
    const open = followUps(visit());
    expect(open.map((f) => [f.device.serial, followUpWords(f)])).toEqual([
      ['WALK-1', 'Checked in, walk test failed; Failed (1 of 3): Door propped open'],
      ['SILENT-1', 'Not verified'],
      ['QUEUED-1', 'Installed (queued); Not checked'],
    ]);
  });

  it('puts each device’s follow-up on its last row of the CSV', () => {
    const entries = visit();
    const cells = followUpByEntry(entries);
    const rowOf = (serial: string) => entries.findLast((e) => e.serial === serial)!.id;
    expect(Object.fromEntries(cells)).toEqual({
      [rowOf('WALK-1')]: 'Checked in, walk test failed; Failed (1 of 3): Door propped open',
      [rowOf('SILENT-1')]: 'Not verified',
      [rowOf('QUEUED-1')]: 'Installed (queued); Not checked',
    });
  });

  it('speaks the technician’s language', () => {
    setLocaleSource(() => resolveLocale(['de']));
    expect(followUps(visit()).map(followUpWords)).toEqual([
      'Meldet sich, Begehungstest nicht bestanden; Nicht bestanden (1 von 3): Door propped open',
      'Nicht geprüft',
      'Installiert (in der Warteschlange); Keine Prüfung',
    ]);
  });
});

describe('a device that does not check in', () => {
  const silentCheck = entry({
    serial: 'QUIET-1',
    action: 'silent_check',
    fact: {
      kind: 'silent_check',
      cause: 'cable_poe',
      note: 'Cable reseated',
      evidence: 'others_checking_in',
      vendorReachable: true,
    },
  });

  it('what was found and done is listed while it stays unverified, and not once it is verified', () => {
    const open = followUps([entry({ serial: 'QUIET-1' }), silentCheck]);
    expect(open.map(followUpWords)).toEqual([
      'Not checked; Not checking in; found: Cable or PoE injector. \u2068Cable reseated\u2069',
    ]);
    const verified = followUps([
      entry({ serial: 'QUIET-1' }),
      silentCheck,
      entry({ serial: 'QUIET-1', action: 'verify', result: 'verified', walkTest: walk(true) }),
    ]);
    expect(verified).toEqual([]);
  });

  it('an IT guide’s own cause is said in the words recorded with it, in the language shown', () => {
    const own = entry({
      serial: 'QUIET-2',
      action: 'silent_check',
      fact: {
        kind: 'silent_check',
        cause: 'led_amber_blink',
        causeText: {
          en: { title: 'Amber light blinking', look: 'Vendor code A2.' },
          de: { title: 'Gelbe Leuchte blinkt', look: 'Herstellercode A2.' },
        },
        note: 'Reseated',
        evidence: 'others_checking_in',
        vendorReachable: true,
      },
    });
    expect(followUps([entry({ serial: 'QUIET-2' }), own]).map(followUpWords)).toEqual([
      'Not checked; Not checking in; found: \u2068Amber light blinking\u2069. \u2068Reseated\u2069',
    ]);
    setLocaleSource(() => resolveLocale(['de']));
    expect(followUps([entry({ serial: 'QUIET-2' }), own]).map(followUpWords)[0]).toContain(
      'Gelbe Leuchte blinkt',
    );
  });
});
