/**
 * The renderer's Content-Security-Policy. Electron serves it on every app:// response; the
 * browser-mode bridge calls buildCsp() too so both hosts enforce the same rules.
 *
 * No 'unsafe-inline' for styles: Svelte emits component CSS into files, and `style:` directives
 * go through the CSSOM, which CSP does not restrict. Static `style="…"` attributes would be
 * blocked, so the renderer uses classes or `style:` instead.
 */
export interface CspOptions {
  /** Extra origins for connect-src (e.g. the bridge's own http://127.0.0.1:port). */
  connectSrc?: readonly string[];
}

// An origin and nothing else: no path, no wildcard, nothing that could end a directive.
const ORIGIN = /^(https?|wss?):\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

export const buildCsp = (options: CspOptions = {}): string => {
  const extra = options.connectSrc ?? [];
  for (const origin of extra) {
    if (!ORIGIN.test(origin)) throw new Error(`Not an origin for connect-src: ${origin}`);
  }
  const directives: [string, string[]][] = [
    ['default-src', ["'none'"]],
    // The barcode decoder compiles WebAssembly; that needs wasm-unsafe-eval, not unsafe-eval.
    ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
    ['worker-src', ["'self'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    // The camera preview is a MediaStream; blob: covers captured frames.
    ['media-src', ["'self'", 'blob:', 'mediastream:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...extra]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
};

export const APP_CSP = buildCsp();
