/**
 * The mounting checklist and an incomplete visit are worded the same in Activity, the receipt
 * and the CSV, in every language, with lengths in the locale's unit and decimal separator.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry, RecordedCheck } from '../../../electron/shared';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { activityDetail } from '../../../renderer/src/lib/words/activity-text';
import { activityToCsv } from '../../../renderer/src/lib/visit/csv';
import { resultWords } from '../../../renderer/src/lib/words/outbox-text';
import {
  answerText,
  checklistFileProblemText,
  incompleteText,
} from '../../../renderer/src/lib/words/quality-text';
import { receiptStores } from '../../../renderer/src/lib/visit/receipt';

const checks: RecordedCheck[] = [
  {
    check: 'mounting_height',
    kind: 'length',
    metres: 2.5,
    minMetres: 2.7,
    maxMetres: null,
    outside: true,
    reason: 'low ceiling',
  },
  { check: 'centred', kind: 'confirm', yes: true, reason: null },
  { check: 'view_clear', kind: 'confirm', yes: false, reason: 'sign' },
];
const base = {
  serial: 'FTC-1',
  locationId: 'loc_1',
  locationName: 'Markt',
  visitId: 'v-1',
  walkTest: null,
  intentId: null,
  sentAt: null,
  replaces: null,
  amendments: [],
};
const installed: ActivityEntry = {
  ...base,
  id: 'a',
  at: '2026-05-04T12:00:00Z',
  action: 'install',
  result: 'done',
  detail: '',
  fact: { kind: 'installed', location: 'Markt' },
};
const checklist: ActivityEntry = {
  ...base,
  id: 'b',
  at: '2026-05-04T12:05:00Z',
  action: 'checklist',
  result: 'done',
  detail: 'mounting_checklist',
  fact: { kind: 'mounting_checklist', deviceType: 'Overhead 3D Sensor', checks },
};
const open = [
  { rule: 'photos' as const, serial: 'FTC-1', have: 0, need: 2 },
  { rule: 'passed_check' as const, serial: 'FTC-1' },
];
const finished: ActivityEntry = {
  ...base,
  id: 'c',
  at: '2026-05-04T12:10:00Z',
  serial: null,
  locationId: null,
  locationName: null,
  action: 'finish_visit',
  result: 'incomplete',
  detail: 'visit_incomplete',
  fact: { kind: 'visit_incomplete', open, reason: 'store closing' },
};

const speak = (tag: string) => setLocaleSource(() => resolveLocale([tag]));
afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

describe('checklist words', () => {
  it('US English: feet, and the limits a value was judged by', () => {
    expect(activityDetail(checklist)).toBe(
      'Mounting checklist: Mounting height: 8.2 ft, outside the limits (at least 8.86 ft): low ceiling; ' +
        'Centred over the entrance: Yes; Nothing blocks the view: no (sign)',
    );
  });

  it.each([
    ['de', 'Montagehöhe: 2,5 m, außerhalb der Grenzen (mindestens 2,7 m): low ceiling'],
    ['fr', 'Hauteur de pose : 2,5 m, hors limites (au moins 2,7 m) : low ceiling'],
    ['nl', 'Montagehoogte: 2,5 m, buiten de grenzen (minstens 2,7 m): low ceiling'],
    ['ja', '設置高さ: 2.5 m、範囲外(2.7 m 以上): low ceiling'],
  ])('%s: the receipt’s words are the Activity’s and the CSV’s', (tag, outside) => {
    speak(tag);
    const said = activityDetail(checklist).replace(/\s/g, ' ');
    expect(answerText(checks[0]!).replace(/\s/g, ' ')).toBe(outside);
    const device = receiptStores([installed, checklist])[0]!.devices[0]!;
    for (const answer of device.checklist ?? [])
      expect(said).toContain(answerText(answer).replace(/\s/g, ' '));
    const csv = activityToCsv([installed, checklist], { organization: 'O', locale: tag });
    expect(csv.replace(/\s/g, ' ')).toContain(said);
  });
});

describe('an incomplete visit', () => {
  it.each([
    [
      'en-US',
      'Visit finished incomplete: FTC-1: 0 of 2 placement photos; FTC-1: no passed walk test or audit. Reason: store closing',
      'Incomplete',
    ],
    [
      'de',
      'Besuch unvollständig abgeschlossen: FTC-1: 0 von 2 Montagefotos; FTC-1: kein bestandener Begehungstest und keine bestandene Zählprüfung. Grund: store closing',
      'Unvollständig',
    ],
  ])('%s: said the same in Activity, on the receipt and in the CSV', (tag, words, result) => {
    speak(tag);
    expect(activityDetail(finished)).toBe(words);
    expect(incompleteText({ open, reason: 'store closing' })).toBe(words);
    expect(resultWords('incomplete')).toBe(result);
    const csv = activityToCsv([finished], { organization: 'O', locale: tag });
    expect(csv).toContain(`"${result}"`);
    expect(csv).toContain(`"${words}"`);
  });
});

describe('a checklist file that cannot be used', () => {
  it('names the file, where and what', () => {
    expect(
      checklistFileProblemText({
        code: 'checklist_file_invalid',
        params: { file: '/etc/c.json', at: 'otherDeviceTypes.0', problem: 'min_above_max' },
      }),
    ).toBe(
      'The mounting checklists in /etc/c.json cannot be used (not a valid checklist: min_above_max at otherDeviceTypes.0); the app’s own checklists are used instead.',
    );
  });
});
