/**
 * Browser mode's loopback HTTP bridge: the built renderer plus one POST route per contract
 * operation and a server-sent event stream, in front of the same core the Electron main
 * process uses. It exists because Electron cannot run on the build machines; it is never part
 * of the packaged app.
 *
 * Defences, because any web page the user visits can send requests to 127.0.0.1:
 * - binds 127.0.0.1 only;
 * - Host must be our loopback host:port (defeats DNS rebinding);
 * - Origin, when present, must be our own origin, and Sec-Fetch-Site, when present, must say
 *   same-origin (defeats cross-site and same-site cross-origin requests);
 * - the printed URL's per-run random token is good for one exchange (POST /api/session) for a
 *   session cookie (HttpOnly, SameSite=Strict, Path=/, no Domain) and a session secret, both
 *   random values kept only in this process's memory. Operations, the socket and the event
 *   stream need both (decision 71): cookies ignore ports, so Chromium sends the cookie to any
 *   local server the user browses to, which could replay it — the secret, which the page
 *   sends itself (a header, the socket's subprotocol list, the stream's query), it cannot
 *   have. A token from the browser's history is dead, so it opens nothing;
 * - the operation socket (bridge-socket.ts) passes the same gates, with Origin required;
 * - operations only accept application/json bodies up to a size cap: a declared size over
 *   the cap is refused before reading, a body that grows past it is cut off, and either way
 *   the connection is closed at once (never read to the end);
 * - a request must arrive in time (headers and body, 10 s): a slow one gets 408 and is closed;
 * - an error answer echoes little: an oversized one (a validation error naming 10,000
 *   unknown keys) is clipped to a few fields of a few hundred characters.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { OPERATION_NAMES, type OperationName } from '../shared';
import type { Core } from '../core/core';
import {
  BRIDGE_EVENTS_PATH,
  BRIDGE_SECRET_HEADER,
  BRIDGE_SECRET_QUERY,
  BRIDGE_SESSION_PATH,
  BRIDGE_SOCKET_PATH,
  BRIDGE_TOKEN_QUERY,
  bridgeCookieName,
  bridgeSecretProtocol,
} from '../shared/bridge-protocol';
import { createBridgeSocket } from './bridge-socket';
import { clipErrorAnswer } from './error-echo';
import { serveStatic } from './static-files';

const MAX_BODY_BYTES = 1_000_000;
/** `{"token": "<43 base64url characters>"}` and some slack. */
const MAX_SESSION_BODY_BYTES = 1_024;
const REQUEST_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 15_000;
const OPERATIONS: ReadonlySet<string> = new Set(OPERATION_NAMES);

export interface BridgeOptions {
  core: Core;
  rendererDir: string;
  port?: number;
  /** Fixed token for tests; otherwise 32 random bytes per run. */
  token?: string;
  /** How long a request's headers, and then its body, may take to arrive (default 10 s). */
  requestTimeoutMs?: number;
}

export interface RunningBridge {
  /** The address to open: carries the single-use token. */
  url: string;
  origin: string;
  /** The single-use token (for tests; the URL carries it too). */
  token: string;
  /** The session cookie's name (its value never leaves the bridge but in Set-Cookie). */
  cookieName: string;
  close(): Promise<void>;
}

type Body =
  { kind: 'ok'; text: string } | { kind: 'too-large' } | { kind: 'timeout' } | { kind: 'aborted' };

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const timeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  /** Set to null by the one exchange it is good for. */
  let unusedToken: Buffer | null = Buffer.from(token);
  /** The session cookie's value and the page's secret once the token was exchanged; memory only. */
  let session: { cookie: Buffer; secret: Buffer } | null = null;
  const streams = new Set<ServerResponse>();
  let origin = '';
  let cookieName = '';
  let allowedHosts = new Set<string>();

  const sameSecret = (candidate: string | null | undefined, secret: Buffer | null): boolean => {
    if (!candidate || !secret) return false;
    const given = Buffer.from(candidate);
    return given.length === secret.length && timingSafeEqual(given, secret);
  };
  /** The cookie, and the secret the page sends itself (a cookie alone opens nothing). */
  const hasSession = (req: IncomingMessage): boolean =>
    session !== null &&
    sameSecret(cookieValue(req.headers.cookie, cookieName), session.cookie) &&
    sameSecret(presentedSecret(req, origin), session.secret);

  const server: Server = createServer(
    {
      // Node answers 408 and closes when headers (or, as a backstop, the whole request) take
      // too long; the body's own deadline below answers first. Checked every ≤ 1 s, not the
      // default 30 s, so a slow request is not held 40 s.
      headersTimeout: timeoutMs,
      requestTimeout: timeoutMs * 2,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(timeoutMs / 4))),
    },
    (req, res) => {
      void handle(req, res).catch(() => {
        if (!res.headersSent) sendJson(req, res, 500, { error: 'internal bridge error' });
        else res.destroy();
      });
    },
  );

  const socket = createBridgeSocket(
    options.core,
    {
      allows: (req) =>
        allowedHosts.has(req.headers.host ?? '') &&
        req.headers.origin === origin &&
        new URL(req.url ?? '/', origin).pathname === BRIDGE_SOCKET_PATH &&
        hasSession(req),
    },
    MAX_BODY_BYTES,
  );
  server.on('upgrade', (req, stream, head) => socket.upgrade(req, stream, head));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    if (!allowedHosts.has(req.headers.host ?? ''))
      return sendJson(req, res, 421, { error: 'wrong host' });
    const requestOrigin = req.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin) {
      return sendJson(req, res, 403, { error: 'wrong origin' });
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && declaresBody(req)) {
      return sendJson(req, res, 400, { error: 'a GET carries no body' });
    }
    const url = new URL(req.url ?? '/', origin);

    if (url.pathname.startsWith('/api/')) {
      const site = headerValue(req, 'sec-fetch-site');
      if (site !== undefined && site !== 'same-origin')
        return sendJson(req, res, 403, { error: 'wrong site' });
      if (url.pathname === BRIDGE_SESSION_PATH) return handleSession(req, res);
      if (url.pathname.startsWith('/api/op/')) return handleOperation(req, res, url);
      if (url.pathname === BRIDGE_EVENTS_PATH) return handleEvents(req, res);
      return sendJson(req, res, 404, { error: 'unknown route' });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendJson(req, res, 405, { error: 'method' });
    return serveStatic(options.rendererDir, url.pathname, origin, req, res);
  }

  /** Reads a JSON body within the size cap and the deadline, or answers and closes. */
  async function jsonBody(
    req: IncomingMessage,
    res: ServerResponse,
    limit: number,
  ): Promise<string | null> {
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      sendJson(req, res, 415, { error: 'send application/json' });
      return null;
    }
    const body = await readBody(req, limit, timeoutMs);
    if (body.kind === 'ok') return body.text;
    if (body.kind === 'too-large') sendJson(req, res, 413, { error: 'body too large' });
    else if (body.kind === 'timeout') sendJson(req, res, 408, { error: 'body too slow' });
    else res.destroy();
    return null;
  }

  async function handleSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return sendJson(req, res, 405, { error: 'use POST' });
    const body = await jsonBody(req, res, MAX_SESSION_BODY_BYTES);
    if (body === null) return;
    let given: unknown;
    try {
      given = (JSON.parse(body) as { token?: unknown } | null)?.token;
    } catch {
      given = undefined;
    }
    if (typeof given !== 'string' || !sameSecret(given, unusedToken)) {
      return sendJson(req, res, 401, { error: 'wrong or used token' });
    }
    unusedToken = null; // single use, before anything else can run
    const value = randomBytes(32).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    session = { cookie: Buffer.from(value), secret: Buffer.from(secret) };
    const answer = JSON.stringify({ secret });
    res.writeHead(200, {
      ...jsonHeaders(Buffer.byteLength(answer)),
      'Set-Cookie': `${cookieName}=${value}; Path=/; HttpOnly; SameSite=Strict`,
    });
    res.end(answer);
  }

  async function handleOperation(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method !== 'POST') return sendJson(req, res, 405, { error: 'use POST' });
    if (!hasSession(req)) return sendJson(req, res, 401, { error: 'no bridge session' });
    const name = url.pathname.slice('/api/op/'.length);
    if (!OPERATIONS.has(name)) return sendJson(req, res, 404, { error: 'unknown operation' });
    const body = await jsonBody(req, res, MAX_BODY_BYTES);
    if (body === null) return;
    let input: unknown;
    try {
      input = body.length === 0 ? {} : JSON.parse(body);
    } catch {
      return sendJson(req, res, 200, {
        ok: false,
        error: { kind: 'validation', code: 'request_not_json' },
      });
    }
    const text = clipErrorAnswer(await options.core.invokeJson(name as OperationName, input));
    res.writeHead(200, jsonHeaders(Buffer.byteLength(text)));
    res.end(text);
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'GET') return sendJson(req, res, 405, { error: 'use GET' });
    if (!hasSession(req)) return sendJson(req, res, 401, { error: 'no bridge session' });
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    streams.add(res);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    req.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(res);
    });
  }

  const unsubscribe = options.core.onEvent((event) => {
    const frame = `data: ${JSON.stringify(event)}\n\n`;
    for (const stream of streams) stream.write(frame);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  cookieName = bridgeCookieName(port);
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  return {
    url: `${origin}/?${BRIDGE_TOKEN_QUERY}=${encodeURIComponent(token)}`,
    origin,
    token,
    cookieName,
    async close() {
      unsubscribe();
      socket.close();
      for (const stream of streams) stream.end();
      streams.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function headerValue(
  req: IncomingMessage,
  name: 'sec-fetch-site' | typeof BRIDGE_SECRET_HEADER,
): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The session secret a request carries: an operation's header, one of the socket's offered
 * subprotocols, or the event stream's query (neither a WebSocket nor an EventSource sends
 * headers of the page's).
 */
function presentedSecret(req: IncomingMessage, origin: string): string | null {
  const header = headerValue(req, BRIDGE_SECRET_HEADER);
  if (header !== undefined) return header;
  const prefix = bridgeSecretProtocol('');
  const offered = (req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith(prefix));
  if (offered !== undefined) return offered.slice(prefix.length);
  const url = new URL(req.url ?? '/', origin || 'http://127.0.0.1');
  return url.pathname === BRIDGE_EVENTS_PATH ? url.searchParams.get(BRIDGE_SECRET_QUERY) : null;
}

const declaresBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** One cookie's value from a Cookie header, or null. */
function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The body as text, unless it is (or becomes) larger than `limit` or does not arrive within
 * `deadlineMs`. A declared Content-Length over the cap is refused before a byte is read.
 */
function readBody(req: IncomingMessage, limit: number, deadlineMs: number): Promise<Body> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (!Number.isFinite(declared) || declared > limit) {
    return Promise.resolve({ kind: 'too-large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Body) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish({ kind: 'too-large' });
      else chunks.push(chunk);
    };
    const onEnd = () => finish({ kind: 'ok', text: Buffer.concat(chunks).toString('utf8') });
    const onError = () => finish({ kind: 'aborted' });
    const onClose = () => {
      if (!req.complete) finish({ kind: 'aborted' });
    };
    const timer = setTimeout(() => finish({ kind: 'timeout' }), deadlineMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/**
 * A small JSON answer. When the request's body has not been read to its end (a refusal
 * before reading, a body cut off at the cap or the deadline), the connection is closed after
 * the answer instead of reading the rest of the body to keep it alive.
 */
function sendJson(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  const headers: Record<string, string | number> = jsonHeaders(Buffer.byteLength(body));
  if (!req.complete) headers.Connection = 'close';
  res.writeHead(status, headers);
  res.end(body);
}

const jsonHeaders = (length: number): Record<string, string | number> => ({
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': length,
  'Cache-Control': 'no-store',
});
