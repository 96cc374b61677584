/**
 * "Check connection" (decision record 45): a read-only walk over the vendor API that says what answered,
 * how lists are paged, which fields came, and what the app could not read — without the key
 * ever appearing in the report. Real core, real keychain, real sandbox over HTTP.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONNECTION_STEPS,
  type ConnectionReport,
  type ConnectionStep,
} from '../../../electron/shared';
import {
  startSandbox,
  type RunningSandbox,
  type SandboxUser,
} from '../../../electron/sandbox/index';
import { reportText, stepNotes } from '../../../renderer/src/lib/words/connection-report';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';

const ALL_STEPS: readonly ConnectionStep['step'][] = CONNECTION_STEPS;

let sandbox: RunningSandbox | null = null;
let harness: CoreHarness | null = null;

afterEach(async () => {
  await harness?.close();
  await sandbox?.close();
  harness = null;
  sandbox = null;
});

const oneOrgUser = (s: RunningSandbox): SandboxUser =>
  s.users.find((u) => u.organizations.length === 1) ?? s.users[0]!;

const stepOf = (report: ConnectionReport, step: ConnectionStep['step']): ConnectionStep => {
  const found = report.steps.find((s) => s.step === step);
  if (!found) throw new Error(`no step ${step} in ${JSON.stringify(report)}`);
  return found;
};

const outcomes = (report: ConnectionReport) =>
  Object.fromEntries(report.steps.map((s) => [s.step, s.outcome]));

/** Every form of the key a report must never contain. */
const secretForms = (user: SandboxUser): string[] => [
  user.api_key,
  Buffer.from(`:${user.api_key}`).toString('base64'),
  ...user.organizations.map((o) => Buffer.from(`${o.id}:${user.api_key}`).toString('base64')),
];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('check connection', () => {
  it('finds every endpoint working against the documented sandbox, paged by page', async () => {
    sandbox = await startSandbox({ port: 0 });
    harness = await startCoreHarness();
    const user = oneOrgUser(sandbox);
    await harness.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: user.api_key });

    const report = await harness.call('checkConnection', {});
    expect(report.steps.map((s) => s.step)).toEqual(ALL_STEPS);
    expect(outcomes(report)).toEqual(Object.fromEntries(ALL_STEPS.map((s) => [s, 'ok'])));
    expect(report.outcome).toBe('ok');
    expect(report.baseUrl).toBe(sandbox.baseUrl);
    expect(report.organization).toEqual(user.organizations[0]);
    for (const list of ['locations', 'devices', 'uninstalled_devices', 'location_devices'] as const)
      expect(stepOf(report, list).paging, list).toBe('page');

    const devices = stepOf(report, 'devices');
    expect(devices.endpoint).toBe('GET /devices');
    expect(devices.items).toBeGreaterThan(0);
    expect(devices.total).toBeGreaterThanOrEqual(devices.items!);
    expect(devices.fields).toContain('serial_number');
    expect(devices.unknownFields).toEqual([]);
    expect(devices.ms).toBeGreaterThanOrEqual(0);
    // In kinds from the core, in words from the catalog.
    expect(stepNotes(stepOf(report, 'locations')).join(' ')).toMatch(/A city was read from \d+ of/);
    expect(stepNotes(stepOf(report, 'organizations'))).toContain(`Signed in as ${user.name}.`);
    expect(stepOf(report, 'organizations').notes).toBeUndefined();
    expect(stepOf(report, 'location_devices').endpoint).toBe('GET /locations/{loc_id}/devices');

    // Read-only: nothing but GETs reached the server.
    expect(sandbox.requestLog().filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('names the next-url paging and the fields it does not read of another dialect', async () => {
    sandbox = await startSandbox({ port: 0, dialect: 'cursor-links' });
    harness = await startCoreHarness();
    const user = oneOrgUser(sandbox);

    // Typed at sign-in, not stored: the organization is the key's only one.
    const report = await harness.call('checkConnection', {
      baseUrl: sandbox.baseUrl,
      apiKey: user.api_key,
    });
    expect(report.organization).toEqual(user.organizations[0]);
    // 300 devices come 100 to a page (this dialect's default size): a next link follows.
    expect(stepOf(report, 'devices').paging).toBe('next-url');
    expect(stepOf(report, 'uninstalled_devices').outcome).toBe('ok');
    const devices = stepOf(report, 'devices');
    expect(devices.outcome).toBe('ok');
    expect(devices.unknownFields).toContain('vendor_ext');
    expect(stepOf(report, 'device').unknownFields).toContain('vendor_ext');
    expect(reportText(report)).toContain('Fields the app does not read: vendor_ext');
    expect(reportText(report)).toContain('Paging: next-page link in the answer');

    // The key typed for the check is not kept anywhere: not signed in, not on disk.
    expect((await harness.call('sessionStatus')).signedIn).toBe(false);
    for (const file of await filesUnder(harness.dataDir)) {
      const bytes = await readFile(file);
      for (const secret of secretForms(user))
        expect(bytes.includes(Buffer.from(secret)), `${file} holds the key`).toBe(false);
    }
  });

  // Decision record 37: what the readers adapted to is named, so support sees it without a packet trace.
  it.each<[string, Partial<Record<ConnectionStep['step'], string[]>>, RegExp[]]>([
    [
      'go-zero',
      { uninstalled_devices: ['not_installed_empty_location', 'zero_time_is_never'] },
      [/empty location; the app reads them as not installed/, /mean “never”/],
    ],
    ['rails-root', { device: ['named_root'] }, [/wrapped in a named root such as “device”/]],
    [
      'flat-traffic',
      {
        uninstalled_devices: ['zero_time_is_never'],
        foot_traffic_locations: ['traffic_flat_records', 'traffic_other_organizations'],
      },
      [
        /arrives as hourly records, one per location and hour/,
        /includes \d+ locations of other organizations; the app leaves them out/,
      ],
    ],
  ])('names what the %s dialect needed adapting to', async (dialect, kinds, sentences) => {
    sandbox = await startSandbox({ port: 0, dialect });
    harness = await startCoreHarness();
    // A user of several organizations: a server may answer foot traffic for all of them.
    const user = sandbox.users.find((u) => u.organizations.length > 1)!;
    await harness.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: user.api_key });
    await harness.call('chooseOrganization', { organizationId: user.organizations[0]!.id });

    const report = await harness.call('checkConnection', {});
    expect(report.outcome).toBe('ok');
    for (const [step, want] of Object.entries(kinds))
      expect(
        stepOf(report, step as ConnectionStep['step']).facts.map((f) => f.kind),
        step,
      ).toEqual(expect.arrayContaining(want));
    const text = reportText(report);
    for (const sentence of sentences) expect(text).toMatch(sentence);
    // Kept as the last report with its facts (the stored form reads them back).
    expect(await harness.call('lastConnectionReport')).toEqual(report);
  });

  // Decision record 37: support sees what the app adapted to.
  it('names serials that are found only as the server spells them (lower-hex dialect)', async () => {
    sandbox = await startSandbox({ port: 0, dialect: 'lower-hex', devices: 20 });
    harness = await startCoreHarness();
    const user = oneOrgUser(sandbox);
    const report = await harness.call('checkConnection', {
      baseUrl: sandbox.baseUrl,
      apiKey: user.api_key,
    });
    const device = stepOf(report, 'device');
    expect(device.outcome).toBe('ok');
    const serial = (device.facts[0] as { serial?: string } | undefined)?.serial ?? '';
    expect(serial).toMatch(/^[0-9a-f]+$/);
    expect(device.facts).toEqual([{ kind: 'serials_case_sensitive', serial }]);
    expect(reportText(report)).toContain(`Serial numbers are case-sensitive: ${serial}`);
    // Found by the spelling listed, refused in the other: both asked, both read-only.
    const asked = sandbox.requestLog().filter((r) => r.path.startsWith('/v1/devices/'));
    expect(asked.map((r) => [r.path, r.status])).toEqual([
      [`/v1/devices/${serial}`, 200],
      [`/v1/devices/${serial.toUpperCase()}`, 404],
    ]);
  });

  it('says a wrong key was refused and tries nothing else', async () => {
    sandbox = await startSandbox({ port: 0 });
    harness = await startCoreHarness();
    const wrongKey = 'sbx_wrong-key-0123456789abcdef';

    const report = await harness.call('checkConnection', {
      baseUrl: sandbox.baseUrl,
      apiKey: wrongKey,
    });
    const organizations = stepOf(report, 'organizations');
    expect(organizations).toMatchObject({ outcome: 'failed', status: 401 });
    expect(organizations.problem?.kind).toBe('unauthorized');
    expect(report.steps.slice(1).map((s) => s.outcome)).toEqual(
      ALL_STEPS.slice(1).map(() => 'skipped'),
    );
    expect(report.outcome).toBe('failed');
    expect(report.organization).toBeNull();

    const json = JSON.stringify(report);
    const text = reportText(report, { name: 'Field Installer', version: '0.1.0' });
    for (const secret of [wrongKey, Buffer.from(`:${wrongKey}`).toString('base64')]) {
      expect(json).not.toContain(secret);
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('GET /organizations\n  Result: Failed');
  });

  it('reports an HTML page instead of the device list as not understood', async () => {
    sandbox = await startSandbox({ port: 0 });
    harness = await startCoreHarness();
    const user = oneOrgUser(sandbox);
    await harness.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: user.api_key });
    sandbox.setFaults({ htmlRate: 1, pathPattern: '^/v1/devices$' });

    const report = await harness.call('checkConnection', {});
    const devices = stepOf(report, 'devices');
    expect(devices.outcome).toBe('not_understood');
    expect(devices.problem?.kind).toBe('bad_response');
    expect(devices.status).toBe(200);
    expect(stepOf(report, 'uninstalled_devices').outcome).toBe('ok');
    expect(stepOf(report, 'device').outcome).toBe('ok');
    expect(report.outcome).toBe('problems');
  });

  it('keeps neither the key nor its Basic token in the report, and remembers it after a restart', async () => {
    sandbox = await startSandbox({ port: 0 });
    const dataDir = await mkdtemp(join(tmpdir(), 'fi-check-'));
    try {
      const first = await startCoreHarness({ dataDir });
      harness = first;
      const user = oneOrgUser(sandbox);
      await first.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: user.api_key });
      expect(await first.call('lastConnectionReport')).toBeNull();

      const signedIn = await first.call('checkConnection', {});
      const typed = await first.call('checkConnection', {
        baseUrl: sandbox.baseUrl,
        apiKey: user.api_key,
      });
      for (const report of [signedIn, typed]) {
        expect(report.outcome).toBe('ok');
        const json = JSON.stringify(report);
        const text = reportText(report);
        for (const secret of secretForms(user)) {
          expect(json).not.toContain(secret);
          expect(text).not.toContain(secret);
        }
      }

      // A restart on the same data dir (and keychain) finds the last report in app.db.
      await first.close();
      harness = await startCoreHarness({ dataDir, keychainService: first.keychainService });
      expect(await harness.call('lastConnectionReport')).toEqual(typed);
    } finally {
      await harness?.close();
      harness = null;
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses half an input and a check while signed out', async () => {
    harness = await startCoreHarness();
    const half = await harness.core.invoke('checkConnection', {
      baseUrl: 'https://example.com/v1',
    });
    expect(half).toMatchObject({ ok: false, error: { kind: 'validation' } });
    const signedOut = await harness.core.invoke('checkConnection', {});
    expect(signedOut).toMatchObject({ ok: false, error: { kind: 'not_signed_in' } });
  });
});
