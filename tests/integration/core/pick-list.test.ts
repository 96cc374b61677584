/**
 * A pick list from the box (decision record 59), real core against the real sandbox: a box scanned with
 * one unknown and one already-installed serial is checked offline against the saved inventory;
 * "Install the pick list here" queues one install intent per good line, with its label, while
 * the server is down, and each line follows its action until the queue has sent it.
 */
import Database from 'better-sqlite3';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeviceView as Device, PickList } from '../../../electron/shared';
import { applied, serverLocations, useSandboxWorld } from '../../helpers/store-world';

const world = useSandboxWorld('fi-pick-');

async function allDevices(): Promise<Device[]> {
  const rows: Device[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await world.harness.call('queryDevices', { view: 'all', offset, limit: 500 });
    rows.push(...page.rows);
    if (page.rows.length < 500) return rows;
  }
}

/** Three inventory devices of one type, and one installed device. */
async function aBox() {
  const devices = await allDevices();
  const byType = new Map<string, Device[]>();
  for (const d of devices.filter((d) => !d.location && d.type)) {
    const same = byType.get(d.type!) ?? [];
    byType.set(d.type!, [...same, d]);
  }
  const good = [...byType.values()].find((same) => same.length >= 3)!.slice(0, 3);
  const installed = devices.find((d) => d.location)!;
  return { good: good.map((d) => d.serial), installed };
}

const states = (list: PickList) =>
  list.lines.map((l) => l.install?.item?.state ?? l.install?.entry?.result ?? l.problem?.kind);

describe('the pick list', () => {
  it('checks a box offline, installs the good lines one intent each with their labels, and follows them until sent', async () => {
    const { harness, host } = world;
    const { good, installed } = await aBox();
    const [here] = (await serverLocations(harness)).filter((l) => l.id !== installed.location!.id);
    const [a, b, c] = good as [string, string, string];
    await host.down();
    await harness.call('networkChanged', { online: false });

    // As scanned and pasted: lower case without its dash, a column and a comma-separated line.
    const scanned = a.toLowerCase().replace('-', '');
    let list = await harness.call('addToPickList', {
      text: `${scanned}\nFTC-NOSUCH1\n${installed.serial}, ${b} ; ${a}\t${c}`,
      locationId: here!.id,
    });
    // A paste's lines are checked in the answer while its few milliseconds last, the rest in
    // the background (decision 70): on a busy machine the list is read again until it is.
    while (list.checking) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      list = await harness.call('pickList', { locationId: here!.id });
    }
    expect(list.lines.map((l) => [l.serial, l.problem?.kind ?? null])).toEqual([
      [a, null],
      ['FTC-NOSUCH1', 'unknown'],
      [installed.serial, 'installed_elsewhere'],
      [b, null],
      [a, 'duplicate'],
      [c, null],
    ]);
    expect(list.lines[2]!.problem).toEqual({
      kind: 'installed_elsewhere',
      location: { id: installed.location!.id, name: installed.location!.name },
    });
    list = await harness.call('changePickLine', {
      id: list.lines[3]!.id,
      label: 'Entrance left',
      locationId: here!.id,
    });
    expect(list.lines[3]!.label).toBe('Entrance left');

    list = await harness.call('installPickList', { locationId: here!.id });
    expect(states(list)).toEqual([
      'queued',
      'unknown',
      'installed_elsewhere',
      'queued',
      'duplicate',
      'queued',
    ]);
    const outbox = await harness.call('listOutbox');
    expect(outbox.map((i) => [i.kind, i.serial, i.locationId])).toEqual([
      ['install', a, here!.id],
      ['install', b, here!.id],
      ['install', c, here!.id],
    ]);
    expect(list.lines.filter((l) => l.install).map((l) => l.install!.intentId)).toEqual(
      outbox.map((i) => i.id),
    );
    // Kept on disk with the visit, each line naming its own intent.
    const accounts = join(harness.dataDir, 'accounts');
    const [scope] = await readdir(accounts);
    const db = new Database(join(accounts, scope!, 'work.db'), { readonly: true });
    try {
      const rows = db.prepare('SELECT intent_id FROM pick_lines ORDER BY seq').all();
      expect(rows.map((r) => (r as { intent_id: string | null }).intent_id)).toEqual([
        outbox[0]!.id,
        null,
        null,
        outbox[1]!.id,
        null,
        outbox[2]!.id,
      ]);
    } finally {
      db.close();
    }

    // A second press finds nothing left to install.
    await harness.call('installPickList', { locationId: here!.id });
    expect(await harness.call('listOutbox')).toHaveLength(3);

    await host.back();
    await harness.call('networkChanged', { online: true });
    await harness.call('syncNow');
    list = await harness.call('pickList', { locationId: here!.id });
    expect(states(list)).toEqual([
      'done',
      'unknown',
      'installed_elsewhere',
      'done',
      'duplicate',
      'done',
    ]);
    for (const serial of good) {
      expect(host.sandbox.deviceLocation(serial)?.id).toBe(here!.id);
      expect(applied(host.requests(), serial, 'install')).toBe(1);
    }
    const labelled = await harness.call('getDevice', { serial: b, fresh: true });
    expect(labelled.value.label, 'the label went with its install').toBe('Entrance left');
    expect(applied(host.requests(), installed.serial, 'install')).toBe(0);
  });

  it('online: a line the server refuses (the device was installed elsewhere meanwhile) says so and is skipped after; the others are done', async () => {
    const { harness, host } = world;
    const [here, there] = await serverLocations(harness);
    // A pick list is the visit's: the next visit starts with an empty one.
    await harness.call('finishVisit', {
      signOff: { signed: false, reason: 'nobody from the store present' },
    });
    expect((await harness.call('pickList', {})).lines).toEqual([]);
    const spare = (await allDevices()).filter((d) => !d.location);
    const type = spare[0]!.type;
    const [taken, kept] = spare.filter((d) => d.type === type).map((d) => d.serial) as [
      string,
      string,
    ];
    let list = await harness.call('addToPickList', {
      text: `${taken} ${kept}`,
      locationId: here!.id,
    });
    expect(list.lines.map((l) => l.ready)).toEqual([true, true]);
    // Someone installs one of them at another store; this computer does not know yet.
    const user = host.sandbox.users.find((u) => u.organizations.length === 1)!;
    const org = user.organizations[0]!.id;
    const installed = await fetch(`${host.baseUrl}/devices/${taken}/install`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${org}:${user.api_key}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ location_id: there!.id }),
    });
    expect(installed.ok).toBe(true);

    list = await harness.call('installPickList', { locationId: here!.id });
    const [refused, done] = list.lines;
    expect(refused!.install?.entry?.result).toBe('conflict');
    expect(refused!.problem).toEqual({
      kind: 'installed_elsewhere',
      location: { id: there!.id, name: there!.name },
    });
    expect(refused!.ready).toBe(false);
    expect(done!.install?.entry?.result).toBe('done');
    expect(host.sandbox.deviceLocation(taken)?.id).toBe(there!.id);
    expect(host.sandbox.deviceLocation(kept)?.id).toBe(here!.id);
  });
});
