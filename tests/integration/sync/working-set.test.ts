/**
 * What is on screen is refreshed when shown and kept fresh while shown (decision record 32), through the
 * real core: the screens read again every minute while visible (renderer lib/keep-fresh), and
 * the core asks the server for a store's devices or a device only when what it has is older
 * than 50 s — so a minute of looking costs one request, not one per read. A store's
 * last seven days of foot traffic, asked again by every re-read, is asked once, also when the
 * re-reads come before its answer. A store's details come with the full refresh of the stores'
 * list, and an action on a device the server answered about moments ago is sent on that answer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WORKING_SET_FRESH_MS } from '../../../electron/core/service/read-service';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { CompressedClock } from '../../helpers/compressed-clock';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import { singleOrgUser, waitFor } from '../../helpers/store-world';

const realNow = Date.now.bind(Date);

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

async function signedIn() {
  const sandbox: RunningSandbox = await startSandbox({ devices: 600, now: realNow });
  const clock = new CompressedClock();
  const restore = clock.install();
  const harness: CoreHarness = await startCoreHarness({ timers: clock, probe: { idleMs: 0 } });
  cleanup = async () => {
    restore();
    await harness.call('signOut', {}).catch(() => undefined);
    await harness.close();
    await sandbox.close();
  };
  await harness.call('signIn', {
    baseUrl: sandbox.baseUrl,
    apiKey: singleOrgUser(sandbox).api_key,
  });
  await harness.call('syncNow');
  const updates: string[] = [];
  harness.core.onEvent((e) => {
    if (e.type === 'data-updated') updates.push(e.resource);
  });
  const asked = (prefix: string) =>
    sandbox.requestLog().filter((r) => r.method === 'GET' && r.path.startsWith(prefix)).length;
  return { sandbox, clock, harness, updates, asked };
}

describe('the working set', () => {
  it("a store's devices: refreshed when shown, at most once per 50 s, again while looked at", async () => {
    const w = await signedIn();
    const store = (await w.harness.call('listLocations')).value[0]!;
    const path = `/v1/locations/${store.id}/devices`;
    await w.clock.advance(WORKING_SET_FRESH_MS + 1_000);
    const shown = await w.harness.call('listLocationDevices', { locationId: store.id });
    expect(shown.refreshing).toBe(true);
    await waitFor(() => w.updates.includes(`location-devices:${store.id}`), 10_000, 'the refresh');
    expect(w.asked(path)).toBe(1);
    // Read again and again within 50 s (data-updated re-reads, a second screen).
    for (const ahead of [0, 10_000, 10_000]) {
      await w.clock.advance(ahead);
      expect(
        (await w.harness.call('listLocationDevices', { locationId: store.id })).refreshing,
      ).toBe(false);
    }
    expect(w.asked(path), 'no request within 50 s').toBe(1);
    const before = (await w.harness.call('listLocationDevices', { locationId: store.id }))
      .fetchedAt;
    // The screen's next tick, a minute after the refresh.
    await w.clock.advance(40_000);
    expect((await w.harness.call('listLocationDevices', { locationId: store.id })).refreshing).toBe(
      true,
    );
    await waitFor(() => w.asked(path) === 2, 10_000, 'the refresh while on screen');
    await waitFor(
      async () =>
        (await w.harness.call('listLocationDevices', { locationId: store.id })).fetchedAt !==
        before,
      10_000,
      'the newer time shown',
    );
  }, 60_000);

  it('a device opened: refreshed when its row is older than 50 s, not on every read', async () => {
    const w = await signedIn();
    const serial = (await w.harness.call('queryDevices', { view: 'all', offset: 0, limit: 1 }))
      .rows[0]!.serial;
    const path = `/v1/devices/${serial}`;
    expect((await w.harness.call('getDevice', { serial })).refreshing, 'just downloaded').toBe(
      false,
    );
    await w.clock.advance(WORKING_SET_FRESH_MS - 10_000);
    expect((await w.harness.call('getDevice', { serial })).refreshing).toBe(false);
    expect(w.asked(path)).toBe(0);
    await w.clock.advance(15_000);
    expect((await w.harness.call('getDevice', { serial })).refreshing).toBe(true);
    await waitFor(() => w.asked(path) === 1, 10_000, 'the refresh');
    await waitFor(
      async () => !(await w.harness.call('getDevice', { serial })).refreshing,
      10_000,
      'done',
    );
    expect(w.asked(path)).toBe(1);
  }, 60_000);

  it("a store's details come with the stores' list: not asked again hours later when shown", async () => {
    const w = await signedIn();
    const store = (await w.harness.call('listLocations')).value[0]!;
    // Hours later, well before the next full refresh (12 h): shown again and again.
    for (const hours of [2, 3]) {
      await w.clock.advance(hours * 3_600_000);
      expect((await w.harness.call('getLocation', { locationId: store.id })).refreshing).toBe(
        false,
      );
    }
    expect(w.asked(`/v1/locations/${store.id}`)).toBe(0);
  }, 60_000);

  describe('an action on a device just read is sent on that answer (recent-answers.ts)', () => {
    /** A device as a scan opens it when its row is old: shown at once, refreshed behind. */
    async function scanned(w: Awaited<ReturnType<typeof signedIn>>, serial: string) {
      await w.clock.advance(WORKING_SET_FRESH_MS + 10_000);
      expect((await w.harness.call('getDevice', { serial })).refreshing).toBe(true);
      await waitFor(() => w.updates.includes(`device:${serial}`), 10_000, 'the refresh');
    }
    const sent = (w: Awaited<ReturnType<typeof signedIn>>, serial: string) =>
      w.sandbox
        .requestLog()
        .filter((r) => r.path.startsWith(`/v1/devices/${serial}`))
        .map((r) => `${r.method} ${r.path.slice(`/v1/devices/${serial}`.length) || '/'}`);

    it.each([
      ['moments after the scan: no second read before it', -10_000, ['GET /', 'POST /install']],
      [
        'once that answer is older than 50 s: the device is read first',
        1_000,
        ['GET /', 'GET /', 'POST /install'],
      ],
    ])(
      'an install %s',
      async (_name, afterFresh, requests) => {
        const w = await signedIn();
        const serial = (
          await w.harness.call('queryDevices', { view: 'uninstalled', offset: 0, limit: 1 })
        ).rows[0]!.serial;
        const store = (await w.harness.call('listLocations')).value[0]!;
        await scanned(w, serial);
        await w.clock.advance(WORKING_SET_FRESH_MS + afterFresh);
        const result = await w.harness.call('installDevice', { serial, locationId: store.id });
        expect(result).toMatchObject({ status: 'done', device: { location: { id: store.id } } });
        expect(sent(w, serial)).toEqual(requests);
      },
      60_000,
    );

    it("a newer answer stored since (its store's list) makes the send read again", async () => {
      const w = await signedIn();
      const store = (await w.harness.call('listLocations')).value.find(
        (l) => (l.deviceCount ?? 0) > 0,
      )!;
      const serial = (await w.harness.call('listLocationDevices', { locationId: store.id }))
        .value[0]!.serial;
      const lists = () => w.updates.filter((u) => u === `location-devices:${store.id}`).length;
      await waitFor(() => lists() === 1, 10_000, "the store's first list");
      await scanned(w, serial);
      // The store's screen reads its list: the device's row now holds that newer answer.
      expect(
        (await w.harness.call('listLocationDevices', { locationId: store.id })).refreshing,
      ).toBe(true);
      await waitFor(() => lists() === 2, 10_000, "the store's list");
      const result = await w.harness.call('uninstallDevice', { serial, locationId: store.id });
      expect(result).toMatchObject({ status: 'done' });
      expect(sent(w, serial)).toEqual(['GET /', 'GET /', 'POST /uninstall']);
    }, 60_000);
  });

  it("a store's last seven days of foot traffic are asked once, not at every re-read", async () => {
    const w = await signedIn();
    const day = 86_400_000;
    const to = new Date(Math.floor(Date.now() / day) * day).toISOString();
    const range = {
      from: new Date(Date.parse(to) - 7 * day).toISOString(),
      to,
      granularity: 'hour' as const,
    };
    for (let i = 0; i < 3; i++) {
      await w.harness.call('locationsFootTraffic', range);
      await w.clock.advance(60_000);
    }
    expect(w.asked('/v1/foot-traffic/locations')).toBe(1);
  }, 60_000);

  it('the same foot traffic asked again while it is on its way joins that request', async () => {
    const w = await signedIn();
    // Today so far (it ends in the future): every read after an answer asks again.
    const range = {
      from: new Date(Date.now() - 86_400_000).toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
      granularity: 'hour' as const,
    };
    // A store screen's reads, again at each data-updated event before the first answer is in.
    const answers = await Promise.all(
      [0, 1, 2].map(() => w.harness.call('locationsFootTraffic', range)),
    );
    expect(w.asked('/v1/foot-traffic/locations')).toBe(1);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // Answered: the next read asks again.
    await w.harness.call('locationsFootTraffic', range);
    expect(w.asked('/v1/foot-traffic/locations')).toBe(2);
  }, 60_000);
});
