/**
 * A visit is scoped: its entries are this organization's and this account's only (training and
 * other organizations have their own work.db), it has a start and a finish, and earlier visits
 * stay listed with their entries. Real core, real sandbox, real SQLite files.
 */
import { describe, expect, it } from 'vitest';
import { activityDetail } from '../../../renderer/src/lib/words/activity-text';
import { plain } from '../../helpers/plain-text';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { uninstalledSerials, useSandboxWorld } from '../../helpers/store-world';

const twoOrgUser = () => {
  const user = world.host.sandbox.users.find((u) => u.organizations.length > 1);
  if (!user) throw new Error('the sandbox seed has no user with two organizations');
  return user;
};

async function useOrganization(index: number): Promise<string> {
  const org = twoOrgUser().organizations[index]!;
  await world.harness.call('chooseOrganization', { organizationId: org.id });
  await world.harness.call('syncNow');
  return org.id;
}

async function installSomething(): Promise<string> {
  const [serial] = await uninstalledSerials(world.harness, 1);
  const at = (await world.harness.call('listLocations')).value[0]!.id;
  await world.harness.call('installDevice', { serial, locationId: at });
  return serial!;
}

const world = useSandboxWorld('fi-visits-', async ({ harness, host }) => {
  await harness.call('signIn', { baseUrl: host.sandbox.baseUrl, apiKey: twoOrgUser().api_key });
});

describe('visits', () => {
  it('start with the first action, finish on request, and stay listed with their own entries', async () => {
    const orgA = await useOrganization(0);
    expect(await world.harness.call('listVisits')).toEqual([]);
    const first = await installSomething();
    const [open] = await world.harness.call('listVisits');
    // Its record: the visit's start (naming the organization) and the install.
    expect(open).toMatchObject({ finishedAt: null, entries: 2, organization: { id: orgA } });
    const finished = await world.harness.call('finishVisit', {
      signOff: { signed: false, reason: 'Nobody from the store present' },
    });
    expect(finished?.finishedAt).not.toBeNull();
    // Nothing in progress: "This visit" is empty until the next action.
    expect(await world.harness.call('listActivity', {})).toEqual([]);

    const second = await installSomething();
    const visits = await world.harness.call('listVisits');
    expect(visits.map((v) => v.finishedAt === null)).toEqual([true, false]);
    expect((await world.harness.call('listActivity', {})).map((e) => e.serial)).toEqual([second]);
    expect(
      (await world.harness.call('listActivity', { visitId: visits[1]!.id })).map((e) => e.serial),
    ).toEqual([first]);
  });

  it('another organization has its own visits; coming back shows the first one’s again', async () => {
    await useOrganization(1);
    expect(await world.harness.call('listVisits')).toEqual([]);
    expect(await world.harness.call('listActivity', {})).toEqual([]);
    await installSomething();
    expect(await world.harness.call('listVisits')).toHaveLength(1);
    await useOrganization(0);
    expect(await world.harness.call('listVisits')).toHaveLength(2);
  });

  it('a verification carries its walk test: passed when the count reaches the passes walked, failed only with a reason', async () => {
    const serial = await installSomething();
    const at = (await world.harness.call('listLocations')).value[0]!.id;
    const base = { serial, locationId: at, checkedIn: true };
    const passed = await world.harness.call('recordVerification', {
      ...base,
      walkTestCount: 4,
      walkTestExpected: 4,
    });
    expect(passed.walkTest).toEqual({ expected: 4, counted: 4, passed: true, reason: null });
    // Without passes stated, the default of 3 applies; short of it and no reason: refused.
    const refused = await world.harness.core.invoke('recordVerification', {
      ...base,
      walkTestCount: 2,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        code: 'walk_test_short',
        params: { count: 2, expected: 3 },
        fields: { walkTestReason: { code: 'required' } },
      },
    });
    if (!refused.ok)
      expect(errorWords(refused.error).message).toBe('The walk test counted 2 of 3 passes.');
    const failed = await world.harness.call('recordVerification', {
      ...base,
      checkedIn: false,
      walkTestCount: 1,
      walkTestExpected: 5,
      walkTestReason: 'Door propped open by staff',
    });
    expect(failed).toMatchObject({
      result: 'not_verified',
      walkTest: { expected: 5, counted: 1, passed: false, reason: 'Door propped open by staff' },
    });
    expect(plain(activityDetail(failed))).toContain(
      'Walk test failed: 1 of 5 counted (Door propped open by staff)',
    );
    // Both are in the visit, read back from work.db.
    const entries = await world.harness.call('listActivity', {});
    expect(entries.filter((e) => e.action === 'verify').map((e) => e.walkTest?.passed)).toEqual([
      true,
      false,
    ]);
  });

  it('a device that checks in but fails its walk test is recorded as such, never as verified', async () => {
    const serial = await installSomething();
    const at = (await world.harness.call('listLocations')).value[0]!.id;
    const recorded = await world.harness.call('recordVerification', {
      serial,
      locationId: at,
      checkedIn: true,
      walkTestCount: 0,
      walkTestExpected: 3,
      walkTestReason: 'Sensor faces the wall',
    });
    expect(recorded).toMatchObject({
      result: 'walk_test_failed',
      walkTest: { expected: 3, counted: 0, passed: false, reason: 'Sensor faces the wall' },
    });
    const stored = (await world.harness.call('listActivity', {})).find((e) => e.id === recorded.id);
    expect(stored?.result).toBe('walk_test_failed');
  });

  it('training mode keeps its visits apart from the account’s', async () => {
    await world.harness.call('signOut', {});
    await world.harness.call('startTraining');
    expect(await world.harness.call('listVisits')).toEqual([]);
    expect(await world.harness.call('listActivity', {})).toEqual([]);
  });
});
