import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { Device, Location, listOf, one } from '../../../electron/core/api/wire';
import { call, start, users } from './harness';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-data-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('sandbox --data persistence', () => {
  test('state survives a restart: created locations, installs, names, keys', async () => {
    const file = join(dir, 'state.json');
    const first = await start({ dataFile: file, seed: 3 });
    const [alex] = users(first);
    const loc = one(Location).parse(
      (
        await call(first, alex, {
          method: 'POST',
          path: '/locations',
          body: {
            name: 'Persisted Store',
            address: { line1: '1 Main St', city: 'Boston', country: 'US' },
          },
        })
      ).json,
    ).data;
    const d = listOf(Device).parse(
      (await call(first, alex, { path: '/uninstalled-devices?per_page=1' })).json,
    ).data[0];
    const serial = d?.serial_number ?? '';
    await call(first, alex, {
      method: 'POST',
      path: `/devices/${serial}/install`,
      body: { location_id: loc.id },
    });
    await call(first, alex, {
      method: 'PUT',
      path: `/devices/${serial}`,
      body: { name: 'Door A' },
    });
    await first.close();

    // A different seed proves the file, not the seed, is what comes back.
    const second = await start({ dataFile: file, seed: 99 });
    try {
      expect(second.users).toEqual(first.users);
      const [alex2] = users(second);
      const back = one(Device).parse(
        (await call(second, alex2, { path: `/devices/${serial}` })).json,
      ).data;
      expect(back).toMatchObject({
        name: 'Door A',
        location: { id: loc.id, name: 'Persisted Store' },
      });
      expect(second.deviceLocation(serial)?.id).toBe(loc.id);
    } finally {
      await second.close();
    }
  });

  test('mutations are saved shortly after they happen, without waiting for close', async () => {
    const file = join(dir, 'state.json');
    const sbx = await start({ dataFile: file });
    try {
      const [alex] = users(sbx);
      const d = listOf(Device).parse(
        (await call(sbx, alex, { path: '/uninstalled-devices?per_page=1' })).json,
      ).data[0];
      await call(sbx, alex, {
        method: 'PUT',
        path: `/devices/${d?.serial_number}`,
        body: { name: 'Saved soon' },
      });
      await new Promise((r) => setTimeout(r, 400));
      expect(await readFile(file, 'utf8')).toContain('Saved soon');
    } finally {
      await sbx.close();
    }
  });

  test('a corrupt file is moved aside with a log line and the sandbox starts from the seed', async () => {
    const file = join(dir, 'state.json');
    await writeFile(file, '{"version":1,"orgs":[tru');
    const lines: string[] = [];
    const sbx = await start({ dataFile: file, log: (l) => lines.push(l) });
    try {
      const aside = (await readdir(dir)).filter((f) => f.startsWith('state.json.corrupt-'));
      expect(aside).toHaveLength(1);
      expect(await readFile(join(dir, aside[0] ?? ''), 'utf8')).toBe('{"version":1,"orgs":[tru');
      expect(lines.some((l) => l.includes('unreadable') && l.includes(aside[0] ?? '?'))).toBe(true);
      const [alex] = users(sbx);
      expect((await call(sbx, alex, { path: '/devices' })).status).toBe(200);
      const fresh = await start({ devices: 60 });
      expect(sbx.users).toEqual(fresh.users);
      await fresh.close();
    } finally {
      await sbx.close();
    }
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 1, seed: 1 });
  });

  test('a file written before devices kept their served fields loads, serves the same and is re-saved', async () => {
    // Written by the sandbox of that time (seed 7, 4 devices per organization, one named 'Door A').
    const before = fileURLToPath(
      new URL('../../fixtures/sandbox/snapshot-before-served-fields.json', import.meta.url),
    );
    const old = JSON.parse(await readFile(before, 'utf8')) as {
      devices: {
        serial: string;
        orgId: string;
        typeName: string;
        boardId: string;
        firmware: string;
        name: string | null;
      }[];
    };
    const file = join(dir, 'state.json');
    await copyFile(before, file);
    const servedPlain = async (sbx: Awaited<ReturnType<typeof start>>) => {
      const [alex] = users(sbx);
      const org = alex.organizations[0]?.id ?? '';
      const list = listOf(Device).parse((await call(sbx, alex, { path: '/devices' })).json).data;
      const expected = old.devices
        .filter((d) => d.orgId === org)
        .map((d) => ({
          serial_number: d.serial,
          name: d.name,
          device_type_name: d.typeName,
          board_id: d.boardId,
          firmware_version_name: d.firmware,
        }));
      return { alex, list, expected };
    };
    const sbx = await start({ dataFile: file });
    let renamed = '';
    try {
      const { alex, list, expected } = await servedPlain(sbx);
      expect(expected.map((d) => d.name)).toContain('Door A');
      expect(list).toMatchObject(expected);
      renamed = expected[0]?.serial_number ?? '';
      await call(sbx, alex, {
        method: 'PUT',
        path: `/devices/${renamed}`,
        body: { name: 'Renamed' },
      });
    } finally {
      await sbx.close();
    }
    // Nothing was moved aside as unreadable, and the file saved in today's form loads again.
    expect(await readdir(dir)).toEqual(['state.json']);
    const again = await start({ dataFile: file });
    try {
      const { list, expected } = await servedPlain(again);
      expect(list).toMatchObject(
        expected.map((d) => (d.serial_number === renamed ? { ...d, name: 'Renamed' } : d)),
      );
    } finally {
      await again.close();
    }
  });
});
