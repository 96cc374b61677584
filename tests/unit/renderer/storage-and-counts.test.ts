import { describe, expect, it } from 'vitest';
import type { AppErrorShape, OutboxItem } from '../../../electron/shared';
import { isConnectivityFailure } from '../../../renderer/src/lib/transport/app-failure';
import { deviceCountText } from '../../../renderer/src/lib/lists/device-count';
import { formatNumber } from '../../../renderer/src/lib/words/format';
import {
  createdLocationId,
  createIntentOf,
  isLocalLocation,
} from '../../../renderer/src/lib/lists/local-location';
import {
  importedText,
  outboxDamageText,
  settingsDamageText,
} from '../../../renderer/src/lib/words/storage-text';
import { activityDetail } from '../../../renderer/src/lib/words/activity-text';
import { actionName } from '../../../renderer/src/lib/words/outbox-text';

describe('device counts', () => {
  it('reads "N devices", "N of M devices" and "10,000+ of M devices"', () => {
    expect(deviceCountText({ matched: 100_000, matchedCapped: false, total: 100_000 }, false)).toBe(
      '100,000 devices',
    );
    expect(deviceCountText({ matched: 1, matchedCapped: false, total: 1 }, false)).toBe('1 device');
    expect(deviceCountText({ matched: 12, matchedCapped: false, total: 1_234 }, true)).toBe(
      '12 of 1,234 devices',
    );
    expect(deviceCountText({ matched: 5, matchedCapped: false, total: 5 }, true)).toBe(
      '5 of 5 devices',
    );
    expect(deviceCountText({ matched: 10_000, matchedCapped: true, total: 1_000_000 }, true)).toBe(
      '10,000+ of 1,000,000 devices',
    );
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
});

describe('storage notices', () => {
  it('says how many queued actions were lost and where the file is', () => {
    expect(outboxDamageText({ unreadable: 3, keptAt: '/data/outbox.damaged' })).toBe(
      '3 queued actions could not be read. The damaged file was kept at /data/outbox.damaged.',
    );
    expect(outboxDamageText({ unreadable: 1, keptAt: 'X' })).toMatch(/^1 queued action could/);
    expect(outboxDamageText({ unreadable: 0, keptAt: 'X' })).toMatch(/^The queued actions could/);
  });
  it('says that the settings were set aside and the technician signs in again', () => {
    expect(settingsDamageText({ keptAt: '/data/app.db.damaged-1' })).toBe(
      "The app's settings on this computer were damaged and were set aside (/data/app.db.damaged-1): sign in again. Your queued actions are kept.",
    );
  });
  it('words the Activity note of a damaged queue like the notice, in the action column too', () => {
    const fact = {
      kind: 'outbox_damaged' as const,
      unreadable: 6,
      keptAt: '/data/work.db.damaged-1',
    };
    expect(activityDetail({ fact, detail: '', walkTest: null })).toBe(
      outboxDamageText({ unreadable: 6, keptAt: '/data/work.db.damaged-1' }),
    );
    expect(actionName('storage')).toBe('Saved data');
  });
  it('says what was carried over from the previous version', () => {
    expect(importedText({ queued: 2, activity: 1_500 })).toBe(
      'Your queued actions (2) and activity (1,500) from the previous version were carried over.',
    );
  });
  it('never takes a full disk for being offline', () => {
    const shape = (kind: 'storage' | 'offline' | 'dns' | 'timeout' | 'tls'): AppErrorShape =>
      kind === 'storage'
        ? { kind, code: 'disk_full' }
        : kind === 'timeout'
          ? { kind, code: kind, params: { host: 'api.example', seconds: 15 } }
          : { kind, code: kind, params: { host: 'api.example' } };
    expect(isConnectivityFailure(shape('storage'))).toBe(false);
    expect(isConnectivityFailure(shape('tls'))).toBe(false);
    expect(isConnectivityFailure(shape('offline'))).toBe(true);
    expect(isConnectivityFailure(shape('dns'))).toBe(true);
    expect(isConnectivityFailure(shape('timeout'))).toBe(true);
  });
});

describe('locations created offline', () => {
  const create = (locationId: string) =>
    ({ id: 'o1', kind: 'create_location', serial: null, locationId }) as OutboxItem;
  it('are recognised by their made-up id', () => {
    expect(isLocalLocation('local-3f2a')).toBe(true);
    expect(isLocalLocation('loc_1')).toBe(false);
  });
  it('are followed to the id the server gave them', () => {
    expect(createIntentOf([create('local-1')], 'local-1')?.id).toBe('o1');
    expect(createIntentOf([create('local-1')], 'local-2')).toBeNull();
    expect(createdLocationId([create('local-1')], 'o1')).toBeNull();
    expect(createdLocationId([create('loc_42')], 'o1')).toBe('loc_42');
    expect(createdLocationId([], 'o1')).toBeNull();
  });
});
