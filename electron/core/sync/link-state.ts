/**
 * What the core believes of the link to the server: online or not, since when offline, and
 * what the page last said of the link (saving data, very slow). A light probe (one GET, no
 * retry) keeps it true while signed in: every minute online while nothing else was answered,
 * 1.5 s after an attempt that got no answer, every 4–8 s (jittered backoff) offline. The
 * operating system's "no network" is taken at once (connectivity.ts).
 */
import { createConnectivityMonitor, type Timers } from './connectivity';

/**
 * Online and idle: one probe after this long without an answer. A server gone while nobody
 * asks anything (the Wi-Fi up, the store's uplink down: the OS sees nothing) is seen by this
 * probe only. It was 10 s: 360 requests an hour per laptop, more than everything else a
 * technician's hour asks (decision record 6); a minute keeps the badge within a minute of the truth
 * while nothing happens, and while a store or a device is on screen its minute refresh
 * answers first, so the probe is then never sent. Anything the technician does, and the
 * operating system's "no network", tell at once.
 */
const IDLE_PROBE_MS = 60_000;
/** A request attempt got no answer: probe this soon (its own retries can take seconds). */
const FAILURE_PROBE_MS = 1_500;
/** Offline: probes back off from 1 s up to this (with jitter, so 4–8 s apart at most). */
const OFFLINE_PROBE_MAX_MS = 8_000;

/** What the page's `navigator.connection` says of the link (Chromium; absent elsewhere). */
export interface LinkInfo {
  saveData?: boolean | undefined;
  effectiveType?: 'slow-2g' | '2g' | '3g' | '4g' | undefined;
}

interface LinkHooks {
  /** Online or offline now (never twice the same). */
  changed(online: boolean): void;
  /** Back online after `offlineMs` offline (after `changed(true)`). */
  reconnected(offlineMs: number): void;
}

export interface LinkStateOptions {
  /** The server's light request, or null when nobody is signed in (nothing to reach). */
  ping(): Promise<unknown> | null;
  /** The key first, untimed: a keychain asking the user to unlock it is not "offline". */
  ready(): Promise<void>;
  hooks: LinkHooks;
  idleProbeMs?: number | undefined;
  offlineMaxMs?: number | undefined;
  timers?: Timers | undefined;
  now?: () => number;
}

export interface LinkState {
  isOnline(): boolean;
  /** What the page last said of the link. */
  info(): LinkInfo;
  /** A request failed for lack of connection: offline, and probing. */
  reportOffline(): void;
  /** A request got an answer. */
  reportOnline(): void;
  /** One attempt got no answer: probe soon. */
  reportNoAnswer(): void;
  /** The operating system's word (and the page's, on the link); `recheck`: ask the server now. */
  networkChanged(osOnline: boolean, seen?: LinkInfo, recheck?: boolean): Promise<void>;
  /** Probe only while someone is signed in. */
  setActive(active: boolean): void;
  stop(): void;
}

export function createLinkState(options: LinkStateOptions): LinkState {
  const now = options.now ?? Date.now;
  let online = true;
  /** When the app went offline, null while online: how long it was, when back. */
  let offlineSince: number | null = null;
  let link: LinkInfo = {};

  const setOnline = (value: boolean) => {
    if (online === value) return;
    online = value;
    offlineSince = value ? null : now();
    options.hooks.changed(online);
  };

  const monitor = createConnectivityMonitor({
    probe: async () => {
      const answer = options.ping();
      if (!answer) return true;
      return answer.then(
        () => true,
        () => false,
      );
    },
    ready: () => options.ready(),
    onChange: (isOnline) => {
      const offlineFor = offlineSince === null ? 0 : now() - offlineSince;
      setOnline(isOnline);
      if (isOnline) options.hooks.reconnected(offlineFor);
    },
    idleProbeMs: options.idleProbeMs ?? IDLE_PROBE_MS,
    failureProbeMs: FAILURE_PROBE_MS,
    maxDelayMs: options.offlineMaxMs ?? OFFLINE_PROBE_MAX_MS,
    probeTimeoutMs: 5_000,
    initialActive: false,
    ...(options.timers ? { timers: options.timers } : {}),
  });

  return {
    isOnline: () => online,
    info: () => link,
    reportOffline() {
      setOnline(false);
      monitor.reportOffline();
    },
    reportOnline() {
      setOnline(true);
      monitor.reportOnline();
    },
    reportNoAnswer: () => monitor.reportNoAnswer(),
    async networkChanged(osOnline, seen, recheck = false) {
      if (seen) link = seen;
      await monitor.networkChanged(osOnline);
      if (recheck && osOnline) await monitor.recheck();
    },
    setActive: (active) => monitor.setActive(active),
    stop: () => monitor.stop(),
  };
}
