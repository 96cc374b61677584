/**
 * A hostile or broken server, on 127.0.0.1, against the real core: one that echoes the
 * Authorization header into every string it sends (organization and store names, a 409
 * location, 422 field messages, the Link and Location headers), one that nests an answer a million levels deep, and one whose
 * list never ends in ~1 MB pages. The key must reach no answer, event, file or log; the deep
 * answer is a bad answer, never "internal"; the endless list is refused with words.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldIssue } from '../../../electron/shared';
import { createApiClient } from '../../../electron/core/api/client';
import { bridgeClient } from '../../helpers/cli-process';
import { stopProcessTree, treeSpawnOptions } from '../../helpers/process-tree';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import { filesUnder, leaksIn, leaksInDir, secretNeedles } from '../../helpers/secret-sweep';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import type { AppError } from '../../../electron/core/app-error';

/**
 * Every character an encoding changes ('/', '+', '=', a space, '~', a non-ASCII letter), and
 * a Basic token `org_h:KEY` that ends in '==' and holds a '+': the URL-encoded, unpadded and
 * base64url spellings all differ from the plain ones, so finding none of them proves something.
 */
const KEY = 'hostile/key+=é 0~123456789abcdef0';
const ORG = 'org_h';
let server: Server;
let baseUrl: string;
let mode: 'echo' | 'deep' | 'endless' = 'echo';
let harness: CoreHarness;
let dataDir: string;
const answers: string[] = [];

const send = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(body);
};

const base64url = (b64: string) => b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function handle(req: IncomingMessage, res: ServerResponse): void {
  const auth = req.headers.authorization ?? '';
  // Everything the server received, back in every string it sends: the header, and the key.
  const token = auth.replace(/^Basic /, '');
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  // The spellings a gateway might use: as sent, decoded, percent-encoded (upper and lower
  // hex, a form), unpadded, base64url, and in JSON with non-ASCII escaped.
  const component = encodeURIComponent(decoded);
  const echo = [
    auth,
    decoded,
    component,
    component.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
    new URLSearchParams({ k: decoded }).toString().slice(2),
    token.replace(/=+$/, ''),
    base64url(token),
    JSON.stringify(decoded).slice(1, -1).replace(/é/g, '\\u00e9'),
  ].join(' ');
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname;
  // ... and in the headers the client keeps: a created store's address (its last segment
  // becomes the store's id) and, below, a next-page URL (stored in a sync checkpoint).
  res.setHeader('location', `/v1/locations/loc_${base64url(token)}?auth=${token}`);
  const page = (data: unknown[]) =>
    JSON.stringify({
      data,
      meta: { page: 1, per_page: 500, total_count: data.length, total_pages: 1 },
    });
  const device = { serial_number: 'HST-1', device_type_name: `Type ${echo}`, location: null };
  if (path === '/v1/organizations')
    return send(
      res,
      200,
      JSON.stringify({
        data: [{ id: ORG, name: `Org ${echo}` }],
        meta: { user: { id: 'u1', name: `User ${echo}` } },
      }),
    );
  if (path === '/v1/locations' && req.method === 'GET') {
    if (mode === 'endless') {
      const filler = 'x'.repeat(1024 * 1024);
      const n = Number(url.searchParams.get('page') ?? '1');
      return send(
        res,
        200,
        JSON.stringify({
          data: [{ id: `loc_${n}`, name: 'Endless', filler }],
          meta: { page: n, per_page: 1, total_pages: 1000, total_count: 1000 },
        }),
      );
    }
    const address = { line1: echo, city: 'Berlin', country: 'DE' };
    // The second page fails, so the sync's checkpoint keeps the next-page URL on disk.
    if (url.searchParams.get('page') === '2')
      return send(res, 400, JSON.stringify({ error: { code: 'bad_request', message: echo } }));
    const next = `${baseUrl}/locations?page=2&auth=${encodeURIComponent(auth)}&key=${encodeURIComponent(decoded)}`;
    res.setHeader('link', `<${next}>; rel="next"; title="${auth} ${decoded}"`);
    return send(
      res,
      200,
      JSON.stringify({ data: [{ id: 'loc_1', name: `Store ${echo}`, address }] }),
    );
  }
  if (path === '/v1/locations' && req.method === 'POST') {
    // "Created" is created (answered by the Location header alone); anything else is refused.
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (body.includes('"Created"')) return void res.writeHead(201).end();
      send(
        res,
        422,
        JSON.stringify({
          error: {
            code: 'validation_failed',
            message: echo,
            details: { fields: { name: `is wrong: ${echo}` } },
          },
        }),
      );
    });
    return;
  }
  if (
    path === '/v1/devices' ||
    path === '/v1/uninstalled-devices' ||
    path === '/v1/locations/loc_1/devices'
  )
    return send(res, 200, page(path.includes('loc_1') ? [] : [device]));
  if (path === '/v1/devices/HST-1' && req.method === 'GET') {
    if (mode === 'deep') {
      const depth = 1_000_000;
      return send(
        res,
        200,
        `{"data":{"serial_number":"HST-1","deep":${'['.repeat(depth)}${']'.repeat(depth)}}}`,
      );
    }
    return send(res, 200, JSON.stringify({ data: device }));
  }
  if (path === '/v1/devices/HST-1/install')
    return send(
      res,
      409,
      JSON.stringify({
        error: {
          code: 'device_installed_elsewhere',
          message: echo,
          details: { location: { id: 'loc_x', name: `Elsewhere ${echo}` } },
        },
      }),
    );
  send(res, 404, JSON.stringify({ error: { code: 'not_found', message: echo } }));
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  dataDir = await mkdtemp(join(tmpdir(), 'fi-hostile-'));
  harness = await startCoreHarness({ dataDir });
  harness.core.onEvent((event) => answers.push(JSON.stringify(event)));
});

afterAll(async () => {
  await harness.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

async function invoke(name: Parameters<CoreHarness['core']['invokeJson']>[0], input: unknown = {}) {
  const text = await harness.core.invokeJson(name, input);
  answers.push(text);
  return JSON.parse(text) as {
    ok: boolean;
    value?: unknown;
    error?: { kind: string; code: string; fields?: Record<string, FieldIssue> };
  };
}

/** The key and its tokens (with the organization, and without for cross-organization calls). */
const NEEDLES = secretNeedles(KEY, [ORG]);
const leaks = (text: string) => leaksIn(text, NEEDLES);

describe('a server that echoes the Authorization header', () => {
  it('never gets the key into an answer, an event, the queue, the activity log or a file', async () => {
    mode = 'echo';
    expect((await invoke('signIn', { baseUrl, apiKey: KEY })).ok).toBe(true);
    expect((await invoke('syncNow')).ok).toBe(true);
    const locations = await invoke('listLocations');
    expect(JSON.stringify(locations)).toContain('[removed]');
    const install = await invoke('installDevice', { serial: 'HST-1', locationId: 'loc_1' });
    expect(install.error?.kind).toBe('conflict');
    const create = await invoke('createLocation', {
      name: 'New',
      address: { line1: '1 Main', city: 'Berlin', country: 'DE' },
    });
    expect(create.error?.kind).toBe('invalid');
    expect(create.error?.fields?.['name']?.params?.['words']).toMatch(/is wrong/);
    await invoke('createLocation', {
      name: 'Created',
      address: { line1: '1 Main', city: 'Berlin', country: 'DE' },
    });
    await invoke('listActivity');
    await invoke('listOutbox');
    await invoke('sessionStatus');
    await harness.close(); // everything written and closed: the files say all there is

    for (const text of answers) expect(leaks(text), text.slice(0, 200)).toEqual([]);
    expect((await filesUnder(dataDir)).some((file) => file.endsWith('cache.db'))).toBe(true);
    expect(await leaksInDir(dataDir, NEEDLES)).toEqual([]);
    harness = await startCoreHarness({ dataDir });
  });
});

describe('a hostile answer', () => {
  const client = () =>
    createApiClient({
      baseUrl,
      organizationId: ORG,
      getApiKey: () => Promise.resolve(KEY),
      fetch: globalThis.fetch,
      maxRetries: 0,
    });

  it('nested a million levels deep is a bad answer, not "internal", and the core keeps answering', async () => {
    mode = 'deep';
    const error = await client()
      .getDevice('HST-1')
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({ kind: 'bad_response' });
    expect(errorWords(error as AppError).message).toMatch(/nested too deeply/);
    // Through the core's never-throws entry too: the same bad answer, as an envelope.
    // A fresh sign-in: the core restarted by the test above has a new, empty keychain.
    expect((await invoke('signIn', { baseUrl, apiKey: KEY })).ok).toBe(true);
    expect((await invoke('signIn', { baseUrl, apiKey: KEY })).ok).toBe(true);
    const device = JSON.parse(
      await harness.core.invokeJson('getDevice', { serial: 'HST-1', fresh: true }),
    ) as { ok: boolean; error?: { kind: string } };
    expect(device).toMatchObject({ ok: false, error: { kind: 'bad_response' } });
    const status = await harness.core.invokeJson('sessionStatus', {});
    expect(JSON.parse(status).ok).toBe(true);
  });

  it('a list that never ends in ~1 MB pages is refused with a message that says so', async () => {
    mode = 'endless';
    const before = process.memoryUsage().rss;
    const error = await client()
      .listLocations({ q: 'x' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({ kind: 'bad_response' });
    expect(errorWords(error as AppError).message).toMatch(/larger than this app reads at once/);
    // Refused at the byte cap (64 MB), far below the gigabyte the old client reached.
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
  });
});

describe('browser mode', () => {
  it('holds no key in its answers, its data dir or its output after a session with an echoing server and forced errors', async () => {
    mode = 'echo';
    const dir = await mkdtemp(join(tmpdir(), 'fi-hostile-cli-'));
    const child = spawn(
      'node_modules/.bin/tsx',
      ['electron/web/cli.ts', '--port', '0', '--data-dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'], ...treeSpawnOptions() },
    );
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve) => lines.once('line', resolve));
    lines.on('line', (line) => (output += `${line}\n`));
    output += `${first}\n`;
    // Every answer and every error the bridge gave, as the renderer would have seen it.
    const seen: string[] = [];
    let fileLeaks: string[];
    let files: string[];
    try {
      const bridge = bridgeClient((JSON.parse(first) as { url: string }).url);
      const app = {
        call: (operation: string, input: object = {}) =>
          bridge.call(operation, input).then(
            (value) => void seen.push(JSON.stringify(value)),
            (error: unknown) => {
              seen.push(String(error));
              throw error;
            },
          ),
      };
      await app.call('signIn', { baseUrl, apiKey: KEY });
      await app.call('syncNow');
      await app.call('listLocations');
      for (const [operation, input] of [
        ['installDevice', { serial: 'HST-1', locationId: 'loc_1' }],
        [
          'createLocation',
          { name: 'New', address: { line1: '1 Main', city: 'Berlin', country: 'DE' } },
        ],
        ['getDevice', { serial: 'NOPE-1', fresh: true }],
      ] as const) {
        await expect(app.call(operation, input)).rejects.toThrow();
      }
      await app.call('signOut', {});
    } finally {
      await stopProcessTree(child);
      // Every file the session left (databases, journals, logs), before the folder goes.
      files = await filesUnder(dir);
      fileLeaks = await leaksInDir(dir, NEEDLES);
      await rm(dir, { recursive: true, force: true });
    }
    expect(output).toMatch(/operation/); // the log lines did reach the output
    expect(leaks(output)).toEqual([]);
    expect(seen.length).toBeGreaterThan(5);
    for (const text of seen) expect(leaks(text), text.slice(0, 200)).toEqual([]);
    expect(files.some((file) => file.endsWith('cache.db'))).toBe(true);
    expect(fileLeaks).toEqual([]);
  });
});
