import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeFor, resolveInsideRoot } from '../../../electron/common/renderer-files';

const root = resolve('/srv/renderer');

describe('resolveInsideRoot', () => {
  it('maps ordinary paths into the root', () => {
    expect(resolveInsideRoot(root, '/index.html')).toBe(join(root, 'index.html'));
    expect(resolveInsideRoot(root, '/assets/app-1.js')).toBe(join(root, 'assets', 'app-1.js'));
    expect(resolveInsideRoot(root, '/assets/a%20b.js')).toBe(join(root, 'assets', 'a b.js'));
    expect(resolveInsideRoot(root, '/')).toBe(join(root, 'index.html'));
  });

  it.each([
    '/../etc/passwd',
    '/assets/../../etc/passwd',
    '/%2e%2e/etc/passwd',
    '/%2E%2E%2Fetc%2Fpasswd',
    '/assets/..%2f..%2fpackage.json',
    '/..%5c..%5cwindows',
    '/assets\\..\\..\\x',
    '/C:/Windows/system.ini',
    '/x%00.html',
    '/%E0%A4%A',
    '//etc/passwd',
  ])('refuses %s', (path) => {
    expect(resolveInsideRoot(root, path)).toBeNull();
  });

  it('serves wasm with its real type (streaming compile under the CSP needs it)', () => {
    expect(contentTypeFor('zxing_reader.wasm')).toBe('application/wasm');
    expect(contentTypeFor('index.html')).toContain('text/html');
    expect(contentTypeFor('x.unknown')).toBe('application/octet-stream');
  });
});
