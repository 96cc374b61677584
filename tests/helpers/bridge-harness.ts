/**
 * The browser-mode bridge in front of a real core (see core-harness), serving a throwaway
 * renderer folder, plus a typed way to call operations through it as the renderer does: the
 * harness trades the bridge's single-use token for the session cookie first (unless told not
 * to) and sends that cookie with every call.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRIDGE_SESSION_PATH } from '../../electron/bridge-protocol';
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
  /** POSTs a raw body to one operation route with the session cookie; returns status and text. */
  post(name: string, body: string): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

export interface BridgeHarnessOptions {
  /** Trade the token for the session cookie at start (default true). */
  exchange?: boolean;
  bridge?: Pick<BridgeOptions, 'requestTimeoutMs' | 'token'>;
}

/** Trades a bridge's token for its session cookie; returns the Cookie header value. */
async function exchangeToken(bridge: RunningBridge, token = bridge.token): Promise<string> {
  const res = await fetch(bridge.origin + BRIDGE_SESSION_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (res.status !== 204) throw new Error(`token exchange answered ${res.status}`);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0] ?? '';
}

export async function startBridgeHarness(
  options: BridgeHarnessOptions = {},
): Promise<BridgeHarness> {
  const harness = await startCoreHarness();
  const rendererDir = await mkdtemp(join(tmpdir(), 'fi-renderer-'));
  await mkdir(join(rendererDir, 'assets'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  const bridge = await startBridge({ core: harness.core, rendererDir, ...options.bridge });
  const cookie = options.exchange === false ? '' : await exchangeToken(bridge);
  return {
    harness,
    bridge,
    cookie,
    async post(name, body) {
      const res = await fetch(`${bridge.origin}/api/op/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
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
