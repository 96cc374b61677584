/**
 * Every AppError kind the client can produce, each provoked for real: a closed port, an
 * unresolvable name, a self-signed HTTPS sandbox, sandbox faults and genuine API refusals.
 * Each failure is also checked to carry no trace of the key (see failureOf).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateBaseUrl } from '../../../electron/core/api/client';
import { AppError } from '../../../electron/core/app-error';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { anInstalledDevice, clientFor, failureOf, pageOf, requestsTo } from './harness';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11 });
});
afterAll(() => sandbox.close());

describe('connectivity failures', () => {
  it('offline: connection refused once the server is gone (GET retried, then given up)', async () => {
    const gone = await startSandbox({ seed: 11, devices: 5 });
    const c = clientFor(gone, { maxRetries: 2 });
    await gone.close();
    const error = await failureOf(c.api.listLocations(), c);
    expect(error.kind).toBe('offline');
    expect(errorWords(error).message).toContain(new URL(gone.baseUrl).host);
    expect(errorWords(error).nextStep).toMatch(/Wi-Fi|network/);
    expect(c.delays).toHaveLength(2);
  });

  it('dns: a name that cannot resolve', async () => {
    // A 64-character label is rejected by the system resolver before any query leaves the
    // machine (a plain *.invalid name would be forwarded to the configured nameserver here).
    const host = `${'a'.repeat(64)}.invalid`;
    const c = clientFor(sandbox, { baseUrl: `https://${host}/v1`, maxRetries: 0 });
    const error = await failureOf(c.api.listOrganizations(), c);
    expect(error.kind).toBe('dns');
    expect(errorWords(error).message).toContain(host);
  });

  it('tls: a self-signed certificate is an error, not something to click through', async () => {
    const tls = await startSandbox({ seed: 11, devices: 5, tls: true });
    try {
      expect(tls.baseUrl.startsWith('https://')).toBe(true);
      const c = clientFor(tls, { maxRetries: 2 });
      const error = await failureOf(c.api.listOrganizations(), c);
      expect(error.kind).toBe('tls');
      expect(errorWords(error).nextStep).toMatch(/Do not continue/);
      // Certificate problems do not get better by retrying.
      expect(c.delays).toEqual([]);
    } finally {
      await tls.close();
    }
  });

  it('timeout: a body that stalls halfway is abandoned at the deadline', async () => {
    sandbox.setFaults({ failNext: { count: 2, kind: 'stall' } });
    const c = clientFor(sandbox, { timeoutMs: 400, maxRetries: 1 });
    const started = Date.now();
    const error = await failureOf(c.api.listLocations(), c);
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(c.delays).toHaveLength(1);
    sandbox.clearFaults();
  });
});

describe('refusals by the API', () => {
  it('unauthorized: a wrong key', async () => {
    const wrong = 'sbx_00000000000000000000000000000000';
    const c = clientFor(sandbox, { getApiKey: async () => wrong });
    const error = await failureOf(c.api.listOrganizations(), { ...c, key: wrong });
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(errorWords(error).message).toBe(
      'The API key was not accepted — it may be wrong or revoked.',
    );
    expect(errorWords(error).nextStep).toBe(
      'Check the key, or ask your admin for a current one and sign in with it.',
    );
  });

  it('forbidden: an organization the key’s user does not belong to', async () => {
    const otherOrg = sandbox.users[1]?.organizations[0]?.id;
    if (!otherOrg) throw new Error('sandbox needs a second user');
    const c = clientFor(sandbox, { organizationId: otherOrg });
    expect(await failureOf(c.api.devicePage({ kind: 'devices' }, null), c)).toMatchObject({
      kind: 'forbidden',
      status: 403,
    });
    expect(await failureOf(c.api.getOrganization(otherOrg), c)).toMatchObject({
      kind: 'forbidden',
      status: 403,
    });
  });

  it('no organization chosen: refused before anything is sent', async () => {
    const before = sandbox.requestLog().length;
    const c = clientFor(sandbox, { organizationId: null });
    const error = await failureOf(c.api.devicePage({ kind: 'devices' }, null), c);
    expect(error.kind).toBe('not_signed_in');
    expect(errorWords(error).nextStep).toMatch(/Choose the organization/);
    expect(sandbox.requestLog().length).toBe(before);
  });

  it('not_found: an unknown serial is named in the message', async () => {
    const c = clientFor(sandbox);
    const error = await failureOf(c.api.getDevice('FTC-NOTREAL1'), c);
    expect(error).toMatchObject({ kind: 'not_found', status: 404 });
    expect(errorWords(error).message).toContain('FTC-NOTREAL1');
    expect((await failureOf(c.api.getLocation('loc_does_not_exist'), c)).kind).toBe('not_found');
  });

  it('conflict: installing a device that is installed elsewhere names that location', async () => {
    const c = clientFor(sandbox);
    const device = await anInstalledDevice(c.api);
    const where = device ? sandbox.deviceLocation(device.serial_number) : null;
    const other = (await c.api.listLocations()).find((l) => l.id !== where?.id);
    if (!device || !where || !other) throw new Error('sandbox data missing');
    const error = await failureOf(c.api.installDevice(device.serial_number, other.id), c);
    expect(error).toMatchObject({
      kind: 'conflict',
      status: 409,
      location: { id: where.id, name: where.name },
    });
    expect(errorWords(error).message).toContain(where.name);
    expect(sandbox.deviceLocation(device.serial_number)?.id).toBe(where.id);
  });

  it('conflict: deleting a location that still has devices', async () => {
    const c = clientFor(sandbox);
    const busy = (await c.api.listLocations()).find((l) => (l.device_count ?? 0) > 0);
    if (!busy) throw new Error('no busy location');
    const error = await failureOf(c.api.deleteLocation(busy.id), c);
    expect(error.kind).toBe('conflict');
    expect(errorWords(error).message).toMatch(/still has \d+ devices? installed/);
  });

  it('invalid: 422 fills fields for the form', async () => {
    const c = clientFor(sandbox);
    const error = await failureOf(
      c.api.createLocation({
        name: 'X',
        address: { line1: 'Somewhere 1', city: '', country: 'Germany' },
      }),
      c,
    );
    expect(error).toMatchObject({ kind: 'invalid', status: 422 });
    expect(Object.keys(error.fields ?? {})).toEqual(
      expect.arrayContaining(['address.city', 'address.country']),
    );
    const device = (await c.api.devicePage({ kind: 'devices' }, pageOf(1, 1))).items[0];
    if (!device) throw new Error('no device');
    const bad = await failureOf(
      c.api.updateDevice(device.serial_number, { update_interval_s: 5 }),
      c,
    );
    expect(bad.fields?.['update_interval_s']).toBeTruthy();
  });

  it('invalid: a plain-http base URL to another machine is refused before any request', () => {
    expect(() => validateBaseUrl('http://example.com')).toThrow(AppError);
    try {
      validateBaseUrl('http://example.com');
    } catch (e) {
      expect((e as AppError).kind).toBe('invalid');
    }
    expect(() => clientFor(sandbox, { baseUrl: 'http://example.com/v1' })).toThrow(
      /bad_base_url .*base_url_http_remote/,
    );
  });
});

describe('answers that cannot be used: bad_response', () => {
  it('truncated JSON (not retried: the server did answer)', async () => {
    sandbox.setFaults({ failNext: { count: 1, kind: 'malformed' }, pathPattern: '^/v1/locations' });
    const c = clientFor(sandbox);
    const before = requestsTo(sandbox, 'GET', '/v1/locations').length;
    const error = await failureOf(c.api.listLocations(), c);
    expect(error.kind).toBe('bad_response');
    expect(errorWords(error).message).toMatch(/could not be understood/);
    expect(requestsTo(sandbox, 'GET', '/v1/locations').length - before).toBe(1);
    sandbox.clearFaults();
  });

  it('an HTML proxy page instead of JSON', async () => {
    sandbox.setFaults({ failNext: { count: 1, kind: 'html' } });
    const c = clientFor(sandbox);
    const error = await failureOf(c.api.getOrganization(c.organizationId), c);
    expect(error.kind).toBe('bad_response');
    expect(errorWords(error).message).toMatch(/web page/);
    sandbox.clearFaults();
  });

  it('an answer larger than maxBodyBytes', async () => {
    const c = clientFor(sandbox, { maxBodyBytes: 4096 });
    const error = await failureOf(c.api.devicePage({ kind: 'devices' }, null), c);
    expect(error.kind).toBe('bad_response');
    expect(errorWords(error).message).toMatch(/larger than this app accepts/);
  });
});
