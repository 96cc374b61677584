import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { activityEntry } from '../../helpers/activity-entry';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import {
  receiptActionText,
  receiptStores,
  walkTestText,
  type ReceiptDevice,
} from '../../../renderer/src/lib/visit/receipt';
import { verificationWords as verificationText } from '../../../renderer/src/lib/words/verification-text';

const entry = activityEntry;

describe('visit receipt', () => {
  it('lists each device per store with its last verification and walk test', () => {
    const stores = receiptStores([
      entry({ action: 'install', result: 'queued' }),
      entry({ action: 'install', result: 'done' }),
      entry({
        action: 'verify',
        result: 'verified',
        walkTest: { expected: 3, counted: 3, passed: true, reason: null },
      }),
      entry({ action: 'replace', serial: 'FTC-3', detail: 'Replaced FTC-2 at Store A.' }),
      entry({ action: 'uninstall', serial: 'FTC-9', locationId: 'l2', locationName: 'Store B' }),
      entry({ action: 'update_device', serial: 'FTC-9' }),
    ]);
    expect(stores.map((s) => s.name)).toEqual(['Store A', 'Store B']);
    const said = (d: ReceiptDevice) => ({
      serial: d.serial,
      action: receiptActionText(d),
      verification: verificationText(d.verification),
    });
    expect(stores[0]!.devices.map(said)).toEqual([
      { serial: 'FTC-1', action: 'Installed', verification: 'Verified' },
      { serial: 'FTC-3', action: 'Replaced FTC-2', verification: 'Not checked' },
    ]);
    expect(walkTestText(stores[0]!.devices[0]!.walkTest)).toBe('Passed (3 of 3)');
    expect(stores[1]!.devices.map(said)).toEqual([
      { serial: 'FTC-9', action: 'Uninstalled', verification: 'Not checked' },
    ]);
  });
  it('says a failed walk test with its reason, and an action still queued as such', () => {
    expect(walkTestText({ expected: 5, counted: 1, passed: false, reason: 'Door open' })).toBe(
      'Failed (1 of 5): Door open',
    );
    expect(receiptActionText(receiptStores([entry({ result: 'queued' })])[0]!.devices[0]!)).toBe(
      'Installed (queued)',
    );
  });
  it('speaks German: the replaced serial from the recorded fact, states and walk test', () => {
    setLocaleSource(() => resolveLocale(['de']));
    try {
      const [store] = receiptStores([
        entry({
          action: 'replace',
          serial: 'FTC-3',
          result: 'queued',
          fact: { kind: 'queued' },
        }),
        entry({
          action: 'replace',
          serial: 'FTC-3',
          fact: { kind: 'replaced', old: 'FTC-2', location: 'Store A' },
        }),
        entry({
          action: 'verify',
          serial: 'FTC-3',
          result: 'not_verified',
          walkTest: { expected: 1200, counted: 1, passed: false, reason: 'Tür offen' },
        }),
      ]);
      const device = store!.devices[0]!;
      expect(store!.devices).toHaveLength(1);
      expect(receiptActionText(device)).toBe('FTC-2 ausgetauscht');
      expect(receiptActionText({ ...device, result: 'queued' })).toBe(
        'FTC-2 ausgetauscht (in der Warteschlange)',
      );
      expect(verificationText(device.verification)).toBe('Nicht geprüft');
      expect(walkTestText(device.walkTest)).toBe('Nicht bestanden (1 von 1.200): Tür offen');
    } finally {
      setLocaleSource(() => FALLBACK_LOCALE);
    }
  });
});

describe('visit receipt in every language', () => {
  // The receipt is the proof of work: "never verified" and "recorded as not verified" (a
  // failure the technician wrote down) are different facts, and German, French and Dutch
  // said both the same way ("Nicht geprüft", "Non vérifié", "Niet gecontroleerd").
  it.each(['en', 'de', 'fr', 'nl', 'ja', 'en-XA'])(
    'tells a device no one verified from one recorded as not verified in %s',
    (tag) => {
      setLocaleSource(() => resolveLocale([tag]));
      try {
        const words = (['verified', 'not_verified', 'not_checked'] as const).map(verificationText);
        expect(new Set(words).size).toBe(3);
      } finally {
        setLocaleSource(() => FALLBACK_LOCALE);
      }
    },
  );
});

describe('receipt: one line per action at the time the technician acted', () => {
  it('names both devices of a replace that is still queued', () => {
    const [store] = receiptStores([
      entry({
        action: 'replace',
        serial: 'FTC-NEW',
        result: 'queued',
        detail: 'Queued: it will be sent when the connection is back.',
        fact: { kind: 'queued' },
        intentId: 'q-1',
        replaces: 'FTC-OLD',
      }),
    ]);
    expect(receiptActionText(store!.devices[0]!)).toBe('Replaced FTC-OLD (queued)');
  });

  it('keeps the time acted when an older log has a queued row and a later done row', () => {
    const acted = '2026-05-04T09:00:00Z';
    const [store] = receiptStores([
      entry({ at: acted, result: 'queued', fact: { kind: 'queued' } }),
      entry({ at: '2026-05-04T11:30:00Z', result: 'done' }),
    ]);
    expect(store!.devices).toHaveLength(1);
    expect(store!.devices[0]).toMatchObject({ result: 'done', at: acted });
  });
});
