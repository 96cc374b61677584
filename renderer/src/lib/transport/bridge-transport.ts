/**
 * Browser mode: the same operations over the loopback bridge. The printed address carries a
 * single-use token: it is removed from the address bar before anything renders (so history,
 * bookmarks and screenshots never hold a live one) and traded once for an HttpOnly session
 * cookie, which the browser then sends by itself, and a session secret, which the page sends
 * with every call (decision 71). A cookie reaches every port of 127.0.0.1, the secret only this
 * origin: the page keeps it in its origin's localStorage, so reload, Back and another tab of
 * this browser find it, and a page of another local server does not.
 */
import type { Envelope, OperationName, PushEvent } from '$shared';
import {
  BRIDGE_EVENTS_PATH,
  BRIDGE_SECRET_HEADER,
  BRIDGE_SECRET_QUERY,
  BRIDGE_SECRET_STORAGE_KEY,
  BRIDGE_SESSION_PATH,
  BRIDGE_TOKEN_QUERY,
  bridgeOperationPath,
} from '$shared/bridge-protocol';
import { SocketChannel } from './bridge-socket-channel';
import type { Transport } from './transport-types';

/** Reads the token from the URL and strips it; null when there is none. */
export const takeTokenFromUrl = (loc: Location, history: History): string | null => {
  const url = new URL(loc.href);
  const token = url.searchParams.get(BRIDGE_TOKEN_QUERY);
  if (token === null) return null;
  url.searchParams.delete(BRIDGE_TOKEN_QUERY);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  return token;
};

/** The secret this origin's session holds (another tab of this browser may have stored it). */
export const storedSecret = (storage: Storage = localStorage): string | null => {
  try {
    return storage.getItem(BRIDGE_SECRET_STORAGE_KEY);
  } catch {
    return null; // storage refused (a browser setting): the first call says there is no session
  }
};

/**
 * Trades the token for the session cookie and secret; the secret is kept for reload and the
 * other tabs. A refused token (already used, from history) is not an error here: a browser
 * that holds the session still works through its cookie and stored secret, and one that does
 * not is told so by its first call.
 */
export const exchangeToken = async (
  token: string,
  storage: Storage = localStorage,
): Promise<string | null> => {
  try {
    const answer = await fetch(BRIDGE_SESSION_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      credentials: 'same-origin',
    });
    const { secret } = answer.ok ? ((await answer.json()) as { secret?: unknown }) : {};
    if (typeof secret === 'string') {
      try {
        storage.setItem(BRIDGE_SECRET_STORAGE_KEY, secret);
      } catch {
        // kept in memory only: this tab works, a reload asks for a new address
      }
      return secret;
    }
  } catch {
    // the bridge is down: the first call says so
  }
  return storedSecret(storage);
};

const bridgeDown = <T>(): Envelope<T> => ({
  ok: false,
  error: { kind: 'offline', code: 'bridge_down' },
});

/** What every call answers when the browser has no session (no token, or a used one). */
const noSession = <T>(): Envelope<T> => ({
  ok: false,
  error: { kind: 'not_signed_in', code: 'no_session' },
});

/**
 * `ready` settles with the session secret once the token (if the page had one) was exchanged,
 * or with the stored one (null: no session here).
 */
export const createBridgeTransport = (ready: Promise<string | null>): Transport => {
  const listeners = new Set<(event: PushEvent) => void>();
  let secret: string | null = null;
  const channel = new SocketChannel(() => secret);
  let opened = false;
  // Once the token was exchanged, calls skip the await: see SocketChannel.call.
  let exchanged = false;
  void ready.then((given) => {
    secret = given;
    exchanged = true;
  });

  const openEvents = (): void => {
    // Same origin: EventSource sends the session cookie by itself, the secret in the query.
    const url = `${BRIDGE_EVENTS_PATH}?${BRIDGE_SECRET_QUERY}=${encodeURIComponent(secret ?? '')}`;
    const source = new EventSource(url);
    source.onmessage = (message: MessageEvent<string>) => {
      let event: PushEvent;
      try {
        event = JSON.parse(message.data) as PushEvent;
      } catch {
        return; // a malformed event must not break the page; the next one will do
      }
      for (const listener of listeners) listener(event);
    };
  };

  return {
    async invoke(name: OperationName, input: unknown, signal?: AbortSignal) {
      try {
        if (!exchanged) await ready;
        const answer = await channel.call(name, input, signal);
        if (answer === 'lost') return bridgeDown();
        if (answer !== 'unsent') return answer;
        const response = await fetch(bridgeOperationPath(name), {
          method: 'POST',
          headers: { 'content-type': 'application/json', [BRIDGE_SECRET_HEADER]: secret ?? '' },
          body: JSON.stringify(input ?? {}),
          credentials: 'same-origin',
          signal: signal ?? null,
        });
        if (response.status === 401) return noSession();
        return (await response.json()) as Envelope<never>;
      } catch (error) {
        if (signal?.aborted) throw error;
        return bridgeDown();
      }
    },
    onEvent(listener) {
      listeners.add(listener);
      if (!opened) {
        opened = true;
        void ready.then(openEvents);
      }
      return () => listeners.delete(listener);
    },
  };
};
