/**
 * A receipt's CSV carries the visit's record, and "Check a receipt" reads it back from the
 * file as written — in any language, with either separator, whatever the activity rows hold.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordEntryInfo } from '../../../electron/shared';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { activityToCsv } from '../../../renderer/src/lib/visit/csv';
import { receiptCheckText } from '../../../renderer/src/lib/words/receipt-check-text';
import { parseCsv, readReceiptCsv } from '../../../renderer/src/lib/visit/record-csv';
import { activityEntry } from '../../helpers/activity-entry';

const hex = (c: string) => c.repeat(64);
const record: RecordEntryInfo[] = [
  { n: 1, at: '2026-05-04T10:00:00.000Z', kind: 'action', hash: hex('a') },
  { n: 2, at: '2026-05-04T10:05:00.000Z', kind: 'verification', hash: hex('b') },
  { n: 3, at: '2026-05-04T10:09:00.000Z', kind: 'sign_off', hash: hex('c') },
];
const visit = { id: 'v-2f1c0d6e-6f0b-4f43-9a55-0d1c8a3b7e11' };
/** Activity rows that look like the record's rows where they can: a hash-like label, ids. */
const entries = [
  activityEntry({ locationName: 'Shop; "Nord", =1+1', serial: hex('d') }),
  activityEntry({ action: 'verify', result: 'verified', locationName: visit.id }),
];

afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

describe('the record in a receipt’s CSV', () => {
  it.each(['en', 'de', 'fr', 'ja'])('reads back what it wrote (%s)', (language) => {
    setLocaleSource(() => resolveLocale([language]));
    const csv = activityToCsv(entries, {
      organization: 'Nordwind',
      locale: language,
      record: { visit, entries: record },
    });
    expect(readReceiptCsv(csv)).toEqual({
      visitId: visit.id,
      hash: hex('c'),
      entries: record.map(({ n, hash }) => ({ n, hash })),
    });
  });

  it('says so when a CSV has no record (a file of an earlier version)', () => {
    expect(readReceiptCsv(activityToCsv(entries, { organization: 'Nordwind' }))).toBeNull();
    expect(readReceiptCsv('')).toBeNull();
  });

  it('parses quoted cells with separators, doubled quotes and line breaks', () => {
    expect(parseCsv('\uFEFF"a;b";"say ""hi""";"x\r\ny"\r\n"2";3\r\n')).toEqual([
      ['a;b', 'say "hi"', 'x\r\ny'],
      ['2', '3'],
    ]);
  });
});

describe('what the check says', () => {
  const check = {
    visitId: visit.id,
    visitStartedAt: '2026-05-04T10:00:00.000Z',
    entries: 4,
    receiptEntries: 3,
    reason: null,
    chaining: 'keyed' as const,
  };
  it('names the entry and its kind where they part, in the language shown', () => {
    expect(
      receiptCheckText({ ...check, verdict: 'altered', entry: 2, entryKind: 'verification' }),
    ).toMatch(/changed on this computer outside the app: entry 2 \(Verification\)/);
    setLocaleSource(() => resolveLocale(['de']));
    expect(receiptCheckText({ ...check, verdict: 'differs', entry: 3, entryKind: null })).toMatch(
      /ab Eintrag 3 \(nicht auf diesem Computer\)/,
    );
    expect(receiptCheckText({ ...check, verdict: 'match', entry: null, entryKind: null })).toMatch(
      /^Stimmt überein/,
    );
  });
});
