/**
 * Maps a request path to a file of the built renderer, for both the Electron app:// protocol
 * and the browser-mode bridge. No Electron imports: unit-tested in Node.
 */
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

const CONTENT_TYPES: ReadonlyMap<string, string> = new Map([
  ['.html', 'text/html; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.mjs', 'text/javascript; charset=utf-8'],
  ['.css', 'text/css; charset=utf-8'],
  ['.json', 'application/json; charset=utf-8'],
  ['.webmanifest', 'application/manifest+json; charset=utf-8'],
  // WebAssembly.instantiateStreaming refuses anything but application/wasm.
  ['.wasm', 'application/wasm'],
  ['.svg', 'image/svg+xml'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.gif', 'image/gif'],
  ['.webp', 'image/webp'],
  ['.ico', 'image/x-icon'],
  ['.woff', 'font/woff'],
  ['.woff2', 'font/woff2'],
  ['.ttf', 'font/ttf'],
  ['.txt', 'text/plain; charset=utf-8'],
]);

export const contentTypeFor = (filePath: string): string =>
  CONTENT_TYPES.get(extname(filePath).toLowerCase()) ?? 'application/octet-stream';

/**
 * The file a URL path names under `root`, or null when it is malformed or could leave it.
 * Checks run on the decoded path, so %2e%2e%2f and %5c are caught like ../ and \.
 */
export const resolveInsideRoot = (root: string, pathname: string): string | null => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.endsWith('/')) decoded += 'index.html';
  const segments = decoded.split('/').slice(1);
  const suspicious = segments.some((s) => s === '' || s === '.' || s === '..' || /[\\:\0]/.test(s));
  if (suspicious) return null;
  const base = resolve(root);
  const target = resolve(base, ...segments);
  const rel = relative(base, target);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
  return target;
};
