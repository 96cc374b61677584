/**
 * `call` and `subscribe`: the only way screens reach the core. The renderer picks its
 * transport itself (Electron preload if present, else the browser-mode bridge), so no other
 * code knows which one it runs on. Screens never see envelopes: failures throw AppFailure.
 */
import type {
  InstallerApi,
  OperationInput,
  OperationName,
  OperationResult,
  PushEvent,
} from '$shared';
import { AppFailure } from './app-failure';
import { parseEnvelope } from './parse-envelope';
import {
  createBridgeTransport,
  exchangeToken,
  storedSecret,
  takeTokenFromUrl,
} from './bridge-transport';
import type { Transport } from './transport-types';

declare global {
  interface Window {
    installer?: InstallerApi;
  }
}

const fromPreload = (api: InstallerApi): Transport => ({
  invoke: async (name, input) => {
    const text = await (api[name] as (input: unknown) => Promise<string>)(input);
    return parseEnvelope(text);
  },
  onEvent: (listener) => api.onEvent(listener),
});

let transport: Transport | null = null;

const current = (): Transport => {
  if (transport) return transport;
  if (window.installer) {
    transport = fromPreload(window.installer);
  } else {
    // The token leaves the address bar now; only the exchange's request carries it after.
    const token = takeTokenFromUrl(window.location, window.history);
    transport = createBridgeTransport(
      token === null ? Promise.resolve(storedSecret()) : exchangeToken(token),
    );
  }
  return transport;
};

/** Resolve the transport now, so the token leaves the address bar before anything renders
 * and its exchange for the session cookie and secret starts at once. */
export const initTransport = (): void => {
  current();
};

export async function call<K extends OperationName>(
  name: K,
  input: OperationInput<K>,
  signal?: AbortSignal,
): Promise<OperationResult<K>> {
  const envelope = await current().invoke(name, input, signal);
  if (!envelope.ok) throw new AppFailure(envelope.error);
  return envelope.value as OperationResult<K>;
}

export const subscribe = (listener: (event: PushEvent) => void): (() => void) =>
  current().onEvent(listener);

/** In the desktop app (the preload is there), some things are done by the main process
 * (Save as PDF); in browser mode the browser does them itself. */
export const isDesktopApp = (): boolean => window.installer !== undefined;
