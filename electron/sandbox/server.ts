/**
 * The sockets side: checks the Host header (when asked), reads bodies (1 MB cap), routes /v1
 * to the API, writes replies, keeps the log. Shipped with the app (training mode): fault
 * injection and the /_sandbox control routes are not here but in ./test-kit, plugged in
 * through `SandboxKit` by the test entry (./index.ts) only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleApi, usernameOf } from './api';
import type { Dialect } from './dialects';
import { renderError } from './dialects/errors';
import { errorReply, ApiError, type Reply } from './http-kit';
import type { SandboxState } from './state';
import type { RequestLogEntry } from './types';

const MAX_BODY_BYTES = 1024 * 1024;

/** Test-only additions to the handler (./test-kit): control routes and fault injection. */
export interface SandboxKit {
  /** Answers a path outside /v1 that the kit owns; null when the path is not the kit's. */
  control?(req: IncomingMessage, method: string, path: string, body: string): Reply | null;
  /**
   * Wraps one /v1 request: may delay it or answer in its place (`run` computes the real reply).
   * Resolves to the status written (0 = dropped), or null to let the request through.
   */
  intercept?(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    run: () => Reply,
  ): Promise<number | null>;
}

export interface HandlerDeps {
  state: SandboxState;
  log: (line: string) => void;
  /** Where each request is recorded; omitted = no request log. */
  requests?: RequestLogEntry[];
  /** How /v1 answers are spelled. */
  dialect: Dialect;
  /** 'http' or 'https', for absolute URLs in answers. */
  scheme: 'http' | 'https';
  /** The listening origin, used when a request has no usable Host header. */
  origin: () => string;
  /**
   * When set, only requests whose Host header (lower-cased) is one of these are served;
   * anything else gets a 421. Stops pages on other local origins (DNS rebinding) from
   * talking to the server.
   */
  allowedHosts?: () => ReadonlySet<string>;
  kit?: SandboxKit;
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The origin the client addressed, so next-page and Location URLs stay on it. */
const originOf = (deps: HandlerDeps, req: IncomingMessage): string => {
  const host = req.headers.host;
  return host && HOST.test(host) ? `${deps.scheme}://${host}` : deps.origin();
};

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

export const send = (res: ServerResponse, reply: Reply): void => {
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
      receivedAt: started,
    };
    const finish = (status: number) => {
      entry.status = status;
      deps.requests?.push(entry);
      deps.log(
        `${method} ${entry.path} → ${status === 0 ? 'dropped' : status} ${Date.now() - started}ms user=${entry.username ?? '-'}`,
      );
    };
    try {
      const allowed = deps.allowedHosts?.();
      if (allowed && !allowed.has((req.headers.host ?? '').toLowerCase())) {
        // Not read: the body of a request we will not serve.
        res.setHeader('connection', 'close');
        send(
          res,
          errorReply(
            new ApiError(421, 'misdirected_request', 'This server does not answer for that host.'),
          ),
        );
        finish(421);
        return;
      }
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
      const own = deps.kit?.control?.(req, method, url.pathname, body) ?? null;
      if (own) {
        send(res, own);
        finish(own.status);
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
            ifNoneMatch: req.headers['if-none-match'],
            ifModifiedSince: req.headers['if-modified-since'],
          },
          deps.dialect,
        );
      const intercepted = deps.kit?.intercept
        ? await deps.kit.intercept(req, res, method, url.pathname, run)
        : null;
      if (intercepted !== null) {
        finish(intercepted);
        return;
      }
      const reply = run();
      send(res, reply);
      finish(reply.status);
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
