/**
 * How the renderer talks to the browser-mode bridge (shared by both sides; no imports so the
 * renderer bundle stays tiny). The printed page URL carries `?token=…`, good for one use: the
 * renderer removes it from the address bar before anything renders and trades it once for a
 * session cookie (HttpOnly, SameSite=Strict, Path=/) and a session secret. Every request needs
 * both (decision 71): the browser sends the cookie by itself — to every port of 127.0.0.1, as
 * cookies ignore ports — while the page sends the secret, which it keeps in its origin's
 * localStorage (the origin includes the port: a page of another local server cannot read it).
 * A token from history is dead; reload, Back and another tab of the same browser keep working
 * through the cookie and the stored secret.
 */
export const BRIDGE_TOKEN_QUERY = 'token';
/** POST `{"token": "…"}` (application/json): 200 `{"secret": "…"}` with Set-Cookie, or 401
 * (wrong or used). */
export const BRIDGE_SESSION_PATH = '/api/session';
/** The session secret on an operation POST. */
export const BRIDGE_SECRET_HEADER = 'x-bridge-secret';
/** The session secret on the event stream (EventSource sends no headers of its own). */
export const BRIDGE_SECRET_QUERY = 'secret';
/** The operation socket's subprotocol; the secret is offered beside it (WebSocket sends no
 * headers of its own either): `[BRIDGE_SOCKET_PROTOCOL, bridgeSecretProtocol(secret)]`. */
export const BRIDGE_SOCKET_PROTOCOL = 'fi-bridge';
export const bridgeSecretProtocol = (secret: string): string => `fi-bridge-secret.${secret}`;
/** Where the page keeps the secret: its origin's localStorage. */
export const BRIDGE_SECRET_STORAGE_KEY = 'fi-bridge-secret';
/** POST with a JSON body (the operation input); answers 200 with an Envelope. */
export const bridgeOperationPath = (name: string): string => `/api/op/${name}`;
/** WebSocket: `{"id": n, "op": name, "input": …}` → `{"id": n, "answer": Envelope}`, the
 * page's fast path for operations (the POST route is its fallback and the tools' way in). */
export const BRIDGE_SOCKET_PATH = '/api/socket';
/** Server-sent events, one PushEvent JSON per `data:` line (the cookie and the secret authorise it). */
export const BRIDGE_EVENTS_PATH = '/api/events';
/** The session cookie's name. Cookies ignore ports, so the port is in the name: two bridges
 * on one host in one browser do not overwrite each other's session. */
export const bridgeCookieName = (port: number | string): string => `fi_bridge_${port}`;
