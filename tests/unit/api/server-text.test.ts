/**
 * Names, labels and addresses from a server are capped where answers are read, so no screen,
 * cache row or export holds a megabyte-long store name written in the vendor's portal. Over
 * real HTTP from a throwaway loopback server, through the client every screen reads from.
 */
import { describe, expect, it } from 'vitest';
import { useLoopbackServer } from '../../helpers/loopback-server';
import { createApiClient } from '../../../electron/core/api/client';
import {
  ADDRESS_PART_MAX,
  ADDRESS_TEXT_MAX,
  capText,
  NAME_MAX,
  TYPE_NAME_MAX,
} from '../../../electron/core/api/server-text';

const HUGE = 'Ä'.repeat(100_000);
let body: unknown = null;
const server = useLoopbackServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
});

const client = () =>
  createApiClient({
    baseUrl: server.base,
    organizationId: 'org_1',
    getApiKey: async () => 'key_unit_0123456789abcdef',
    fetch: globalThis.fetch,
  });

const length = (text: string | null | undefined) => Array.from(text ?? '').length;

describe('server text caps', () => {
  it('caps a location’s name and every part of its address', async () => {
    body = {
      data: [
        {
          id: 'loc_1',
          name: HUGE,
          address: {
            line1: HUGE,
            line2: HUGE,
            city: HUGE,
            region: HUGE,
            postal_code: HUGE,
            country: HUGE,
          },
        },
        { id: 'loc_2', name: 'Markt', address: HUGE },
      ],
    };
    const [first, second] = await client().listLocations();
    expect(length(first!.name)).toBe(NAME_MAX);
    expect(first!.name!.endsWith('…')).toBe(true);
    for (const part of ['line1', 'line2', 'city', 'region', 'postal_code', 'country'] as const)
      expect(length(first!.address?.[part]), part).toBeLessThanOrEqual(ADDRESS_PART_MAX);
    expect(second!.name).toBe('Markt');
    expect(length(second!.address?.text)).toBe(ADDRESS_TEXT_MAX);
  });

  it('caps a device’s label, type and firmware names and its location’s name, never its serial', async () => {
    const serial = 'FTC-1';
    body = {
      data: {
        serial_number: serial,
        name: HUGE,
        device_type_name: HUGE,
        firmware_version_name: HUGE,
        location: { id: 'loc_1', name: HUGE },
      },
    };
    const device = await client().getDevice(serial);
    expect(device.serial_number).toBe(serial);
    expect(length(device.name)).toBe(NAME_MAX);
    expect(length(device.device_type_name)).toBe(TYPE_NAME_MAX);
    expect(length(device.firmware_version_name)).toBe(TYPE_NAME_MAX);
    expect(length(device.location?.name)).toBe(NAME_MAX);
    expect(device.location?.id).toBe('loc_1');
  });

  it('caps the organization’s and the signed-in user’s names', async () => {
    body = { data: [{ id: 'org_1', name: HUGE }], meta: { user: { id: 1, name: HUGE } } };
    const { organizations, user } = await client().listOrganizations();
    expect(length(organizations[0]!.name)).toBe(NAME_MAX);
    expect(length(user!.name)).toBe(NAME_MAX);
  });

  it('cuts at a character, never inside a surrogate pair, and leaves short text alone', () => {
    expect(capText('abc', 3)).toBe('abc');
    expect(capText('😀😀😀😀', 3)).toBe('😀😀…');
    expect(capText('a😀b', 3)).toBe('a😀b');
  });
});
