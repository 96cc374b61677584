/**
 * A proxy failure carrying Chromium's error name as its `code` (ERR_PROXY_*, ERR_TUNNEL_*…),
 * like Node's network errors carry theirs: the core words every such code as a proxy problem
 * (error kind `proxy`), not as "the Wi-Fi is down". Made by the app's fetch (electron/main/
 * api-fetch.ts, from Chromium's messages) and browser mode's (electron/web/web-fetch.ts, from
 * undici's tunnel answers).
 */
export class ProxyError extends Error {
  readonly code: string;
  constructor(code: string, cause: unknown) {
    super(`net::${code}`, { cause });
    this.name = 'ProxyError';
    this.code = code;
  }
}
