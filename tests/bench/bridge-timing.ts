/**
 * The core side of each bridge request, for the phase breakdown: the bench starts the bundled
 * core with a preload (`--import` of a data: module, so nothing is added to the bundle) that
 * subscribes to the bridge socket's diagnostics channel (electron/web/bridge-socket.ts) and
 * writes one JSON line per answered request to a file, flushed once a second off the request's
 * path. Times are the core process's performance.now(); only differences within one record
 * are used, so the two processes' clocks never need to agree.
 */
import { readFile } from 'node:fs/promises';
import { BRIDGE_TIMING_CHANNEL } from '../../electron/web/bridge-socket';

export interface BridgeTiming {
  op: string;
  id: number;
  /** Message in → the core called (request parsed, limits checked). */
  receivedAt: number;
  calledAt: number;
  /** The core's answer as JSON text (input checked, handler run, answer written). */
  answeredAt: number;
  /** The answer handed to the socket. */
  sentAt: number;
  bytes: number;
}

/** Node's arguments that load the subscriber, writing to `file`. */
export const bridgeTimingArgs = (file: string): string[] => {
  const code =
    `import { subscribe } from 'node:diagnostics_channel';` +
    `import { appendFileSync } from 'node:fs';` +
    `let lines = [];` +
    `subscribe(${JSON.stringify(BRIDGE_TIMING_CHANNEL)}, (m) => { lines.push(JSON.stringify(m)); });` +
    `const flush = () => { if (lines.length === 0) return; const out = lines.join('\\n') + '\\n'; lines = []; appendFileSync(${JSON.stringify(file)}, out); };` +
    `setInterval(flush, 1000).unref();` +
    `process.on('exit', flush);`;
  return [`--import=data:text/javascript,${encodeURIComponent(code)}`];
};

/** The records written so far (wait over a second after the last request). */
export async function readBridgeTimings(file: string): Promise<BridgeTiming[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as BridgeTiming);
}
