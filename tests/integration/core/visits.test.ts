/**
 * A visit is scoped: its entries are this organization's and this account's only (training and
 * other organizations have their own work.db), it has a start and a finish, and earlier visits
 * stay listed with their entries. Real core, real sandbox, real SQLite files.
 */
import { describe, expect, it } from 'vitest';
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

  it('training mode keeps its visits apart from the account’s', async () => {
    await world.harness.call('signOut', {});
    await world.harness.call('startTraining');
    expect(await world.harness.call('listVisits')).toEqual([]);
    expect(await world.harness.call('listActivity', {})).toEqual([]);
  });
});
