/**
 * Asking less (decision record 32) against the sandbox's dialects, through the real core on a compressed clock: the full
 * lists are refreshed on the slow schedule, and a server that honours `updated_since` (it
 * echoes it) is asked only for the devices that changed — a device another technician installed
 * shows installed here and leaves the inventory without a walk of the whole list; a server that
 * does not is walked whole. Pages come with validators where the dialect sends them, and an
 * unchanged one costs a 304. The connection check says which of these the server offers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionFact } from '../../../electron/shared';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { CompressedClock } from '../../helpers/compressed-clock';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import { singleOrgUser } from '../../helpers/store-world';

const HOUR = 3_600_000;
/** The sandbox keeps real time (it is "the server"); the core's clock is compressed. */
const realNow = Date.now.bind(Date);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface World {
  sandbox: RunningSandbox;
  harness: CoreHarness;
  clock: CompressedClock;
  restore: () => void;
}
let open: World | null = null;

afterEach(async () => {
  if (!open) return;
  const { harness, sandbox, restore } = open;
  open = null;
  restore();
  await harness.call('signOut', {}).catch(() => undefined);
  await harness.close();
  await sandbox.close();
});

/** Until no sync runs for a few checks in a row (the work a timer started is over). */
async function settle(harness: CoreHarness): Promise<void> {
  for (let quiet = 0; quiet < 3;) {
    await sleep(40);
    quiet = (await harness.call('syncStatus')).running ? 0 : quiet + 1;
  }
}

async function signedIn(dialect: string): Promise<World> {
  const sandbox = await startSandbox({ dialect, devices: 1_200, now: realNow });
  const clock = new CompressedClock();
  const restore = clock.install();
  // No idle probe: hours of it would only slow the test (the bench counts it).
  const harness = await startCoreHarness({ timers: clock, probe: { idleMs: 0 } });
  open = { sandbox, harness, clock, restore };
  await harness.call('signIn', {
    baseUrl: sandbox.baseUrl,
    apiKey: singleOrgUser(sandbox).api_key,
  });
  await settle(harness);
  return open;
}

/** Another technician installs a device, straight on the server. */
async function installElsewhere(w: World): Promise<{ serial: string; locationId: string }> {
  const user = singleOrgUser(w.sandbox);
  const auth = `Basic ${Buffer.from(`${user.organizations[0]!.id}:${user.api_key}`).toString('base64')}`;
  const window = await w.harness.call('queryDevices', { view: 'uninstalled', offset: 0, limit: 1 });
  const serial = window.rows[0]!.serial;
  const locationId = (await w.harness.call('listLocations')).value[0]!.id;
  const answer = await fetch(`${w.sandbox.baseUrl}/devices/${serial}/install`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ location_id: locationId }),
  });
  expect(answer.status).toBeLessThan(300);
  return { serial, locationId };
}

const since = (w: World, from: number) =>
  w.sandbox
    .requestLog()
    .slice(from)
    .filter((r) => r.method === 'GET');

async function shownAt(w: World, serial: string) {
  const all = await w.harness.call('queryDevices', { view: 'all', q: serial, offset: 0, limit: 5 });
  const inventory = await w.harness.call('queryDevices', {
    view: 'uninstalled',
    q: serial,
    offset: 0,
    limit: 5,
  });
  return {
    at: all.rows.find((d) => d.serial === serial)?.location?.id ?? null,
    inInventory: inventory.rows.some((d) => d.serial === serial),
  };
}

describe('the slow schedule and updated_since', () => {
  it('a server that honours updated_since: a scheduled refresh downloads only what changed', async () => {
    const w = await signedIn('default');
    const wholePass = since(w, 0).filter((r) => r.path.startsWith('/v1/devices?')).length;
    expect(wholePass).toBeGreaterThan(1);
    const moved = await installElsewhere(w);
    const before = w.sandbox.requestLog().length;

    await w.clock.advance(11 * HOUR, () => settle(w.harness));
    expect(
      since(w, before).filter((r) => r.path.startsWith('/v1/devices')),
      'no device list asked within 11 hours',
    ).toEqual([]);

    await w.clock.advance(1 * HOUR + 60_000, () => settle(w.harness));
    const lists = since(w, before).filter((r) => r.path.startsWith('/v1/devices?'));
    expect(lists.filter((r) => r.path.includes('updated_since='))).toHaveLength(1);
    // Besides the changes: the whole list's first page, to compare totals. No walk.
    expect(lists.length).toBeLessThanOrEqual(2);
    expect(await shownAt(w, moved.serial)).toEqual({ at: moved.locationId, inInventory: false });
  }, 120_000);

  it('a server that ignores it (and sends no validators) is walked whole, asked again only days later', async () => {
    const w = await signedIn('offset-flat');
    const moved = await installElsewhere(w);
    const before = w.sandbox.requestLog().length;
    await w.clock.advance(12 * HOUR + 60_000, () => settle(w.harness));
    const first = since(w, before).filter((r) => r.path.startsWith('/v1/devices'));
    expect(first.filter((r) => r.path.includes('updated_since='))).toHaveLength(1);
    expect(first.length, 'a whole walk').toBeGreaterThan(5);
    expect(first.every((r) => r.status === 200)).toBe(true);
    expect(await shownAt(w, moved.serial)).toEqual({ at: moved.locationId, inInventory: false });

    const next = w.sandbox.requestLog().length;
    await w.clock.advance(12 * HOUR + 60_000, () => settle(w.harness));
    const second = since(w, next).filter((r) => r.path.startsWith('/v1/devices'));
    expect(second.length).toBeGreaterThan(5);
    expect(
      second.some((r) => r.path.includes('updated_since=')),
      'found out: not asked again',
    ).toBe(false);
  }, 120_000);

  it('a Last-Modified server: Sync now asks each page with If-Modified-Since, and unchanged ones cost a 304', async () => {
    const w = await signedIn('cursor-meta');
    const before = w.sandbox.requestLog().length;
    await w.harness.call('syncNow');
    const locations = since(w, before).filter((r) => r.path.startsWith('/v1/locations?'));
    expect(locations.map((r) => r.status)).toEqual([304]);
    const moved = await installElsewhere(w);
    await w.clock.advance(12 * HOUR + 60_000, () => settle(w.harness));
    expect(await shownAt(w, moved.serial)).toEqual({ at: moved.locationId, inInventory: false });
  }, 120_000);
});

describe('the connection check', () => {
  const factsOf = async (dialect: string): Promise<ConnectionFact[]> => {
    const w = await signedIn(dialect);
    const report = await w.harness.call('checkConnection', {});
    return report.steps.flatMap((s) => s.facts);
  };
  const kinds = (facts: ConnectionFact[]) =>
    facts
      .filter((f) => /conditional|updated_since/.test(f.kind))
      .map((f) => (f.kind === 'conditional_requests' ? `${f.kind}:${f.validator}` : f.kind));

  it.each([
    ['default', ['conditional_requests:etag', 'updated_since_honoured']],
    ['cursor-meta', ['conditional_requests:last_modified', 'updated_since_honoured']],
    ['cursor-links', ['conditional_requests:etag', 'updated_since_honoured']],
    ['link-header-bare', ['conditional_requests:etag', 'updated_since_ignored']],
    ['offset-flat', ['no_conditional_requests', 'updated_since_ignored']],
    ['go-zero', ['conditional_requests:etag', 'updated_since_honoured']],
    ['rails-root', ['conditional_requests:etag', 'updated_since_ignored']],
    ['flat-traffic', ['conditional_requests:etag', 'updated_since_honoured']],
    ['lower-hex', ['conditional_requests:last_modified', 'updated_since_honoured']],
  ])(
    '%s: says which the server offers',
    async (dialect, expected) => {
      expect(kinds(await factsOf(dialect))).toEqual(expected);
    },
    60_000,
  );
});
