/**
 * Maps app://installer/<path> requests to files under dist/renderer and answers them.
 * No Electron imports: it is a (Request) => Response function, tested in plain Node.
 */
import { readFile, stat } from 'node:fs/promises';
import { contentTypeFor, resolveInsideRoot } from '../common/renderer-files';

export { contentTypeFor };
import { APP_CSP } from '../common/csp';
import { isAppUrl } from './app-origin';

/**
 * The file an app:// request URL names, or null when it is not ours or could leave `root`.
 */
export const resolveRendererPath = (root: string, requestUrl: string): string | null =>
  isAppUrl(requestUrl) ? resolveInsideRoot(root, new URL(requestUrl).pathname) : null;

const baseHeaders = (): Record<string, string> => ({
  'Content-Security-Policy': APP_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cache-Control': 'no-cache',
});

const notFound = (): Response =>
  new Response('Not found', {
    status: 404,
    headers: { ...baseHeaders(), 'Content-Type': 'text/plain; charset=utf-8' },
  });

export const createRendererHandler =
  (root: string) =>
  async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: baseHeaders() });
    }
    const file = resolveRendererPath(root, request.url);
    if (file === null) return notFound();
    try {
      if (!(await stat(file)).isFile()) return notFound();
      const body = request.method === 'HEAD' ? null : await readFile(file);
      return new Response(body, {
        status: 200,
        headers: { ...baseHeaders(), 'Content-Type': contentTypeFor(file) },
      });
    } catch {
      return notFound();
    }
  };
