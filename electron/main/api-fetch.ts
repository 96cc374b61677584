/**
 * The `fetch` the core gets in the app: Chromium's network stack (it honours the system proxy
 * and certificate store) in a session of its own, adapted so that Electron's quirks reach the
 * core as things it already understands. The core (electron/core/api/http.ts) stays the one
 * place that turns answers and failures into the technician's words.
 */
import type { Session } from 'electron';
import { ProxyError } from '../common/proxy-error';

/**
 * In-memory partition (no `persist:` prefix): cookies a server or a captive portal sets live
 * only as long as the process, and nothing the API answers is written to the profile's disk.
 */
export const API_PARTITION = 'api';

/** What the wrapper needs of an Electron session. */
export type FetchingSession = Pick<Session, 'fetch'>;

/** The message of Electron's ClientRequest when a redirect arrives under `redirect: 'manual'`. */
const REDIRECT_CANCELLED = 'Redirect was cancelled';

/**
 * Chromium's proxy failures (net_error_list.h): the proxy refused or could not be reached, the
 * CONNECT tunnel failed (which is also how a 407 on an https tunnel ends), the PAC script or a
 * SOCKS proxy failed. Named so the core can tell them from a dead Wi-Fi.
 */
const PROXY_ERROR = /net::(ERR_(?:PROXY_|TUNNEL_|SOCKS_|PAC_|MANDATORY_PROXY_)[A-Z0-9_]*)/;

export { ProxyError };

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

const redirectModeOf = (input: Parameters<typeof fetch>[0], init: RequestInit | undefined) =>
  init?.redirect ?? (input instanceof Request ? input.redirect : 'follow');

/**
 * Wraps `session.fetch` for API calls:
 * - `cache: 'no-store'`: no answer (device lists, the signed-in organization) is cached.
 * - A manual redirect: Electron's net.fetch does not answer with an opaque redirect as
 *   Chromium's renderer fetch does, it rejects with "Redirect was cancelled" — which the core
 *   can only read as "offline", so a Wi-Fi sign-in page would look like a dead network. It is
 *   answered instead with an empty 302, which http.ts maps to `wording.redirected()`. Electron
 *   does not expose the real status or the Location to net.fetch (only to net.request's
 *   'redirect' event); the core does not use either, and the redirect is never followed, so
 *   the key never leaves for the other address.
 * - Proxy failures keep their Chromium name as `code` (see PROXY_ERROR). A 407 answer is left
 *   as it is: it is an HTTP status the core reads itself.
 */
export const createApiFetch =
  (session: FetchingSession): typeof fetch =>
  async (input, init) => {
    // Node's RequestInit type lacks `cache`; Electron reads it from the Request it builds.
    const noStore: RequestInit & { cache: 'no-store' } = { ...init, cache: 'no-store' };
    try {
      return await session.fetch(input instanceof URL ? input.href : input, noStore);
    } catch (error) {
      const aborted = init?.signal?.aborted === true;
      if (
        !aborted &&
        messageOf(error) === REDIRECT_CANCELLED &&
        redirectModeOf(input, init) === 'manual'
      ) {
        return new Response(null, { status: 302, statusText: 'Found' });
      }
      const proxy = PROXY_ERROR.exec(messageOf(error));
      if (proxy?.[1] !== undefined) throw new ProxyError(proxy[1], error);
      throw error;
    }
  };
