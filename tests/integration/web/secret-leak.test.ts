/**
 * The API key must never leave the keychain except inside the Authorization header: after a
 * full session through the bridge it is in no bridge response, no event, no file under the
 * data dir (the SQLite databases and their journals, logs; raw bytes as UTF-8, Latin-1 and
 * UTF-16), in any encoding we would plausibly write it in (tests/helpers/secret-sweep.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { startBridgeHarness, type BridgeHarness } from '../../helpers/bridge-harness';
import { filesUnder, leaksIn, leaksInDir, secretNeedles } from '../../helpers/secret-sweep';

let sandbox: RunningSandbox;
let web: BridgeHarness;
const seen: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  web = await startBridgeHarness();
});

afterAll(async () => {
  await web.close();
  await sandbox.close();
});

async function op(name: string, input: unknown = {}) {
  const { text } = await web.post(name, JSON.stringify(input));
  seen.push(text);
  return JSON.parse(text) as { ok: boolean; value?: any; error?: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('the API key does not leak', () => {
  it('after a full session: sign in, browse, act, fail, go offline, sign out', async () => {
    const user = sandbox.users.find((u) => u.organizations.length > 1)!;
    const key = user.api_key;

    const { bridge } = web;
    const events = await fetch(`${bridge.origin}/api/events?secret=${web.secret}`, {
      headers: { Cookie: web.cookie },
    });
    const reader = events.body!.getReader();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) break;
        seen.push(new TextDecoder().decode(value));
      }
    })();

    expect(
      (await op('signIn', { baseUrl: sandbox.baseUrl, apiKey: 'sbx_wrongwrongwrongwrong' })).ok,
    ).toBe(false);
    const signedIn = await op('signIn', { baseUrl: sandbox.baseUrl, apiKey: key });
    expect(signedIn.ok).toBe(true);
    await op('chooseOrganization', { organizationId: user.organizations[0]!.id });
    // The local database fills with the first sync.
    await op('syncNow');
    await op('listOrganizations');
    const locations = await op('listLocations');
    const inventory = await op('queryDevices', { view: 'uninstalled', offset: 0, limit: 500 });
    const serial = inventory.value.rows[0].serial as string;
    const locationId = locations.value.value[0].id as string;
    await op('getDevice', { serial, fresh: true });
    await op('installDevice', { serial, locationId });
    await op('getDevice', { serial: 'NOPE-0000' });
    await op('listLocationDevices', { locationId });
    sandbox.setFaults({ failNext: { count: 1, kind: 'malformed' } });
    await op('syncNow');
    await op('syncStatus');
    sandbox.clearFaults();
    await op('queryDevices', { view: 'all', q: serial.slice(0, 5), offset: 0, limit: 50 });
    await op('uninstallDevice', { serial, locationId });
    await op('listActivity');
    await op('sessionStatus');
    await op('signOut');
    await reader.cancel().catch(() => undefined);

    const needles = secretNeedles(
      key,
      user.organizations.map((o) => o.id),
    );
    for (const text of seen) expect(leaksIn(text, needles), 'bridge response or event').toEqual([]);
    const files = await filesUnder(web.harness.dataDir);
    expect(files.some((f) => f.includes('logs'))).toBe(true);
    expect(files.length).toBeGreaterThan(3);
    expect(await leaksInDir(web.harness.dataDir, needles)).toEqual([]);
  });
});
