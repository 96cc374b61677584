/**
 * The browser-mode bridge in front of a real core (see core-harness), serving a throwaway
 * renderer folder, plus a typed way to call operations through it as the renderer does.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBridge, type RunningBridge } from '../../electron/web/bridge-server';
import { startCoreHarness, type CoreHarness } from './core-harness';

export interface BridgeHarness {
  harness: CoreHarness;
  bridge: RunningBridge;
  /** POSTs a raw body to one operation route; returns status and text. */
  post(name: string, body: string): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

export async function startBridgeHarness(): Promise<BridgeHarness> {
  const harness = await startCoreHarness();
  const rendererDir = await mkdtemp(join(tmpdir(), 'fi-renderer-'));
  await mkdir(join(rendererDir, 'assets'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  const bridge = await startBridge({ core: harness.core, rendererDir });
  return {
    harness,
    bridge,
    async post(name, body) {
      const res = await fetch(`${bridge.origin}/api/op/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-installer-token': bridge.token },
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
