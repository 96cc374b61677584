/**
 * How the renderer talks to the browser-mode bridge (shared by both sides; no imports so the
 * renderer bundle stays tiny). The printed page URL carries `?token=…`, good for one use: the
 * renderer removes it from the address bar before anything renders and trades it once for a
 * session cookie (HttpOnly, SameSite=Strict, Path=/), which every later request carries by
 * itself. A token from history is dead; reload and Back keep working through the cookie.
 */
export const BRIDGE_TOKEN_QUERY = 'token';
/** POST `{"token": "…"}` (application/json): 204 with Set-Cookie, or 401 (wrong or used). */
export const BRIDGE_SESSION_PATH = '/api/session';
/** POST with a JSON body (the operation input); answers 200 with an Envelope. */
export const bridgeOperationPath = (name: string): string => `/api/op/${name}`;
/** WebSocket: `{"id": n, "op": name, "input": …}` → `{"id": n, "answer": Envelope}`, the
 * page's fast path for operations (the POST route is its fallback and the tools' way in). */
export const BRIDGE_SOCKET_PATH = '/api/socket';
/** Server-sent events, one PushEvent JSON per `data:` line (the cookie authorises it). */
export const BRIDGE_EVENTS_PATH = '/api/events';
/** The session cookie's name. Cookies ignore ports, so the port is in the name: two bridges
 * on one host in one browser do not overwrite each other's session. */
export const bridgeCookieName = (port: number | string): string => `fi_bridge_${port}`;
