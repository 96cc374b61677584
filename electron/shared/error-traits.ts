/**
 * The one table of what each error kind means for the code that meets it, used by the core
 * (retries, queueing, replay, connectivity) and the renderer (offline notices) alike. Pure
 * data: no Node, no DOM, so both sides import it.
 */
import type { ErrorKind } from './';

export interface ErrorTraits {
  /** The request never got an answer: the network is down or too slow; go offline. */
  connectivity: boolean;
  /** A GET may be tried again after a wait. */
  retryable: boolean;
  /** Every later queued action would meet the same wall: stop the replay run, keep the queue. */
  stopsReplay: boolean;
  /** After a state change was sent, the server may have applied it: settle by reading state. */
  outcomeMayBeUnknown: boolean;
  /**
   * An action the technician just took that met this stays queued, because the trouble passes
   * (the network, the server); otherwise it is handed back to them (a refusal, a certificate,
   * a revoked key, a full disk: only they can act on it).
   */
  waitsInQueue: boolean;
}

const traits = (t: Partial<ErrorTraits>): ErrorTraits => {
  const all = {
    connectivity: false,
    retryable: false,
    stopsReplay: false,
    outcomeMayBeUnknown: false,
    ...t,
  };
  return { ...all, waitsInQueue: all.connectivity || all.outcomeMayBeUnknown || all.retryable };
};

export const ERROR_TRAITS: Readonly<Record<ErrorKind, ErrorTraits>> = {
  offline: traits({
    connectivity: true,
    retryable: true,
    stopsReplay: true,
    outcomeMayBeUnknown: true,
  }),
  dns: traits({ connectivity: true, retryable: true, stopsReplay: true }),
  timeout: traits({
    connectivity: true,
    retryable: true,
    stopsReplay: true,
    outcomeMayBeUnknown: true,
  }),
  // The request never reached the server; the Wi-Fi may be fine: its own words, queue kept.
  proxy: traits({ connectivity: true, stopsReplay: true }),
  // A certificate problem is not "offline": the technician must not be told to just wait.
  tls: traits({ stopsReplay: true }),
  unauthorized: traits({ stopsReplay: true }),
  forbidden: traits({}),
  not_found: traits({}),
  conflict: traits({}),
  invalid: traits({}),
  rate_limited: traits({ retryable: true, stopsReplay: true }),
  // A gateway's 502/503/504 can come after the server applied the change.
  server: traits({ retryable: true, stopsReplay: true, outcomeMayBeUnknown: true }),
  // A 2xx whose body was cut or garbled: the server acted, we could not read how.
  bad_response: traits({ outcomeMayBeUnknown: true }),
  keychain_unavailable: traits({ stopsReplay: true }),
  not_signed_in: traits({ stopsReplay: true }),
  validation: traits({}),
  storage: traits({ stopsReplay: true }),
  internal: traits({}),
};

export const traitsOf = (kind: ErrorKind): ErrorTraits => ERROR_TRAITS[kind];
