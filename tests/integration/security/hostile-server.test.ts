/**
 * A hostile or broken server, on 127.0.0.1, against the real core: one that echoes the
 * Authorization header into every string it sends (organization and store names, a 409
 * location, 422 field messages), one that nests an answer a million levels deep, and one whose
 * list never ends in ~1 MB pages. The key must reach no answer, event, file or log; the deep
 * answer is a bad answer, never "internal"; the endless list is refused with words.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../electron/core/api/client';
import { bridgeClient } from '../../helpers/cli-process';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';

const KEY = 'hostile-test-key-0123456789abcdef';
let server: Server;
let baseUrl: string;
let mode: 'echo' | 'deep' | 'endless' = 'echo';
let harness: CoreHarness;
let dataDir: string;
const answers: string[] = [];

const send = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(body);
};

function handle(req: IncomingMessage, res: ServerResponse): void {
  const auth = req.headers.authorization ?? '';
  // Everything the server received, back in every string it sends: the header, and the key.
  const decoded = Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString('utf8');
  const echo = `${auth} ${decoded} ${encodeURIComponent(decoded)}`;
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname;
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
        data: [{ id: 'org_h', name: `Org ${echo}` }],
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
    return send(
      res,
      200,
      page([
        {
          id: 'loc_1',
          name: `Store ${echo}`,
          address: { line1: echo, city: 'Berlin', country: 'DE' },
        },
      ]),
    );
  }
  if (path === '/v1/locations' && req.method === 'POST')
    return send(
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
    error?: { kind: string; message: string; fields?: Record<string, string> };
  };
}

/** The key and the tokens the client sends, in the encodings a leak would plausibly take. */
const secretForms = (): string[] => {
  const token = Buffer.from(`org_h:${KEY}`).toString('base64');
  const cross = Buffer.from(`:${KEY}`).toString('base64');
  return [
    KEY,
    encodeURIComponent(KEY),
    token,
    cross,
    token.replace(/=+$/, ''),
    cross.replace(/=+$/, ''),
  ];
};

const leaks = (text: string) => secretForms().filter((form) => text.includes(form));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

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
    expect(create.error?.fields?.['name']).toMatch(/is wrong/);
    await invoke('listActivity');
    await invoke('listOutbox');
    await invoke('sessionStatus');
    await harness.close(); // everything written and closed: the files say all there is

    for (const text of answers) expect(leaks(text), text.slice(0, 200)).toEqual([]);
    for (const file of await filesUnder(dataDir)) {
      const bytes = await readFile(file);
      for (const encoding of ['latin1', 'utf16le'] as const) {
        expect(leaks(bytes.toString(encoding)), `${file} (${encoding})`).toEqual([]);
      }
    }
    harness = await startCoreHarness({ dataDir });
  });
});

describe('a hostile answer', () => {
  const client = () =>
    createApiClient({
      baseUrl,
      organizationId: 'org_h',
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
    expect((error as Error).message).toMatch(/nested too deeply/);
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
    expect((error as Error).message).toMatch(/larger than this app reads at once/);
    // Refused at the byte cap (64 MB), far below the gigabyte the old client reached.
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
  });
});

describe('the process output of browser mode', () => {
  it('holds no key after a session with an echoing server and forced errors', async () => {
    mode = 'echo';
    const dir = await mkdtemp(join(tmpdir(), 'fi-hostile-cli-'));
    const child = spawn(
      'node_modules/.bin/tsx',
      ['electron/web/cli.ts', '--port', '0', '--data-dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve) => lines.once('line', resolve));
    lines.on('line', (line) => (output += `${line}\n`));
    output += `${first}\n`;
    try {
      const app = bridgeClient((JSON.parse(first) as { url: string }).url);
      await app.call('signIn', { baseUrl, apiKey: KEY });
      await app.call('syncNow');
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
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-(child.pid ?? 0), 'SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    }
    expect(output).toMatch(/operation/); // the log lines did reach the output
    expect(leaks(output)).toEqual([]);
  });
});
