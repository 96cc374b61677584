/**
 * The browser-mode bridge in front of a real core (see core-harness), serving a throwaway
 * renderer folder, plus a typed way to call operations through it as the renderer does: the
 * harness trades the bridge's single-use token for the session cookie and secret first (unless
 * told not to) and sends both with every call.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BRIDGE_SECRET_HEADER,
  BRIDGE_SESSION_PATH,
  BRIDGE_SOCKET_PROTOCOL,
  bridgeSecretProtocol,
} from '../../electron/shared/bridge-protocol';
import {
  startBridge,
  type BridgeOptions,
  type RunningBridge,
} from '../../electron/web/bridge-server';
import { startCoreHarness, type CoreHarness } from './core-harness';

export interface BridgeHarness {
  harness: CoreHarness;
  bridge: RunningBridge;
  /** `name=value` of the session cookie (a Cookie header); '' when the token was not exchanged. */
  cookie: string;
  /** The session secret the page sends itself; '' when the token was not exchanged. */
  secret: string;
  /** The headers a page of the session sends: the cookie and the secret. */
  session: Record<string, string>;
  /** POSTs a raw body to one operation route with the session; returns status and text. */
  post(name: string, body: string): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

export interface BridgeHarnessOptions {
  /** Trade the token for the session cookie at start (default true). */
  exchange?: boolean;
  bridge?: Pick<BridgeOptions, 'requestTimeoutMs' | 'token'>;
}

/** Trades a bridge's token for its session: the Cookie header value and the secret. */
async function exchangeToken(
  bridge: RunningBridge,
  token = bridge.token,
): Promise<{ cookie: string; secret: string }> {
  const res = await fetch(bridge.origin + BRIDGE_SESSION_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (res.status !== 200) throw new Error(`token exchange answered ${res.status}`);
  const { secret } = (await res.json()) as { secret: string };
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { cookie: setCookie.split(';')[0] ?? '', secret };
}

/** What the page offers as the socket's subprotocols: the bridge's, and its secret. */
export const socketProtocols = (secret: string): string[] => [
  BRIDGE_SOCKET_PROTOCOL,
  bridgeSecretProtocol(secret),
];

/** The headers of a session: its cookie and its secret. */
export const sessionHeaders = (session: { cookie: string; secret: string }) => ({
  Cookie: session.cookie,
  [BRIDGE_SECRET_HEADER]: session.secret,
});

export async function startBridgeHarness(
  options: BridgeHarnessOptions = {},
): Promise<BridgeHarness> {
  const harness = await startCoreHarness();
  const rendererDir = await mkdtemp(join(tmpdir(), 'fi-renderer-'));
  await mkdir(join(rendererDir, 'assets'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  const bridge = await startBridge({ core: harness.core, rendererDir, ...options.bridge });
  const held =
    options.exchange === false ? { cookie: '', secret: '' } : await exchangeToken(bridge);
  return {
    harness,
    bridge,
    ...held,
    session: sessionHeaders(held),
    async post(name, body) {
      const res = await fetch(`${bridge.origin}/api/op/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...sessionHeaders(held) },
        body,
      });
      return { status: res.status, text: await res.text() };
    },
    async close() {
      await bridge.close();
      await harness.close();
      await rm(rendererDir, { recursive: true, force: true });
    },
  };
}
