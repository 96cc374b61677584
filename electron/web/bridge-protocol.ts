/**
 * How the renderer talks to the browser-mode bridge (shared by both sides; no imports so the
 * renderer bundle stays tiny). The page URL carries `?token=…`; the renderer moves it into
 * memory, removes it from the address bar, and sends it on every call.
 */
export const BRIDGE_TOKEN_HEADER = 'x-installer-token';
export const BRIDGE_TOKEN_QUERY = 'token';
/** POST with a JSON body (the operation input); answers 200 with an Envelope. */
export const bridgeOperationPath = (name: string): string => `/api/op/${name}`;
/** Server-sent events, one PushEvent JSON per `data:` line. EventSource cannot send
 * headers, so this one route takes the token as a query parameter. */
export const BRIDGE_EVENTS_PATH = '/api/events';
