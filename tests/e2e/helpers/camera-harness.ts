/**
 * The camera test harness: a Vite build of tests/fixtures/camera (a page that mounts
 * CameraScanner) served from 127.0.0.1 with the app's strict CSP.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { build } from 'vite';
import { buildCsp } from '../../../electron/common/csp';

const FIXTURE = resolve(import.meta.dirname, '../../fixtures/camera');

/** The app's own CSP (the one Electron and browser mode send), so the harness proves the same. */
const STRICT_CSP = buildCsp();

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
};

export async function buildHarness(outDir: string): Promise<void> {
  await build({
    configFile: join(FIXTURE, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function serveStatic(root: string): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    const send = (status: number, body: Buffer | string, type = 'text/plain; charset=utf-8') => {
      res.writeHead(status, {
        'content-type': type,
        'content-security-policy': STRICT_CSP,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      res.end(body);
    };
    if (!file.startsWith(root + sep)) return send(403, 'forbidden');
    readFile(file).then(
      (body) => send(200, body, TYPES[extname(file)] ?? 'application/octet-stream'),
      () => send(404, 'not found'),
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}
