/**
 * The faults of the reliability matrix and what a technician must see under each. Every fault
 * is armed with the sandbox's deterministic `failNext`, scoped by path and method to the one
 * request under test, so background traffic (connectivity probes) never eats it and nothing
 * waits on a long timeout. Stalls and TLS need their own set-ups (see the matrix files).
 */
import type { ErrorKind } from '../../electron/contract';
import type { FaultKind } from '../../electron/sandbox/index';
import type { World } from './reliability-world';

export interface Target {
  /** Regex source for the request path, e.g. ^/v1/locations$ */
  path: string;
  method: 'GET' | 'POST';
}

type WriteOutcome = 'done' | 'queued' | ErrorKind;

export interface FaultCase {
  name: string;
  arm(world: World, target: Target, count: number): Promise<void>;
  heal(world: World): Promise<void>;
  /** A read whose first attempt meets the fault (GETs are retried with backoff). */
  readOnce: 'ok' | ErrorKind;
  /** A read whose every attempt meets it; absent when one attempt already tells. */
  readAlways?: ErrorKind;
  /**
   * install / uninstall / move (fault on the request that would change the device). Every
   * action is first a queued intent sent at once; an outcome the server may have applied is
   * settled by reading the device back, and server trouble (5xx, 429) or no connection leaves
   * it queued for a later run. Only a settled refusal comes back as an error.
   */
  write: WriteOutcome;
  createLocation: 'ok' | 'queued' | ErrorKind;
  /** The server did what was asked although the answer never arrived intact. */
  processed: boolean;
  /** The server answered (an error or an unreadable body): the app stays online. */
  answered?: true;
}

export const LATENCY_MS = 300;
export const RETRY_AFTER_S = 1;
/** One first attempt plus the client's three GET retries. */
export const ALL_ATTEMPTS = 4;

const failNext =
  (kind: FaultKind, extra: { afterHandling?: boolean; status?: number } = {}) =>
  async (world: World, target: Target, count: number) => {
    world.setFaults({
      pathPattern: target.path,
      methods: [target.method],
      retryAfterS: kind === 'rate_limit' && count > 1 ? 0 : RETRY_AFTER_S,
      failNext: { count, kind, ...extra },
    });
  };

const clear = async (world: World) => world.sandbox.clearFaults();

export const FAULTS: FaultCase[] = [
  {
    name: `latency ${LATENCY_MS} ms`,
    arm: async (world, target) =>
      world.setFaults({
        pathPattern: target.path,
        methods: [target.method],
        latencyMs: LATENCY_MS,
      }),
    heal: clear,
    readOnce: 'ok',
    write: 'done',
    createLocation: 'ok',
    processed: true,
  },
  {
    name: '5xx (503)',
    arm: failNext('error', { status: 503 }),
    heal: clear,
    readOnce: 'ok',
    readAlways: 'server',
    // Server trouble, not a refusal: kept queued, settled by a later run.
    write: 'queued',
    answered: true,
    createLocation: 'queued',
    processed: false,
  },
  {
    name: `429 with Retry-After ${RETRY_AFTER_S} s`,
    arm: failNext('rate_limit'),
    heal: clear,
    readOnce: 'ok',
    readAlways: 'rate_limited',
    write: 'queued',
    answered: true,
    createLocation: 'queued',
    processed: false,
  },
  {
    name: 'dropped connection',
    arm: failNext('drop'),
    heal: clear,
    readOnce: 'ok',
    readAlways: 'offline',
    write: 'queued',
    createLocation: 'queued',
    processed: false,
  },
  {
    name: 'answer lost after the server acted',
    arm: failNext('drop', { afterHandling: true }),
    heal: clear,
    readOnce: 'ok',
    readAlways: 'offline',
    // Settled at once by reading the device back: it is there, so the action is done.
    write: 'done',
    // The core finds the location it created instead of reporting a failure.
    createLocation: 'ok',
    processed: true,
  },
  {
    name: 'malformed JSON',
    arm: failNext('malformed'),
    heal: clear,
    readOnce: 'bad_response',
    // A 2xx nobody could read may have been applied: the device is read back, shows it was
    // not, and the technician is told (nothing is left half-known in the queue).
    write: 'bad_response',
    answered: true,
    createLocation: 'bad_response',
    processed: false,
  },
  {
    name: 'HTML instead of JSON',
    arm: failNext('html'),
    heal: clear,
    readOnce: 'bad_response',
    // A 2xx nobody could read may have been applied: the device is read back, shows it was
    // not, and the technician is told (nothing is left half-known in the queue).
    write: 'bad_response',
    answered: true,
    createLocation: 'bad_response',
    processed: false,
  },
  {
    name: 'server down',
    arm: (world) => world.takeDown(),
    heal: (world) => world.bringUp(),
    readOnce: 'offline',
    write: 'queued',
    createLocation: 'queued',
    processed: false,
  },
];

/** Requests the sandbox logged for a target (query strings ignored), from log index `since`. */
export const hits = (world: World, target: Target, since = 0): number => {
  const re = new RegExp(target.path);
  return world
    .requests()
    .slice(since)
    .filter((r) => r.method === target.method && re.test(r.path.split('?')[0] ?? '')).length;
};
