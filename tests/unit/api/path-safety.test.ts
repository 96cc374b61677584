/**
 * No id or serial can change which vendor path is called: whatever a technician, a scanner or
 * a deep link supplies either fails the contract's patterns, or is sent as exactly one path
 * segment that decodes back to itself. Property-based, over the real client with a fetch that
 * records the URL.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operations } from '../../../electron/shared';
import { createApiClient } from '../../../electron/core/api/client';

const BASE = 'https://api.example.com/v1';

function recordingClient() {
  const urls: URL[] = [];
  const client = createApiClient({
    baseUrl: BASE,
    organizationId: 'org_1',
    getApiKey: () => Promise.resolve('test-key-0123456789'),
    fetch: (input) => {
      urls.push(new URL(String(input)));
      return Promise.resolve(
        new Response('{"data":{}}', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    },
    maxRetries: 0,
  });
  return { client, urls };
}

/** Strings a person or a hostile link might try: dots, slashes, encodings, unicode. */
const hostile = fc.oneof(
  fc.constantFrom(
    '.',
    '..',
    '../devices',
    '..%2F',
    '%2e%2e',
    'a/b',
    'a\\b',
    '?x=1',
    '#f',
    ' ..',
    '.. ',
    'loc_1/../..',
    'de:göttingen-9920',
    'a/b c?d#e%f',
    'PC 0033 8396',
    '\ud800x',
  ),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^[A-Za-z0-9._~:%/?#\\-]{1,12}$/),
);

const segmentsAfterBase = (url: URL) => url.pathname.replace(/^\/v1\//, '').split('/');

describe('ids and serials in vendor paths', () => {
  it('a location id either fails the contract or is one segment of GET /locations/{id}/devices', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (raw) => {
        const parsed = operations.listLocationDevices.input.safeParse({ locationId: raw });
        if (!parsed.success) return;
        const { client, urls } = recordingClient();
        await client
          .devicePage({ kind: 'location-devices', locationId: parsed.data.locationId }, null)
          .catch(() => undefined);
        const [url] = urls;
        expect(url).toBeDefined();
        const parts = segmentsAfterBase(url!);
        expect(parts).toHaveLength(3);
        expect(parts[0]).toBe('locations');
        expect(decodeURIComponent(parts[1]!)).toBe(parsed.data.locationId);
        expect(parts[2]).toBe('devices');
      }),
      { numRuns: 300 },
    );
  });

  it('"." and ".." are refused as location and organization ids (kept exactly: " .. " is an id)', () => {
    expect(operations.deleteLocation.input.safeParse({ locationId: ' .. ' }).data).toEqual({
      locationId: ' .. ',
    });
    for (const id of ['.', '..', '\ud800', 'a\u0000b']) {
      expect(operations.deleteLocation.input.safeParse({ locationId: id }).success).toBe(false);
      expect(operations.getOrganization.input.safeParse({ organizationId: id }).success).toBe(
        false,
      );
    }
  });

  it('a serial either fails the contract or is one segment of POST /devices/{serial}/install', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (raw) => {
        const parsed = operations.installDevice.input.safeParse({
          serial: raw,
          locationId: 'loc_1',
        });
        if (!parsed.success) return;
        const { client, urls } = recordingClient();
        await client.installDevice(parsed.data.serial, 'loc_1').catch(() => undefined);
        const parts = segmentsAfterBase(urls[0]!);
        expect(parts).toHaveLength(3);
        expect(parts[0]).toBe('devices');
        expect(decodeURIComponent(parts[1]!)).toBe(parsed.data.serial);
        expect(parts[2]).toBe('install');
      }),
      { numRuns: 300 },
    );
  });
});
