import { describe, expect, it } from 'vitest';
import { APP_CSP, buildCsp } from '../../../electron/common/csp';

const directives = (csp: string): Map<string, string[]> =>
  new Map(
    csp.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );

describe('content security policy', () => {
  const parsed = directives(APP_CSP);

  it('denies by default and forbids plugins, base changes, forms and framing', () => {
    expect(parsed.get('default-src')).toEqual(["'none'"]);
    expect(parsed.get('object-src')).toEqual(["'none'"]);
    expect(parsed.get('base-uri')).toEqual(["'none'"]);
    expect(parsed.get('form-action')).toEqual(["'none'"]);
    expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('names no remote origin and no wildcard anywhere', () => {
    for (const [name, sources] of parsed) {
      for (const source of sources) {
        expect(source, `${name} ${source}`).not.toMatch(/^(https?|wss?):|\*/);
      }
    }
  });

  it('allows WebAssembly for the decoder but never eval or inline code', () => {
    expect(parsed.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(APP_CSP).not.toContain("'unsafe-eval'");
    expect(APP_CSP).not.toContain("'unsafe-inline'");
    expect(parsed.get('style-src')).toEqual(["'self'"]);
  });

  it('lets the page talk only to its own origin', () => {
    expect(parsed.get('connect-src')).toEqual(["'self'"]);
  });

  it('lets the camera preview play a MediaStream', () => {
    expect(parsed.get('media-src')).toEqual(
      expect.arrayContaining(["'self'", 'mediastream:', 'blob:']),
    );
  });

  it('adds an explicit origin to connect-src for the browser bridge', () => {
    const bridge = directives(buildCsp({ connectSrc: ['http://127.0.0.1:43123'] }));
    expect(bridge.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:43123']);
    expect(bridge.get('script-src')).toEqual(parsed.get('script-src'));
  });

  it.each([
    'http://127.0.0.1:1; script-src *',
    '*',
    'https://*.example.com',
    'http://127.0.0.1:1/path',
    "'unsafe-eval'",
    'data:',
  ])('refuses %s as a connect-src origin (no directive injection)', (origin) => {
    expect(() => buildCsp({ connectSrc: [origin] })).toThrow(/Not an origin/);
  });
});
