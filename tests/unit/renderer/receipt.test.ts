import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../electron/contract';
import { receiptStores, walkTestText } from '../../../renderer/src/lib/receipt';

let n = 0;
const entry = (patch: Partial<ActivityEntry>): ActivityEntry => ({
  id: String(++n),
  at: `2026-05-04T12:0${n}:00Z`,
  action: 'install',
  serial: 'FTC-1',
  locationId: 'l1',
  locationName: 'Store A',
  result: 'done',
  detail: '',
  visitId: 'v1',
  walkTest: null,
  ...patch,
});

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
    expect(stores[0]!.devices).toMatchObject([
      { serial: 'FTC-1', action: 'Installed', verification: 'Verified' },
      { serial: 'FTC-3', action: 'Replaced FTC-2', verification: 'Not checked' },
    ]);
    expect(walkTestText(stores[0]!.devices[0]!.walkTest)).toBe('Passed (3 of 3)');
    expect(stores[1]!.devices).toMatchObject([{ serial: 'FTC-9', action: 'Uninstalled' }]);
  });
  it('says a failed walk test with its reason, and an action still queued as such', () => {
    expect(walkTestText({ expected: 5, counted: 1, passed: false, reason: 'Door open' })).toBe(
      'Failed (1 of 5): Door open',
    );
    expect(receiptStores([entry({ result: 'queued' })])[0]!.devices[0]!.action).toBe(
      'Installed (queued)',
    );
  });
});
