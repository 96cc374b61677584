/**
 * Browser mode: the same operations over the loopback bridge. The token arrives once in the
 * page URL; it is kept in memory only and removed from the address bar so it does not end up
 * in history, bookmarks or screenshots.
 */
import type { Envelope, OperationName, PushEvent } from '../../../electron/contract';
import {
  BRIDGE_EVENTS_PATH,
  BRIDGE_TOKEN_HEADER,
  BRIDGE_TOKEN_QUERY,
  bridgeOperationPath,
} from '../../../electron/web/bridge-protocol';
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

const bridgeDown = <T>(): Envelope<T> => ({
  ok: false,
  error: {
    kind: 'offline',
    message: "The app's local service is not answering.",
    nextStep: 'Restart the app (npm run web) and open the new address it prints.',
  },
});

export const createBridgeTransport = (token: string): Transport => {
  const listeners = new Set<(event: PushEvent) => void>();
  let source: EventSource | null = null;

  const openEvents = (): void => {
    const url = `${BRIDGE_EVENTS_PATH}?${BRIDGE_TOKEN_QUERY}=${encodeURIComponent(token)}`;
    source = new EventSource(url);
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
        const response = await fetch(bridgeOperationPath(name), {
          method: 'POST',
          headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: token },
          body: JSON.stringify(input ?? {}),
          signal: signal ?? null,
        });
        return (await response.json()) as Envelope<never>;
      } catch (error) {
        if (signal?.aborted) throw error;
        return bridgeDown();
      }
    },
    onEvent(listener) {
      listeners.add(listener);
      if (source === null) openEvents();
      return () => listeners.delete(listener);
    },
  };
};
