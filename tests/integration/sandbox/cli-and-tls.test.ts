import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:https';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, test } from 'vitest';
import { stopProcessTree, treeSpawnOptions } from '../../helpers/process-tree';
import { basic, call, start, users } from './harness';
import { assertDocumented } from './openapi-check';

const ROOT = new URL('../../../', import.meta.url).pathname;

interface Handshake {
  base_url: string;
  users: { name: string; api_key: string; organizations: { id: string; name: string }[] }[];
}

/** Through npx, as people run it; `direct` runs tsx itself so signals reach the sandbox unrelayed. */
const spawnCli = (
  args: string[],
  direct = false,
): {
  child: ChildProcessWithoutNullStreams;
  firstLine: Promise<string>;
  exit: Promise<number | null>;
  stderr: () => string;
  /** Stops the whole tree: killing npx alone left tsx and node running. */
  killAll: () => Promise<void>;
} => {
  // Spawned so that the launcher's children can be stopped with it.
  const child = direct
    ? spawn(join(ROOT, 'node_modules/.bin/tsx'), ['electron/sandbox/cli.ts', ...args], {
        cwd: ROOT,
        ...treeSpawnOptions(),
      })
    : spawn('npx', ['tsx', 'electron/sandbox/cli.ts', ...args], {
        cwd: ROOT,
        ...treeSpawnOptions(),
      });
  const killAll = () => stopProcessTree(child, { graceMs: 0 });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const lines = createInterface({ input: child.stdout });
  const firstLine = new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', () => reject(new Error(`exited before a line; stderr: ${err}`)));
  });
  firstLine.catch(() => undefined); // tests that expect an early exit never read it
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, firstLine, exit, stderr: () => err, killAll };
};

describe('sandbox CLI', () => {
  test('first stdout line is the JSON handshake; it serves the API', async () => {
    const cli = spawnCli([
      '--port',
      '0',
      '--devices',
      '40',
      '--latency',
      '3',
      '--jitter',
      '2',
      '--retry-after',
      '4',
      '--fault-path',
      '^/v1/devices',
    ]);
    try {
      const hs = JSON.parse(await cli.firstLine) as Handshake;
      expect(hs.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(hs.users).toHaveLength(2);
      expect(hs.users[0]?.organizations).toHaveLength(2);
      expect(hs.users[1]?.organizations).toHaveLength(1);
      expect(hs.users[0]?.api_key).toMatch(/^sbx_[0-9a-f]{32}$/);
      const u = hs.users[0];
      const origin = hs.base_url.replace(/\/v1$/, '');
      const sbxLike = { baseUrl: hs.base_url, origin } as Parameters<typeof call>[0];
      const r = await call(
        sbxLike,
        { name: u?.name ?? '', api_key: u?.api_key ?? '', organizations: u?.organizations ?? [] },
        { path: '/devices?per_page=5' },
      );
      expect(r.status).toBe(200);
      const faults = (await (await fetch(`${origin}/_sandbox/faults`)).json()) as Record<
        string,
        unknown
      >;
      expect(faults).toMatchObject({
        latencyMs: 3,
        jitterMs: 2,
        retryAfterS: 4,
        pathPattern: '^/v1/devices',
        errorRate: 0,
      });
    } finally {
      await cli.killAll();
    }
  });

  test('SIGTERM saves --data and exits 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-cli-'));
    const file = join(dir, 'cli.json');
    const cli = spawnCli(['--port', '0', '--devices', '10', '--data', file], true);
    try {
      const hs = JSON.parse(await cli.firstLine) as Handshake;
      const serial = await fetch(`${hs.base_url.replace(/\/v1$/, '')}/_sandbox/state`).then(
        async (r) => Object.keys(((await r.json()) as { devices: object }).devices)[0],
      );
      await fetch(`${hs.base_url.replace(/\/v1$/, '')}/_sandbox/devices/${serial}/walk-through`, {
        method: 'POST',
        body: '{"count": 9}',
      });
      cli.child.kill('SIGTERM');
      expect(await cli.exit).toBe(0);
      const saved = JSON.parse(await readFile(file, 'utf8')) as {
        devices: { serial: string; walkThroughs: [number, number][] }[];
      };
      expect(saved.devices.find((d) => d.serial === serial)?.walkThroughs[0]?.[1]).toBe(9);
    } finally {
      await cli.killAll();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('refuses a non-loopback --host without --allow-remote, and says why', async () => {
    const cli = spawnCli(['--port', '0', '--host', '0.0.0.0']);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toMatch(
      /refusing to listen on non-loopback host 0\.0\.0\.0.*--allow-remote/s,
    );
  });

  test('--tls serves HTTPS with a self-signed certificate', async () => {
    const cli = spawnCli(['--port', '0', '--tls', '--devices', '20']);
    try {
      const hs = JSON.parse(await cli.firstLine) as Handshake;
      expect(hs.base_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
      await expect(fetch(`${hs.base_url}/organizations`)).rejects.toThrow(/fetch failed/);
    } finally {
      await cli.killAll();
    }
  });
});

describe('sandbox over TLS', () => {
  test('clients that verify certificates fail; the API answers behind the certificate', async () => {
    const sbx = await start({ tls: true });
    try {
      const err = await fetch(`${sbx.baseUrl}/organizations`).catch((e: unknown) => e);
      const cause = (err as { cause?: { code?: string } }).cause;
      expect(cause?.code).toMatch(/SELF_SIGNED|CERT/);
      const [alex] = users(sbx);
      const answer = await new Promise<{ status: number; headers: Headers; text: string }>(
        (resolve, reject) => {
          const req = request(
            `${sbx.baseUrl}/organizations`,
            { rejectUnauthorized: false, headers: { authorization: basic('', alex.api_key) } },
            (res) => {
              let text = '';
              res.on('data', (c: Buffer) => (text += c.toString()));
              res.on('end', () => {
                const headers = new Headers();
                for (const [k, v] of Object.entries(res.headers))
                  if (typeof v === 'string') headers.set(k, v);
                resolve({ status: res.statusCode ?? 0, headers, text });
              });
            },
          );
          req.on('error', reject);
          req.end();
        },
      );
      assertDocumented({ method: 'GET', path: '/organizations', ...answer });
      expect(answer.status).toBe(200);
    } finally {
      await sbx.close();
    }
  });
});
