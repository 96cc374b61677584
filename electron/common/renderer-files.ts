/**
 * Maps a request path to a file of the built renderer, for both the Electron app:// protocol
 * and the browser-mode bridge. No Electron imports: unit-tested in Node.
 */
import { extname, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  // Served with its real type so WebAssembly.instantiateStreaming works under the CSP.
  '.wasm': 'application/wasm',
};

export const contentTypeFor = (file: string): string =>
  CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * The absolute file for a URL path, or null when the path is malformed or would leave the
 * root (../, encoded ../, backslashes, NUL bytes, absolute drive paths).
 */
export function resolveInsideRoot(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || /^\/?[A-Za-z]:/.test(decoded)) return null;
  if (decoded.split('/').some((part) => part === '..')) return null;
  const base = resolve(root);
  const file = resolve(base, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  return file.startsWith(base + sep) ? file : null;
}
