/**
 * Browser mode: the same operations over the loopback bridge. The printed address carries a
 * single-use token: it is removed from the address bar before anything renders (so history,
 * bookmarks and screenshots never hold a live one) and traded once for an HttpOnly session
 * cookie that the browser then sends by itself. The page never holds the token after the
 * exchange nor the cookie at all; reload and Back work through the cookie.
 */
import type { Envelope, OperationName, PushEvent } from '../../../electron/contract';
import {
  BRIDGE_EVENTS_PATH,
  BRIDGE_SESSION_PATH,
  BRIDGE_TOKEN_QUERY,
  bridgeOperationPath,
} from '../../../electron/bridge-protocol';
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

/**
 * Trades the token for the session cookie. A refused token (already used, from history) is
 * not an error here: a page of a browser that holds the session still works through its
 * cookie, and one that does not is told so by its first call.
 */
export const exchangeToken = async (token: string): Promise<void> => {
  try {
    await fetch(BRIDGE_SESSION_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      credentials: 'same-origin',
    });
  } catch {
    // the bridge is down: the first call says so
  }
};

const bridgeDown = <T>(): Envelope<T> => ({
  ok: false,
  error: {
    kind: 'offline',
    message: "The app's local service is not answering.",
    nextStep: 'Restart the app (npm run web) and open the new address it prints.',
  },
});

/** What every call answers when the browser has no session (no token, or a used one). */
const noSession = <T>(): Envelope<T> => ({
  ok: false,
  error: {
    kind: 'not_signed_in',
    message: 'This page was opened without its access token.',
    nextStep: 'Open the exact address the app printed when it started.',
  },
});

/** `ready` settles once the token (if the page had one) was exchanged for the cookie. */
export const createBridgeTransport = (ready: Promise<void>): Transport => {
  const listeners = new Set<(event: PushEvent) => void>();
  const channel = new SocketChannel();
  let opened = false;
  // Once the token was exchanged, calls skip the await: see SocketChannel.call.
  let exchanged = false;
  void ready.then(() => (exchanged = true));

  const openEvents = (): void => {
    // Same origin: EventSource sends the session cookie without being asked.
    const source = new EventSource(BRIDGE_EVENTS_PATH);
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
          headers: { 'content-type': 'application/json' },
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
