/**
 * Serves the built renderer in browser mode with the same strict CSP the Electron app uses.
 * Paths are resolved with resolveInsideRoot so nothing outside dist/renderer can be read.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentTypeFor, resolveInsideRoot } from '../common/renderer-files';
import { buildCsp } from '../common/csp';

export async function serveStatic(
  root: string,
  pathname: string,
  _origin: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const file = resolveInsideRoot(root, pathname);
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found');
    return;
  }
  res.writeHead(200, {
    'Content-Type': contentTypeFor(file),
    'Content-Length': info.size,
    'Content-Security-Policy': buildCsp(),
    // index.html must be revalidated so a rebuilt renderer is picked up; hashed assets may cache.
    'Cache-Control': file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}
