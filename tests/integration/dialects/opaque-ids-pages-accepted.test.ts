/**
 * Decision record 69, against the dialects that serve its classes (drf-opaque,
 * offset-link-pending; docs/api/openapi.yaml `info.x-dialects`), through the REAL core — real
 * keychain, real fetch, real SQLite — and a real sandbox:
 *
 * - stores named with letters of any script, spaces and reserved URL characters are listed,
 *   opened and worked at, their ids kept exactly and sent as one escaped path segment;
 * - a serial the server spells with spaces is found when typed without them, and opened as
 *   the server spells it;
 * - a store of 55 devices on page-number paging with a short last page (and on offset + Link
 *   paging) is read whole; a device's foot traffic over several pages too;
 * - a write answered "accepted" is said done only once the server shows it, is followed by
 *   itself when that takes longer than the app waits, becomes a conflict the technician sees
 *   when it never comes, and is sent once.
 *
 * Run under the keychain: tests/with-keychain.sh npx vitest run tests/integration/dialects
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LocationView as Location } from '../../../electron/shared';
import {
  startSandbox,
  type RunningSandbox,
  type SandboxUser,
} from '../../../electron/sandbox/index';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import { singleOrgUser, uninstalledSerials, waitFor } from '../../helpers/store-world';

/** A Wednesday afternoon (data time; accepted writes are made on the wall clock). */
const NOW = Date.parse('2026-03-04T15:30:00Z');
const HOUR = 3_600_000;
const options = (dialect: string) => ({ seed: 11, devices: 140, now: () => NOW, dialect });
const enc = encodeURIComponent;
/** Characters no plain id has: the opaque ids are made of them. */
const RESERVED = [' ', '/', '?', '#', '%'];
const nonAscii = (id: string) => [...id].some((ch) => ch.charCodeAt(0) > 0x7f);

describe.each(['drf-opaque', 'offset-link-pending'])('dialect %s', (dialect) => {
  let sbx: RunningSandbox;
  let harness: CoreHarness;
  let user: SandboxUser;

  beforeAll(async () => {
    sbx = await startSandbox(options(dialect));
    user = singleOrgUser(sbx);
    harness = await startCoreHarness();
    await harness.call('signIn', { baseUrl: sbx.baseUrl, apiKey: user.api_key });
    await harness.call('syncNow');
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
    await sbx?.close();
  });

  /** Requests of `method` to `path` (without the query), from the log's entry `since` on. */
  const log = (method: string, path: string, since = 0) =>
    sbx
      .requestLog()
      .slice(since)
      .filter((r) => r.method === method && r.path.split('?')[0] === path);

  /** A store whose id has every reserved character and a letter outside ASCII. */
  const oddStore = async (): Promise<Location> => {
    const { value } = await harness.call('listLocations');
    const odd = value.find((l) => RESERVED.every((c) => l.id.includes(c)) && nonAscii(l.id));
    if (!odd) throw new Error(`no store with such an id in ${value.map((l) => l.id).join(' | ')}`);
    return odd;
  };

  test('ids with letters of any script, spaces and reserved characters: kept, opened, worked at', async () => {
    const { value: stores } = await harness.call('listLocations');
    // The organization too: it is the Basic-auth username of every request.
    expect((await harness.call('sessionStatus')).organization?.id).toBe(user.organizations[0]!.id);
    expect(user.organizations[0]!.id).toMatch(/^Zentrale Süd\//);
    expect(stores.some((l) => /^[a-z]{2}:[^ ]+-/.test(l.id))).toBe(true);
    const odd = await oddStore();
    expect(odd.id).toMatch(/\/Süd\?#%$/);

    const before = sbx.requestLog().length;
    const opened = await harness.call('getLocation', { locationId: odd.id });
    expect(opened.value.id).toBe(odd.id);
    const first = await harness.call('listLocationDevices', { locationId: odd.id });
    if (first.refreshing)
      await waitFor(
        () => log('GET', `/v1/locations/${enc(odd.id)}/devices`).length > 0,
        10_000,
        'the store’s devices to be asked for',
      );
    const asked = sbx
      .requestLog()
      .slice(before)
      .filter((r) => r.path.startsWith('/v1/locations/'));
    expect(asked.length).toBeGreaterThan(0);
    // One segment, escaped, that the server read back as the store's id: answered 200.
    for (const r of asked) {
      expect(r.path.split('?')[0]!.split('/')).toHaveLength(5);
      expect(r.status).toBe(200);
    }

    const [serial] = await uninstalledSerials(harness, 1);
    const installed = await harness.call('installDevice', { serial: serial!, locationId: odd.id });
    expect(installed).toMatchObject({ status: 'done', device: { location: { id: odd.id } } });
    expect(sbx.deviceLocation(serial!)?.id).toBe(odd.id);
    const removed = await harness.call('uninstallDevice', { serial: serial!, locationId: odd.id });
    expect(removed.status).toBe('done');
    expect(sbx.deviceLocation(serial!)).toBeNull();
    expect(await harness.call('listOutbox')).toEqual([]);

    // A store the app creates gets the server's opaque id, kept exactly.
    const created = await harness.call('createLocation', {
      name: 'Göttingen Weender Tor',
      address: { line1: 'Weender Straße 12', city: 'Göttingen', country: 'DE' },
    });
    expect(created.status).toBe('done');
    expect(created.location.id).not.toMatch(/^local-/);
    expect(
      RESERVED.some((c) => created.location.id.includes(c)) || created.location.id.includes(':'),
    ).toBe(true);
    expect(
      (await harness.call('getLocation', { locationId: created.location.id })).value.name,
    ).toBe('Göttingen Weender Tor');
    expect((await harness.call('deleteLocation', { locationId: created.location.id })).status).toBe(
      'done',
    );
  });

  test('a device’s foot traffic over several pages is read whole, the same as one answer', async () => {
    const all = await harness.call('queryDevices', { view: 'all', offset: 0, limit: 500 });
    const busy = all.rows.find((d) => d.location);
    if (!busy) throw new Error('no installed device');
    // 25 hourly buckets: two pages of the server's 20.
    const to = Math.floor(NOW / HOUR) * HOUR;
    const range = {
      from: new Date(to - 25 * HOUR).toISOString(),
      to: new Date(to).toISOString(),
      granularity: 'hour' as const,
    };
    const since = sbx.requestLog().length;
    const traffic = await harness.call('deviceFootTraffic', {
      serial: busy.serial,
      ...range,
    });
    expect(traffic.series).toHaveLength(25);
    const asked = sbx
      .requestLog()
      .slice(since)
      .filter((r) => r.path.startsWith(`/v1/foot-traffic/devices/${enc(busy.serial)}`));
    expect(asked.length).toBeGreaterThanOrEqual(2);

    // The same range from the documented server, which answers it in one: the same numbers.
    const ref = await startSandbox({ seed: 11, devices: 140, now: () => NOW });
    try {
      const held = sbx.heldSerial(busy.serial);
      const refUser = singleOrgUser(ref);
      const q = new URLSearchParams(range).toString();
      const res = await fetch(`${ref.baseUrl}/foot-traffic/devices/${enc(held)}?${q}`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${refUser.organizations[0]!.id}:${refUser.api_key}`).toString('base64')}`,
        },
      });
      const counts = ((await res.json()) as { data: { count: number }[] }).data.map((b) => b.count);
      expect(counts).toHaveLength(25);
      expect(traffic.series.map((b) => b.count)).toEqual(counts);
      expect(traffic.total).toBe(counts.reduce((a, b) => a + b, 0));
    } finally {
      await ref.close();
    }
  });

  test('a write accepted for later (made 1.5 s after): said done only once shown, sent once', async () => {
    const odd = await oddStore();
    const [serial] = await uninstalledSerials(harness, 1);
    const since = sbx.requestLog().length;
    const result = await harness.call('installDevice', { serial: serial!, locationId: odd.id });
    const answeredAt = Date.now();
    expect(result).toMatchObject({ status: 'done', device: { location: { id: odd.id } } });
    const posts = log('POST', `/v1/devices/${enc(serial!)}/install`, since);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.status).toBe(dialect === 'drf-opaque' ? 202 : 200);
    // Not before the server made it: 1.5 s after it took the request on.
    expect(answeredAt - posts[0]!.receivedAt).toBeGreaterThanOrEqual(1_500);
    expect(sbx.deviceLocation(serial!)?.id).toBe(odd.id);
    const row = (await harness.call('listActivity')).find(
      (a) => a.serial === serial && a.action === 'install',
    );
    expect(row?.result).toBe('done');
  });

  test('accepted for longer than the app waits: said so, followed by itself, sent once', async () => {
    const odd = await oddStore();
    const [serial] = await uninstalledSerials(harness, 1);
    sbx.setAcceptedDelay(12_000);
    try {
      const since = sbx.requestLog().length;
      const result = await harness.call('installDevice', { serial: serial!, locationId: odd.id });
      expect(result.status).toBe('queued');
      if (result.status === 'queued') expect(result.item.acceptedAt).toMatch(/^\d{4}-/);
      const waiting = (await harness.call('listOutbox')).find((i) => i.serial === serial);
      expect(waiting?.acceptedAt).not.toBeNull();
      const row = () =>
        harness
          .call('listActivity')
          .then((rows) => rows.find((a) => a.serial === serial && a.action === 'install'));
      expect(await row()).toMatchObject({ result: 'queued', fact: { kind: 'accepted' } });
      // Not shown as installed meanwhile: the device and the store's list are as the server has
      // them, however often they are read.
      expect(sbx.deviceLocation(serial!)).toBeNull();
      expect(
        (await harness.call('getDevice', { serial: serial! })).value.location ?? null,
      ).toBeNull();
      const here = await harness.call('listLocationDevices', { locationId: odd.id });
      expect(here.value.map((d) => d.serial)).not.toContain(serial);
      await waitFor(
        async () => (await harness.call('listOutbox')).length === 0,
        45_000,
        'the accepted install to be seen and done',
        250,
      );
      expect(sbx.deviceLocation(serial!)?.id).toBe(odd.id);
      expect(log('POST', `/v1/devices/${enc(serial!)}/install`, since)).toHaveLength(1);
      expect(await row()).toMatchObject({ result: 'done' });
      expect((await harness.call('getDevice', { serial: serial! })).value.location?.id).toBe(
        odd.id,
      );
    } finally {
      sbx.setAcceptedDelay(1_500);
    }
  }, 60_000);

  test('accepted and never made: a conflict the technician sees, nothing sent again', async () => {
    const patient = await startCoreHarness({ acceptedPatienceMs: 3_000 });
    sbx.setAcceptedDelay(Infinity);
    try {
      await patient.call('signIn', { baseUrl: sbx.baseUrl, apiKey: user.api_key });
      await patient.call('syncNow');
      const odd = await oddStore();
      const [serial] = await uninstalledSerials(patient, 1);
      const since = sbx.requestLog().length;
      const result = await patient.call('installDevice', { serial: serial!, locationId: odd.id });
      expect(result.status).toBe('queued');
      const conflict = await waitFor(
        async () =>
          (await patient.call('listOutbox')).find(
            (i) => i.serial === serial && i.state === 'conflict',
          ),
        45_000,
        'the install never made to become a conflict',
        250,
      );
      expect(conflict).toMatchObject({
        lastError: { kind: 'conflict', code: 'accepted_not_applied' },
        conflictLocation: null,
      });
      expect(conflict.acceptedAt).not.toBeNull();
      expect(log('POST', `/v1/devices/${enc(serial!)}/install`, since)).toHaveLength(1);
      const row = (await patient.call('listActivity')).find(
        (a) => a.serial === serial && a.action === 'install',
      );
      expect(row).toMatchObject({
        result: 'conflict',
        fact: { kind: 'not_applied', location: null },
      });
      // Left as it is: the queue is empty and nothing more is sent.
      await patient.call('resolveConflict', { id: conflict.id, resolution: 'leave_there' });
      expect(await patient.call('listOutbox')).toEqual([]);
      expect(log('POST', `/v1/devices/${enc(serial!)}/install`, since)).toHaveLength(1);
    } finally {
      sbx.setAcceptedDelay(1_500);
      await patient.close();
    }
  }, 60_000);

  test.runIf(dialect === 'drf-opaque')(
    'a serial the server spells with spaces: found typed without them, opened as spelled',
    async () => {
      const all = await harness.call('queryDevices', { view: 'uninstalled', offset: 0, limit: 5 });
      const spelled = all.rows[0]!.serial;
      expect(spelled).toMatch(/^PC( \d{4}){4}$/);
      const typed = spelled.replaceAll(' ', '');
      const since = sbx.requestLog().length;
      const found = await harness.call('getDevice', { serial: typed, fresh: true });
      expect(found.value.serial).toBe(spelled);
      // Tapped in a list: the server's spelling, spaces and all.
      const tapped = await harness.call('getDevice', { serial: spelled, fresh: true });
      expect(tapped.value.serial).toBe(spelled);
      const asked = sbx
        .requestLog()
        .slice(since)
        .map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`);
      expect(asked).toEqual([
        `GET /v1/devices/${enc(spelled)} 200`,
        `GET /v1/devices/${enc(spelled)} 200`,
      ]);
      // The server knows only its own spelling.
      expect(log('GET', `/v1/devices/${typed}`)).toEqual([]);
      const odd = await oddStore();
      const before = sbx.requestLog().length;
      expect(
        (await harness.call('installDevice', { serial: typed, locationId: odd.id })).status,
      ).toBe('done');
      expect(log('POST', `/v1/devices/${enc(spelled)}/install`, before)).toHaveLength(1);
      expect(sbx.deviceLocation(spelled)?.id).toBe(odd.id);
    },
  );
  test('a store of 55 devices, paged by the server with a short last page, is read whole', async () => {
    // A store not opened before (a screen refreshes one at most every 50 s), named oddly too.
    const odd = await oddStore();
    const { value: stores } = await harness.call('listLocations');
    const store = stores.find((l) => l.id !== odd.id && nonAscii(l.id) && l.id.includes(' '));
    if (!store) throw new Error('no other store with such an id');
    sbx.fillLocation(store.id, 55);
    const since = sbx.requestLog().length;
    const path = `/v1/locations/${enc(store.id)}/devices`;
    const first = await harness.call('listLocationDevices', { locationId: store.id });
    expect(first.refreshing).toBe(true);
    await waitFor(
      async () =>
        (await harness.call('listLocationDevices', { locationId: store.id })).value.length === 55,
      15_000,
      'the store’s 55 devices',
    );
    const got = await harness.call('listLocationDevices', { locationId: store.id });
    expect(got.value).toHaveLength(55);
    expect(new Set(got.value.map((d) => d.serial)).size).toBe(55);
    // 20 a page: pages of 20, 20 and the short 15, every one answered.
    const pages = sbx
      .requestLog()
      .slice(since)
      .filter((r) => r.path.split('?')[0] === path);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.every((r) => r.status === 200)).toBe(true);
    const state = await harness.call('syncStatus');
    expect(state.tasks.filter((t) => t.state === 'failed')).toEqual([]);
  });
});
