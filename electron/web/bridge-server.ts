/**
 * Browser mode's loopback HTTP bridge: the built renderer plus one POST route per contract
 * operation and a server-sent event stream, in front of the same core the Electron main
 * process uses. It exists because Electron cannot run on the build machines; it is never part
 * of the packaged app.
 *
 * Defences, because any web page the user visits can send requests to 127.0.0.1:
 * - binds 127.0.0.1 only;
 * - Host must be our loopback host:port (defeats DNS rebinding);
 * - Origin, when present, must be our own origin (defeats cross-site POSTs);
 * - every operation needs the per-run random token in a header, which a cross-origin page
 *   can neither read nor send without a CORS preflight that we never approve;
 * - operations only accept application/json bodies up to a size cap.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { OPERATION_NAMES, type OperationName } from '../contract';
import type { Core } from '../core/core';
import { BRIDGE_EVENTS_PATH, BRIDGE_TOKEN_HEADER, BRIDGE_TOKEN_QUERY } from './bridge-protocol';
import { serveStatic } from './static-files';

const MAX_BODY_BYTES = 1_000_000;
const HEARTBEAT_MS = 15_000;
const OPERATIONS: ReadonlySet<string> = new Set(OPERATION_NAMES);

export interface BridgeOptions {
  core: Core;
  rendererDir: string;
  port?: number;
  /** Fixed token for tests; otherwise 32 random bytes per run. */
  token?: string;
}

export interface RunningBridge {
  /** The address to open: carries the token. */
  url: string;
  origin: string;
  token: string;
  close(): Promise<void>;
}

export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const expected = Buffer.from(token);
  const streams = new Set<ServerResponse>();
  let origin = '';
  let allowedHosts = new Set<string>();

  const tokenMatches = (candidate: string | null | undefined): boolean => {
    if (!candidate) return false;
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: 'internal bridge error' });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    if (!allowedHosts.has(req.headers.host ?? ''))
      return sendJson(res, 421, { error: 'wrong host' });
    const requestOrigin = req.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin) {
      return sendJson(res, 403, { error: 'wrong origin' });
    }
    const url = new URL(req.url ?? '/', origin);

    if (url.pathname.startsWith('/api/op/')) return handleOperation(req, res, url);
    if (url.pathname === BRIDGE_EVENTS_PATH) return handleEvents(req, res, url);
    if (url.pathname.startsWith('/api/')) return sendJson(res, 404, { error: 'unknown route' });
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendJson(res, 405, { error: 'method' });
    return serveStatic(options.rendererDir, url.pathname, origin, req, res);
  }

  async function handleOperation(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'use POST' });
    if (!tokenMatches(headerValue(req, BRIDGE_TOKEN_HEADER))) {
      return sendJson(res, 401, { error: 'missing or wrong bridge token' });
    }
    const name = url.pathname.slice('/api/op/'.length);
    if (!OPERATIONS.has(name)) return sendJson(res, 404, { error: 'unknown operation' });
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendJson(res, 415, { error: 'send application/json' });
    }
    const body = await readBody(req);
    if (body === null) return sendJson(res, 413, { error: 'body too large' });
    let input: unknown;
    try {
      input = body.length === 0 ? {} : JSON.parse(body);
    } catch {
      return sendJson(res, 200, {
        ok: false,
        error: {
          kind: 'validation',
          message: 'The request was not valid JSON.',
          nextStep: 'Reload the page and try again.',
        },
      });
    }
    const text = await options.core.invokeJson(name as OperationName, input);
    res.writeHead(200, jsonHeaders(Buffer.byteLength(text)));
    res.end(text);
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method !== 'GET') return sendJson(res, 405, { error: 'use GET' });
    if (!tokenMatches(url.searchParams.get(BRIDGE_TOKEN_QUERY))) {
      return sendJson(res, 401, { error: 'missing or wrong bridge token' });
    }
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
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  return {
    url: `${origin}/?${BRIDGE_TOKEN_QUERY}=${encodeURIComponent(token)}`,
    origin,
    token,
    async close() {
      unsubscribe();
      for (const stream of streams) stream.end();
      streams.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, jsonHeaders(Buffer.byteLength(body)));
  res.end(body);
}

const jsonHeaders = (length: number) => ({
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': length,
  'Cache-Control': 'no-store',
});
