/**
 * The test-only half of the sandbox, plugged into the shared handler (../server.ts) by the
 * test entry (../index.ts): /_sandbox control routes (loopback clients only) and fault
 * injection on /v1. Never imported by the app: training mode uses ../training-server.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dialect } from '../dialects';
import { renderError } from '../dialects/errors';
import { ApiError, errorReply, type Reply } from '../http-kit';
import { send, type SandboxKit } from '../server';
import type { SandboxState } from '../state';
import { createControl } from './control';
import type { FaultDecision, FaultEngine } from './faults';

const PROXY_PAGE =
  '<!doctype html><html><head><title>Network login</title></head><body><h1>Corporate network</h1>' +
  '<form method="post" action="/login"><label>User <input name="u"></label><label>Password <input name="p" type="password"></label>' +
  '<button>Sign in</button></form></body></html>';

export const isLoopback = (addr: string | undefined): boolean =>
  !!addr && (addr === '::1' || addr.startsWith('127.') || addr.startsWith('::ffff:127.'));

/** JSON headers with the whole body's length, whether or not all of it is then sent. */
const jsonHead = (res: ServerResponse, whole: string): ServerResponse =>
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(whole)),
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface TestKit extends SandboxKit {
  /** Destroys the responses left hanging on purpose ('stall'); called on close. */
  releaseStalled(): void;
}

/** Replaces (or, for 'stall', mangles) the real reply; returns the status written, 0 for a drop. */
const misbehave = (
  dialect: Dialect,
  faults: FaultEngine,
  stalled: Set<ServerResponse>,
  decision: FaultDecision,
  req: IncomingMessage,
  res: ServerResponse,
  real: Reply | null,
): number => {
  const retryAfter = String(faults.current().retryAfterS);
  switch (decision.kind) {
    case 'error':
      send(
        res,
        renderError(
          dialect.errors,
          new ApiError(decision.status, 'internal_error', 'Simulated server failure.'),
        ),
      );
      return decision.status;
    case 'rate_limit':
      send(
        res,
        renderError(
          dialect.errors,
          new ApiError(
            429,
            'rate_limited',
            'Too many requests; retry later.',
            { retry_after_s: Number(retryAfter) },
            { 'retry-after': retryAfter },
          ),
        ),
      );
      return 429;
    case 'drop':
      req.socket.destroy();
      return 0;
    case 'malformed': {
      const full = JSON.stringify(
        real?.body ?? {
          data: [{ serial_number: 'FTC-TRUNCATED', device_type_name: 'Door Counter DC-200' }],
        },
      );
      const text = full.slice(0, Math.max(1, Math.floor(full.length / 2)));
      jsonHead(res, text).end(text);
      return 200;
    }
    case 'stall': {
      const full = JSON.stringify(
        real?.body ?? {
          data: [],
          meta: { page: 1, per_page: 100, total_count: 0, total_pages: 0 },
        },
      );
      jsonHead(res, full).write(full.slice(0, Math.floor(full.length / 2)));
      stalled.add(res);
      res.on('close', () => stalled.delete(res));
      return 200;
    }
    case 'html':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PROXY_PAGE);
      return 200;
    case 'unknown_shape': {
      // Well-formed JSON and a list, but its items have no field any reader knows.
      const text = JSON.stringify({ data: [{ reading: { kind: 'people', amount: 'many' } }] });
      jsonHead(res, text).end(text);
      return 200;
    }
    default:
      return 0;
  }
};

export const createTestKit = (
  state: SandboxState,
  faults: FaultEngine,
  dialect: Dialect,
): TestKit => {
  const control = createControl(state, faults);
  const stalled = new Set<ServerResponse>();
  return {
    control: (req, method, path, body) => {
      if (!path.startsWith('/_sandbox/')) return null;
      return isLoopback(req.socket.remoteAddress)
        ? control(method, path, body)
        : errorReply(
            new ApiError(403, 'forbidden', 'Control routes answer loopback clients only.'),
          );
    },
    intercept: async (req, res, method, path, run) => {
      const decision = faults.decide(method, path);
      if (decision.delayMs > 0) await sleep(decision.delayMs);
      if (decision.kind === null) return null;
      // GETs change nothing, so their real body can be the one that gets mangled.
      return misbehave(
        dialect,
        faults,
        stalled,
        decision,
        req,
        res,
        decision.afterHandling || method === 'GET' ? run() : null,
      );
    },
    releaseStalled: () => {
      for (const res of stalled) res.destroy();
    },
  };
};
