/**
 * The sockets side: reads bodies (1 MB cap), routes /v1 to the API (through fault injection)
 * and /_sandbox to the control routes (loopback clients only), writes replies, keeps the log.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleApi, usernameOf } from './api';
import type { Dialect } from './dialects';
import { renderError } from './dialects/errors';
import type { FaultDecision, FaultEngine } from './faults';
import { errorReply, ApiError, type Reply } from './http-kit';
import type { SandboxState } from './state';
import type { RequestLogEntry } from './types';

export const MAX_BODY_BYTES = 1024 * 1024;

const PROXY_PAGE =
  '<!doctype html><html><head><title>Network login</title></head><body><h1>Corporate network</h1>' +
  '<form method="post" action="/login"><label>User <input name="u"></label><label>Password <input name="p" type="password"></label>' +
  '<button>Sign in</button></form></body></html>';

export interface HandlerDeps {
  state: SandboxState;
  faults: FaultEngine;
  control: (method: string, path: string, body: string) => Reply;
  log: (line: string) => void;
  requests: RequestLogEntry[];
  /** Responses left hanging on purpose; destroyed on close. */
  stalled: Set<ServerResponse>;
  /** How /v1 answers are spelled. */
  dialect: Dialect;
  /** 'http' or 'https', for absolute URLs in answers. */
  scheme: 'http' | 'https';
  /** The listening origin, used when a request has no usable Host header. */
  origin: () => string;
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The origin the client addressed, so next-page and Location URLs stay on it. */
const originOf = (deps: HandlerDeps, req: IncomingMessage): string => {
  const host = req.headers.host;
  return host && HOST.test(host) ? `${deps.scheme}://${host}` : deps.origin();
};

export const isLoopback = (addr: string | undefined): boolean =>
  !!addr && (addr === '::1' || addr.startsWith('127.') || addr.startsWith('::ffff:127.'));

const readBody = (req: IncomingMessage): Promise<string | 'too_large'> =>
  new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      req.resume();
      resolve('too_large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? 'too_large' : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, reply: Reply): void => {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.raw) {
    headers['content-type'] = reply.raw.type;
    headers['content-length'] = String(Buffer.byteLength(reply.raw.text));
    res.writeHead(reply.status, headers).end(reply.raw.text);
    return;
  }
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  const text = JSON.stringify(reply.body);
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = String(Buffer.byteLength(text));
  res.writeHead(reply.status, headers).end(text);
};

/** Replaces (or, for 'stall', mangles) the real reply; returns the status written, 0 for a drop. */
const misbehave = (
  deps: HandlerDeps,
  decision: FaultDecision,
  req: IncomingMessage,
  res: ServerResponse,
  real: Reply | null,
): number => {
  const retryAfter = String(deps.faults.current().retryAfterS);
  switch (decision.kind) {
    case 'error':
      send(
        res,
        renderError(
          deps.dialect.errors,
          new ApiError(decision.status, 'internal_error', 'Simulated server failure.'),
        ),
      );
      return decision.status;
    case 'rate_limit':
      send(
        res,
        renderError(
          deps.dialect.errors,
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
      res
        .writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(text)),
        })
        .end(text);
      return 200;
    }
    case 'stall': {
      const full = JSON.stringify(
        real?.body ?? {
          data: [],
          meta: { page: 1, per_page: 100, total_count: 0, total_pages: 0 },
        },
      );
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(full)),
      });
      res.write(full.slice(0, Math.floor(full.length / 2)));
      deps.stalled.add(res);
      res.on('close', () => deps.stalled.delete(res));
      return 200;
    }
    case 'html':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PROXY_PAGE);
      return 200;
    default:
      return 0;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const createHandler =
  (deps: HandlerDeps) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const entry: RequestLogEntry = {
      method,
      path: url.pathname + url.search,
      username: usernameOf(req.headers.authorization),
      status: 0,
    };
    const finish = (status: number) => {
      entry.status = status;
      deps.requests.push(entry);
      deps.log(
        `${method} ${entry.path} → ${status === 0 ? 'dropped' : status} ${Date.now() - started}ms user=${entry.username ?? '-'}`,
      );
    };
    try {
      const body = await readBody(req);
      if (body === 'too_large') {
        res.setHeader('connection', 'close');
        send(
          res,
          renderError(
            deps.dialect.errors,
            new ApiError(
              413,
              'payload_too_large',
              `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`,
            ),
          ),
        );
        finish(413);
        return;
      }
      if (url.pathname.startsWith('/_sandbox/')) {
        const reply = isLoopback(req.socket.remoteAddress)
          ? deps.control(method, url.pathname, body)
          : errorReply(
              new ApiError(403, 'forbidden', 'Control routes answer loopback clients only.'),
            );
        send(res, reply);
        finish(reply.status);
        return;
      }
      if (url.pathname !== '/v1' && !url.pathname.startsWith('/v1/')) {
        send(
          res,
          renderError(
            deps.dialect.errors,
            new ApiError(404, 'not_found', 'There is no such endpoint; the API lives under /v1.'),
          ),
        );
        finish(404);
        return;
      }
      const decision = deps.faults.decide(method, url.pathname);
      if (decision.delayMs > 0) await sleep(decision.delayMs);
      const run = (): Reply =>
        handleApi(
          deps.state,
          {
            method,
            path: url.pathname.slice(3) || '/',
            query: url.searchParams,
            authorization: req.headers.authorization,
            body,
            origin: originOf(deps, req),
          },
          deps.dialect,
        );
      if (decision.kind === null) {
        const reply = run();
        send(res, reply);
        finish(reply.status);
        return;
      }
      // GETs change nothing, so their real body can be the one that gets mangled.
      finish(
        misbehave(
          deps,
          decision,
          req,
          res,
          decision.afterHandling || method === 'GET' ? run() : null,
        ),
      );
    } catch (e) {
      if (!res.headersSent)
        send(
          res,
          renderError(
            deps.dialect.errors,
            new ApiError(
              500,
              'internal_error',
              e instanceof Error ? e.message : 'Unexpected error.',
            ),
          ),
        );
      finish(500);
    }
  };
