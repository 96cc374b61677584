import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seedSnapshot } from '../../../electron/sandbox/seed-data';
import { SandboxState } from '../../../electron/sandbox/state';

describe('sandbox inventory index', () => {
  test('after any sequence of installs and uninstalls it equals the uninstalled devices in serial order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(79), fc.boolean(), fc.nat(23)), { maxLength: 60 }),
        (ops) => {
          const state = new SandboxState(seedSnapshot(11, 80, 0), {
            now: () => 1_000,
            firstCheckinDelayS: 5,
            onChange: () => undefined,
          });
          const orgId = state.orgs.keys().next().value ?? '';
          const devices = state.devicesByOrg.get(orgId) ?? [];
          const locs = state.locationsByOrg.get(orgId) ?? [];
          for (const [di, install, li] of ops) {
            const d = devices[di];
            const loc = locs[li % locs.length];
            if (!d || !loc) continue;
            if (install && d.locationId === null) state.install(d, loc);
            if (!install) state.uninstall(d);
          }
          expect(state.uninstalledByOrg.get(orgId)).toEqual(
            devices.filter((d) => d.locationId === null),
          );
          const installedCount = [...state.installed.values()].reduce(
            (n, set) => n + [...set].filter((d) => d.orgId === orgId).length,
            0,
          );
          expect(installedCount).toBe(devices.filter((d) => d.locationId !== null).length);
        },
      ),
      { numRuns: 60 },
    );
  });
});
