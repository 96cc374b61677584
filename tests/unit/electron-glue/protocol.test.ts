import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_CSP } from '../../../electron/common/csp';
import {
  contentTypeFor,
  createRendererHandler,
  resolveRendererPath,
} from '../../../electron/main/renderer-files';

const electron = vi.hoisted(() => ({
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
}));
vi.mock('electron', () => electron);

const { registerAppScheme, setupProtocol } = await import('../../../electron/main/protocol');

const SECRET = 'TOP-SECRET-OUTSIDE-RENDERER';
let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'fi-protocol-'));
  root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Field Installer</title>');
  await writeFile(join(root, 'assets', 'app.js'), 'export {};');
  await writeFile(join(root, 'assets', 'app.css'), 'body{}');
  await writeFile(join(root, 'assets', 'zxing_reader.wasm'), new Uint8Array([0, 97, 115, 109]));
  // Files next to and above the renderer root that no request may reach.
  await writeFile(join(base, 'secret.txt'), SECRET);
  await writeFile(join(base, 'renderer-evil.txt'), SECRET);
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Must be refused outright: encoded separators, dot segments, backslashes, NULs, drives, hosts. */
const REJECTED = [
  'app://installer/%2E%2E%2Fsecret.txt',
  'app://installer/assets/..%2f..%2fsecret.txt',
  'app://installer/..%5csecret.txt',
  'app://installer/assets%5c..%5c..%5csecret.txt',
  'app://installer/..\\secret.txt',
  'app://installer/%2e%2e%5c%2e%2e%5csecret.txt',
  'app://installer/%00index.html',
  'app://installer/index.html%00.js',
  'app://installer//etc/passwd',
  'app://installer/%2fetc%2fpasswd',
  'app://installer/C:/Windows/win.ini',
  'app://installer/C%3a%5cWindows%5cwin.ini',
  'app://installer/..%2frenderer-evil.txt',
  'app://installer/%',
  'app://evil/index.html',
  'app://installer:8080/index.html',
  'app://user:pw@installer/index.html',
  'file:///etc/passwd',
  'https://installer/index.html',
];

/** Folded by the URL parser itself (or a literal odd file name): harmless, stays inside root. */
const NORMALISED = [
  'app://installer/../secret.txt',
  'app://installer/%2e%2e/secret.txt',
  'app://installer/assets/../../../secret.txt',
  'app://installer/..%252fsecret.txt',
];

// Request itself refuses URLs with credentials, so those are only checked by the resolver.
const REQUESTABLE = [...REJECTED, ...NORMALISED].filter((url) => !url.includes('@'));

describe('renderer files served over app:// (mocked electron, runs without Electron)', () => {
  it.each(REJECTED)('refuses to resolve %s', (url) => {
    expect(resolveRendererPath(root, url)).toBeNull();
  });

  it.each(NORMALISED)('resolves %s to a path inside the renderer root', (url) => {
    expect(resolveRendererPath(root, url)?.startsWith(root + sep)).toBe(true);
  });

  it.each(REQUESTABLE)('answers %s with 404 and never with an outside file', async (url) => {
    const response = await createRendererHandler(root)(new Request(url));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(SECRET);
    expect(response.headers.get('content-security-policy')).toBe(APP_CSP);
  });

  it('serves index.html for the root and for a directory path', async () => {
    for (const url of ['app://installer/', 'app://installer/index.html?x=1#top']) {
      const response = await createRendererHandler(root)(new Request(url));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('<title>Field Installer</title>');
    }
  });

  it('answers a directory itself and a missing file with 404', async () => {
    const handler = createRendererHandler(root);
    expect((await handler(new Request('app://installer/assets'))).status).toBe(404);
    expect((await handler(new Request('app://installer/nope.js'))).status).toBe(404);
  });

  it.each([
    ['assets/app.js', 'text/javascript; charset=utf-8'],
    ['assets/app.css', 'text/css; charset=utf-8'],
    ['assets/zxing_reader.wasm', 'application/wasm'],
  ])('serves %s as %s with the CSP and nosniff headers', async (path, type) => {
    const response = await createRendererHandler(root)(new Request(`app://installer/${path}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('knows the types the renderer bundle uses and falls back to octet-stream', () => {
    expect(contentTypeFor('a/b.SVG')).toBe('image/svg+xml');
    expect(contentTypeFor('font.woff2')).toBe('font/woff2');
    expect(contentTypeFor('x.mjs')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('x.exe')).toBe('application/octet-stream');
    expect(contentTypeFor('Makefile')).toBe('application/octet-stream');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await createRendererHandler(root)(
      new Request('app://installer/index.html', { method: 'POST', body: 'x' }),
    );
    expect(response.status).toBe(405);
  });

  it('registers app: as a standard, secure, fetch-capable scheme and handles it', () => {
    registerAppScheme();
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      {
        scheme: 'app',
        privileges: expect.objectContaining({
          standard: true,
          secure: true,
          supportFetchAPI: true,
        }),
      },
    ]);
    const privileges =
      electron.protocol.registerSchemesAsPrivileged.mock.calls[0]?.[0]?.[0]?.privileges;
    // bypassCSP would switch off the policy this module serves.
    expect(privileges?.bypassCSP).toBeUndefined();
    setupProtocol(root);
    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
  });
});
