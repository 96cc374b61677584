/**
 * The `fetch` the core gets in the app: Chromium's network stack (it honours the system proxy
 * and certificate store) in a session of its own, adapted so that Electron's quirks reach the
 * core as things it already understands. The core (electron/core/api/http.ts) stays the one
 * place that turns answers and failures into the technician's words.
 */
import type { ClientRequest, ClientRequestConstructorOptions, Session } from 'electron';
import { ProxyError } from '../common/proxy-error';
import { PROXY_AUTH_REFUSED } from '../core/api/error-mapping';
import type { ProxyLogin } from './proxy-login';

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
const plainFetch =
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

/**
 * Answers the proxy's sign-in for the API session: one request through Electron's net.request
 * (whose `login` event net.fetch does not expose: it cancels every sign-in), answered by
 * ProxyLogin. Chromium keeps the accepted credentials in the session's auth cache, so the
 * requests after it pass the proxy. Resolves true when the proxy let it through.
 */
export type ProxyAuthenticator = (url: string) => Promise<boolean>;

type NetRequest = (
  options: ClientRequestConstructorOptions,
) => Pick<ClientRequest, 'on' | 'end' | 'abort'>;

export const createProxyAuthenticator =
  (
    request: NetRequest,
    session: Session,
    login: Pick<ProxyLogin, 'credentials' | 'refused'>,
  ): ProxyAuthenticator =>
  (url) =>
    new Promise<boolean>((resolve) => {
      let given = false;
      let settled = false;
      const done = (passed: boolean) => {
        if (settled) return;
        settled = true;
        resolve(passed);
      };
      const req = request({ session, url, method: 'HEAD', redirect: 'manual', cache: 'no-store' });
      req.on('login', (authInfo, callback) => {
        if (!authInfo.isProxy) return callback();
        void (async () => {
          // Asked again within the same request: the proxy refused what was given.
          if (given) {
            await login.refused(authInfo);
            callback();
            return done(false);
          }
          const credentials = await login.credentials(authInfo);
          if (credentials === null) {
            callback();
            return done(false);
          }
          given = true;
          callback(credentials.username, credentials.password);
        })();
      });
      req.on('response', (response) => {
        response.on('error', () => undefined);
        response.on('data', () => undefined);
        done(response.statusCode !== 407);
      });
      req.on('redirect', () => {
        req.abort();
        done(true);
      });
      req.on('error', () => done(false));
      req.end();
    });

/** The proxy wants a sign-in that net.fetch cannot give (it cancels every one). */
const NEEDS_SIGN_IN = new Set([
  'ERR_PROXY_AUTH_REQUESTED',
  'ERR_PROXY_AUTH_REQUESTED_WITH_NO_CONNECTION',
]);
const needsSignIn = (error: unknown): boolean =>
  error instanceof ProxyError && NEEDS_SIGN_IN.has(error.code);

const urlOf = (input: Parameters<typeof fetch>[0]): string =>
  input instanceof URL ? input.href : typeof input === 'string' ? input : input.url;

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
 * - A proxy that asks for a sign-in (a 407, ERR_PROXY_AUTH_REQUESTED): with `authenticate`,
 *   the sign-in is answered (ProxyLogin asks the technician once) and the request sent again;
 *   cancelled or refused, it fails as ERR_PROXY_AUTH_REFUSED, which the core says as such.
 */
export const createApiFetch = (
  session: FetchingSession,
  authenticate?: ProxyAuthenticator,
): typeof fetch => {
  const send = plainFetch(session);
  return async (input, init) => {
    if (authenticate === undefined) return send(input, init);
    try {
      const response = await send(input, init);
      if (response.status !== 407) return response;
    } catch (error) {
      if (!needsSignIn(error)) throw error;
    }
    if (!(await authenticate(urlOf(input)))) {
      throw new ProxyError(
        PROXY_AUTH_REFUSED,
        new Error('the proxy sign-in was cancelled or refused'),
      );
    }
    return send(input, init);
  };
};
