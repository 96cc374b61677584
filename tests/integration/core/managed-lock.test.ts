/**
 * The IT department's locked API base URL holds in the core for every operation that takes a
 * base URL (found from the contract), invoked as the renderer does (invokeJson): another
 * server is refused before any request reaches it (a second loopback server records every
 * request), and the managed URL typed another way (a trailing slash, the scheme or host in
 * capitals) is the same URL.
 */
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type Envelope, type ManagedSettings } from '../../../electron/shared';
import type { Core } from '../../../electron/core/core';
import { createCore } from '../../../electron/core/create-core';
import { createKeychainCredentials } from '../../../electron/core/credentials/keychain';
import { baseUrlAllowed } from '../../../electron/core/service/managed-lock';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let root: string;
let sandbox: RunningSandbox;
let other: Server;
let otherUrl: string;
const reached: string[] = [];
let core: Core;
let managedUrl: string;

/** The operations whose input has a `baseUrl`, read from the contract's schemas. */
const takesBaseUrl = Object.entries(operations)
  .filter(([, { input }]) => 'shape' in input && Object.hasOwn(input.shape as object, 'baseUrl'))
  .map(([name]) => name as keyof typeof operations);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-lock-'));
  sandbox = await startSandbox({ port: 0 });
  other = createServer((req, res) => {
    reached.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as { port: number }).port}/v1`;
  // localhost, so the host can be typed in capitals and still be the same server.
  managedUrl = sandbox.baseUrl.replace('127.0.0.1', 'localhost');
  const managed: ManagedSettings = {
    source: { kind: 'linux-file', where: '/etc/field-installer/policy.json' },
    apiBaseUrl: managedUrl,
    apiBaseUrlLocked: true,
    updateUrl: null,
    updatesEnabled: null,
    photoMaxSide: null,
    quality: { rules: null, organizations: null, checklistFile: null },
    auditPercent: null,
    auditMinCrossings: null,
    auditMinMinutes: null,
    auditPassRule: null,
  };
  core = await createCore({
    dataDir: join(root, 'data'),
    fetch: globalThis.fetch,
    credentials: createKeychainCredentials(`field-installer-test-${randomUUID()}`),
    log: quiet,
    managed,
  });
}, 30_000);

afterAll(async () => {
  await core?.close();
  await sandbox?.close();
  await new Promise((resolve) => other?.close(resolve));
  if (root) await rm(root, { recursive: true, force: true });
});

const invoke = async (name: keyof typeof operations, input: object) =>
  JSON.parse(await core.invokeJson(name, input)) as Envelope<unknown>;

const apiKey = () => sandbox.users.find((u) => u.organizations.length === 1)!.api_key;

describe('a locked API base URL, in the core', () => {
  it('finds the operations that take a base URL in the contract', () => {
    expect(takesBaseUrl).toEqual(expect.arrayContaining(['signIn', 'checkConnection']));
  });

  it.each(takesBaseUrl)(
    '%s: another server is refused and never receives a request',
    async (name) => {
      for (const baseUrl of [otherUrl, `${otherUrl}/`, otherUrl.replace('/v1', '/v2')]) {
        const answer = await invoke(name, { baseUrl, apiKey: apiKey() });
        expect(answer.ok, `${name} accepted ${baseUrl}`).toBe(false);
        if (!answer.ok) {
          expect(answer.error.code).toBe('managed_base_url');
          expect(answer.error.params).toEqual({ url: managedUrl });
        }
      }
      expect(reached, 'a request reached a server the policy does not allow').toEqual([]);
    },
  );

  it('accepts the managed URL typed with a trailing slash and capitals, for each operation', async () => {
    const typed = `${managedUrl.replace('http://localhost', 'HTTP://LocalHost')}/`;
    const check = await invoke('checkConnection', { baseUrl: typed, apiKey: apiKey() });
    expect(check.ok, JSON.stringify(check)).toBe(true);
    const signIn = await invoke('signIn', { baseUrl: typed, apiKey: apiKey() });
    expect(signIn.ok, JSON.stringify(signIn)).toBe(true);
    expect(reached).toEqual([]);
  });
});

describe('baseUrlAllowed (normalized comparison)', () => {
  const locked = (apiBaseUrl: string): ManagedSettings => ({
    source: null,
    apiBaseUrl,
    apiBaseUrlLocked: true,
    updateUrl: null,
    updatesEnabled: null,
    photoMaxSide: null,
    quality: { rules: null, organizations: null, checklistFile: null },
    auditPercent: null,
    auditMinCrossings: null,
    auditMinMinutes: null,
    auditPassRule: null,
  });
  it.each([
    ['https://api.example.com/v1', 'https://api.example.com/v1/', true],
    ['https://api.example.com/v1', 'HTTPS://API.Example.COM/v1', true],
    ['https://api.example.com/v1', 'https://api.example.com:443/v1', true],
    ['https://api.example.com/v1/', 'https://api.example.com/v1', true],
    ['https://api.example.com/v1', 'https://api.example.com/V1', false],
    ['https://api.example.com/v1', 'https://api.example.com:8443/v1', false],
    ['https://api.example.com/v1', 'https://api.example.com.evil.test/v1', false],
    ['https://api.example.com/v1', 'http://api.example.com/v1', false],
    ['https://api.example.com/v1', 'https://user@api.example.com/v1', false],
  ])('locked to %s: %s → %s', (managed, typed, allowed) => {
    expect(baseUrlAllowed(locked(managed), typed)).toBe(allowed);
  });
  it('allows anything when nothing is locked', () => {
    expect(
      baseUrlAllowed(
        { ...locked('https://a.example'), apiBaseUrlLocked: false },
        'https://b.example',
      ),
    ).toBe(true);
  });
});
