/**
 * A loopback HTTP front for the sandbox that a test scripts request by request: "a differently
 * built vendor API". Every request goes to the real sandbox unless the test's rule answers it
 * another way — drop the connection, answer in the sandbox's place, or pass it on and change
 * the answer (after the sandbox applied the change). Answers keep their URLs on the proxy's
 * origin, so next-page links and Location headers lead back through it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../electron/sandbox/index';
import { startCoreHarness, type CoreHarness, type HarnessOptions } from './core-harness';
import { signInAndSync } from './store-world';

export interface ProxiedRequest {
  method: string;
  /** Path and query, e.g. /v1/devices/FTC-1/install. */
  path: string;
  body: string;
}

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * What a rule does with a request: undefined = pass it through unchanged; 'drop' = destroy the
 * socket without an answer; an answer = send it (it may come from `forward()`, which lets the
 * sandbox handle the request first).
 */
export type ProxyRule = (
  request: ProxiedRequest,
  forward: () => Promise<ProxyAnswer>,
) => Promise<ProxyAnswer | 'drop' | undefined> | ProxyAnswer | 'drop' | undefined;

interface ProxyLogEntry {
  method: string;
  path: string;
  /** 0: dropped. */
  status: number;
}

interface FaultProxy {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  /** Rules are asked in the order added; the first that answers wins. */
  use(rule: ProxyRule): void;
  clear(): void;
  log: ProxyLogEntry[];
  close(): Promise<void>;
}

const FORWARDED = ['authorization', 'content-type', 'accept'];
const RETURNED = ['content-type', 'retry-after', 'location', 'link'];

async function startFaultProxy(upstreamOrigin: string): Promise<FaultProxy> {
  const rules: ProxyRule[] = [];
  const log: ProxyLogEntry[] = [];
  let origin = '';

  const forwardTo = (req: IncomingMessage, request: ProxiedRequest) => async () => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const response = await fetch(`${upstreamOrigin}${request.path}`, {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? null : request.body,
      redirect: 'manual',
    });
    const out: Record<string, string> = {};
    for (const name of RETURNED) {
      const value = response.headers.get(name);
      if (value !== null) out[name] = value.split(upstreamOrigin).join(origin);
    }
    const text = await response.text();
    return { status: response.status, headers: out, body: text.split(upstreamOrigin).join(origin) };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: ProxiedRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: req.url ?? '/',
      body: Buffer.concat(chunks).toString('utf8'),
    };
    const forward = forwardTo(req, request);
    let answer: ProxyAnswer | 'drop' | undefined;
    for (const rule of [...rules]) {
      answer = await rule(request, forward);
      if (answer !== undefined) break;
    }
    answer ??= await forward();
    if (answer === 'drop') {
      log.push({ method: request.method, path: request.path, status: 0 });
      req.socket.destroy();
      return;
    }
    log.push({ method: request.method, path: request.path, status: answer.status });
    res.writeHead(answer.status, answer.headers).end(answer.body === '' ? undefined : answer.body);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(599).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/v1`,
    use: (rule) => void rules.push(rule),
    clear: () => void (rules.length = 0),
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A rule that acts on the first `count` requests matching `method` and `path` (a RegExp on the path without query). */
export function nth(
  count: number,
  method: string,
  path: RegExp,
  act: (
    request: ProxiedRequest,
    forward: () => Promise<ProxyAnswer>,
  ) => Promise<ProxyAnswer | 'drop'> | ProxyAnswer | 'drop',
): ProxyRule {
  let left = count;
  return (request, forward) => {
    if (left <= 0 || request.method !== method || !path.test(request.path.split('?')[0] ?? ''))
      return undefined;
    left -= 1;
    return act(request, forward);
  };
}

/** The device list's pages reach the sandbox `ms` late (a slow download to act during). */
export const slowDeviceList =
  (ms: number): ProxyRule =>
  (request) =>
    request.method === 'GET' && request.path.startsWith('/v1/devices?')
      ? new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))
      : undefined;

/** The first `count` installs of `serial` are answered 503 without reaching the sandbox. */
export const installUnavailable = (count: number, serial: string): ProxyRule =>
  nth(count, 'POST', new RegExp(`^/v1/devices/${serial}/install$`), () => ({
    status: 503,
    headers: {},
    body: '',
  }));

/** A sandbox behind a fault proxy and a core signed in through the proxy, per test file. */
export interface ProxiedWorld {
  sandbox: RunningSandbox;
  proxy: FaultProxy;
  harness: CoreHarness;
  /** The signed-in user's Basic header, for set-up and checks straight at the sandbox. */
  authorization: string;
}

export function useProxiedWorld(
  prefix: string,
  options: Partial<SandboxOptions> = {},
  core: HarnessOptions = {},
): ProxiedWorld {
  let root = '';
  const world = {} as ProxiedWorld;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), prefix));
    world.sandbox = await startSandbox({
      port: 0,
      dataFile: join(root, 'sandbox.json'),
      ...options,
    });
    world.proxy = await startFaultProxy(world.sandbox.origin);
    world.harness = await startCoreHarness(core);
    // Signed in through the proxy: the core knows no other address.
    await signInAndSync(world.harness, { ...world.sandbox, baseUrl: world.proxy.baseUrl });
    const user =
      world.sandbox.users.find((u) => u.organizations.length === 1) ?? world.sandbox.users[0]!;
    const token = Buffer.from(`${user.organizations[0]!.id}:${user.api_key}`).toString('base64');
    world.authorization = `Basic ${token}`;
  });
  afterEach(() => world.proxy?.clear());
  afterAll(async () => {
    await world.harness?.close();
    await world.proxy?.close();
    await world.sandbox?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });
  return world;
}
