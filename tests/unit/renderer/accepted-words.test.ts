/**
 * What the screens say of a change the server accepted for later (decision record 69), in
 * English and German: the queue's badge and card, the device's line, the outcome of an action,
 * the log's result and detail, the receipt — and a change it never made, with its two choices.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { describeOutcome } from '../../../renderer/src/lib/words/install-outcome';
import {
  conflictChoices,
  entryResultWords,
  notAppliedText,
} from '../../../renderer/src/lib/words/outbox-text';
import { activityDetail } from '../../../renderer/src/lib/words/activity-text';
import { pendingBadge } from '../../../renderer/src/lib/state/pending-action';
import { receiptActionText } from '../../../renderer/src/lib/visit/receipt';
import { activityEntry } from '../../helpers/activity-entry';
import { outboxItem } from '../../helpers/outbox-item';

const speak = (tag: string) => setLocaleSource(() => resolveLocale([tag]));
afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

const AT = '2026-03-04T15:30:00.000Z';
const named = (ref: { id: string; name: string | null } | null, fallback = '') =>
  ref ? `${ref.name ?? ref.id} (Göttingen)` : fallback;
const accepted = outboxItem({ acceptedAt: AT });
const neverMade = outboxItem({
  state: 'conflict',
  acceptedAt: AT,
  lastError: { kind: 'conflict', code: 'accepted_not_applied' },
  conflictLocation: null,
});

describe('a change accepted for later, in words', () => {
  it('English: waiting for the server, never "installed" or "queued for the connection"', () => {
    expect(pendingBadge(accepted).text).toBe('Waiting for the server');
    expect(describeOutcome({ status: 'queued', item: accepted }, 'Installed')).toBe(
      'The server accepted the install of FTC-1 but has not applied it yet. It shows as installed once the server has; the app checks by itself.',
    );
    const row = activityEntry({ result: 'queued', fact: { kind: 'accepted' } });
    expect(entryResultWords(row)).toBe('Waiting for the server');
    expect(activityDetail(row)).toBe(
      'Accepted by the server, which has not applied it yet; the app checks by itself.',
    );
    expect(
      receiptActionText({
        serial: 'FTC-1',
        action: 'install',
        replaced: null,
        label: null,
        result: 'queued',
        accepted: true,
        at: AT,
        verification: 'not_checked',
        walkTest: null,
        checklist: null,
        audit: null,
      }),
    ).toBe('Installed (accepted, not applied by the server yet)');
  });

  it('English: never made — where the device is, and the two choices', () => {
    expect(notAppliedText(neverMade, named)).toMatch(
      /^The server accepted this at .+ but never applied it; FTC-1 is not installed anywhere\. Send it again\?$/,
    );
    expect(
      notAppliedText({ ...neverMade, conflictLocation: { id: 'l2', name: 'Markt' } }, named),
    ).toMatch(/FTC-1 is at Markt \(Göttingen\)\. Send it again\?$/);
    expect(conflictChoices(neverMade, named)).toEqual({
      here: 'Send again',
      there: 'Leave it as it is',
    });
    const row = activityEntry({
      result: 'conflict',
      fact: { kind: 'not_applied', location: null },
    });
    expect(activityDetail(row)).toBe(
      'The server accepted it but never applied it; the device is not installed anywhere.',
    );
  });

  it('German: the same, in German', () => {
    speak('de');
    expect(pendingBadge(accepted).text).toBe('Wartet auf den Server');
    expect(describeOutcome({ status: 'queued', item: accepted }, 'Installed')).toMatch(
      /^Der Server hat die Installation von FTC-1 angenommen/,
    );
    expect(conflictChoices(neverMade, named)).toEqual({
      here: 'Erneut senden',
      there: 'So belassen',
    });
    expect(notAppliedText(neverMade, named)).toMatch(/nirgends installiert\. Erneut senden\?$/);
  });
});
