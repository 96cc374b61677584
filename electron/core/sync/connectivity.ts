/**
 * Knows whether the server is reachable. Requests report failures and successes; while
 * offline it probes with exponential backoff and jitter (many tablets in one mall coming
 * back at once should not hammer the API in lockstep) and announces the return, which is
 * when the owner replays the outbox. While online and idle (no answer for `idleProbeMs`) it
 * probes too, so the badge follows a network that went away while nobody asked anything;
 * a request attempt that got no answer brings that probe forward to `failureProbeMs`
 * (a request's own retries can take seconds before it gives up). The operating system's
 * word is taken at once: "no network" is offline without probing (nothing could answer, and
 * a server on this computer answering would only make the badge flicker), "network back"
 * probes now; so does the app when it is opened, reloaded or comes back to the front
 * (`recheck`): the badge never says "Online" for a server not reached since. It probes only
 * while active (signed in), and never after stop().
 */

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ConnectivityOptions {
  /** true when the server answered (any HTTP answer counts); may throw. */
  probe: () => Promise<boolean>;
  /**
   * What a probe needs that is not the network — the key, which the keychain may hold behind a
   * prompt to the user — awaited before the probe's timeout starts: a slow keychain is not an
   * unreachable server. A failure is left to the probe.
   */
  ready?: () => Promise<unknown>;
  /** Called on every change only, never twice with the same value. */
  onChange: (online: boolean) => void;
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A probe that hangs this long counts as failed. */
  probeTimeoutMs?: number;
  /** Probe after this long online without an answer; unset: no probing while online. */
  idleProbeMs?: number;
  /** Probe this soon after a request attempt got no answer (default 1.5 s). */
  failureProbeMs?: number;
  random?: () => number;
  timers?: Timers;
  initialOnline?: boolean;
  /** false: no probing until setActive(true) (nobody signed in yet). */
  initialActive?: boolean;
}

export interface ConnectivityMonitor {
  /** A request failed for connectivity reasons: go offline and start probing. */
  reportOffline(): void;
  /** A request got an answer: online again, probing stops. */
  reportOnline(): void;
  /**
   * One attempt of a request got no answer (it may still be retried): probe soon rather
   * than at the next idle probe. Nothing changes until that probe fails.
   */
  reportNoAnswer(): void;
  /**
   * The operating system's network state changed (or was read): false is offline at once;
   * true probes at once. Settles when that probe has answered.
   */
  networkChanged(osOnline: boolean): Promise<void>;
  /**
   * Asks the server now, whatever is believed (the app was opened or reloaded, its window came
   * back to the front: the network may have changed unseen). Settles when it has answered;
   * a probe already on its way answers it instead.
   */
  recheck(): Promise<void>;
  isOnline(): boolean;
  /** Probe (true) or not at all (false): follows whether someone is signed in. */
  setActive(active: boolean): void;
  stop(): void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Delay before probe number `attempt` (0-based): half fixed, half random ("equal jitter"). */
export function backoffDelay(
  attempt: number,
  minMs: number,
  maxMs: number,
  random: () => number,
): number {
  const base = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
  return Math.round(base / 2 + (random() * base) / 2);
}

// eslint-disable-next-line max-lines-per-function -- one state machine (online, probing, backoff) whose timers share its state
export function createConnectivityMonitor(options: ConnectivityOptions): ConnectivityMonitor {
  const { probe, onChange } = options;
  const minMs = options.minDelayMs ?? 1_000;
  const maxMs = options.maxDelayMs ?? 60_000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 10_000;
  const random = options.random ?? Math.random;
  const timers = options.timers ?? realTimers;
  const idleMs = options.idleProbeMs ?? 0;
  const failureMs = options.failureProbeMs ?? 1_500;

  let online = options.initialOnline ?? true;
  let active = options.initialActive ?? true;
  let stopped = false;
  let attempt = 0;
  /** The OS said there is no network: no probes until it says there is. */
  let osOffline = false;
  let timer: unknown = null;
  /** The pending probe was brought forward already (an unanswered attempt). */
  let soon = false;
  let probing = false;
  // Bumped whenever probing is cancelled, so the answer of a probe already in flight is ignored.
  let generation = 0;

  const cancel = (): void => {
    generation++;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    soon = false;
    probing = false;
  };

  function setOnline(value: boolean): void {
    if (online === value) return;
    online = value;
    onChange(value);
  }

  function probeWithTimeout(): Promise<boolean> {
    timer = null;
    soon = false;
    // The probe's own unanswered attempt is reported too: it must not start another probe.
    probing = true;
    const mine = generation;
    const timed = () =>
      new Promise<boolean>((resolve) => {
        const guard = timers.setTimeout(() => resolve(false), probeTimeoutMs);
        probe().then(
          (ok) => {
            timers.clearTimeout(guard);
            resolve(ok);
          },
          () => {
            timers.clearTimeout(guard);
            resolve(false);
          },
        );
      });
    const { ready } = options;
    const probed = ready ? ready().then(timed, timed) : timed();
    return probed.finally(() => {
      if (mine === generation) probing = false;
    });
  }

  /** Offline: probe with backoff until the server answers. */
  function schedule(): void {
    if (!active || stopped || osOffline) return;
    timer = timers.setTimeout(
      () => void probeOffline(),
      backoffDelay(attempt, minMs, maxMs, random),
    );
  }

  /** One probe while offline: online when it answers, else the next one after a backoff. */
  async function probeOffline(): Promise<void> {
    const mine = generation;
    const ok = await probeWithTimeout();
    if (mine !== generation || stopped) return;
    if (ok) {
      setOnline(true);
      scheduleIdle();
      return;
    }
    attempt++;
    schedule();
  }

  /** Online: one probe after a quiet spell (or soon after an unanswered attempt); any
   * answer in between postpones it. */
  function scheduleIdle(kind: 'idle' | 'soon' = 'idle'): void {
    const delay = kind === 'idle' ? idleMs : failureMs;
    if (delay <= 0 || !active || stopped || !online) return;
    const mine = generation;
    soon = kind === 'soon';
    timer = timers.setTimeout(() => {
      void probeWithTimeout().then((ok) => {
        if (mine !== generation || stopped) return;
        if (ok) return scheduleIdle();
        attempt = 0;
        setOnline(false);
        schedule();
      });
    }, delay);
  }

  if (!online) schedule();
  else scheduleIdle();

  return {
    reportOffline() {
      // While offline a probe is always pending: the backoff keeps its pace.
      if (stopped || !online) return;
      cancel();
      attempt = 0;
      setOnline(false);
      schedule();
    },
    reportOnline() {
      if (stopped) return;
      cancel();
      setOnline(true);
      scheduleIdle();
    },
    reportNoAnswer() {
      // Offline a probe is already pending; a probe in flight or due soon answers it too.
      if (stopped || !online || probing || soon) return;
      cancel();
      scheduleIdle('soon');
    },
    async networkChanged(osOnline) {
      if (stopped) return;
      if (!osOnline) {
        osOffline = true;
        cancel();
        setOnline(false);
        return;
      }
      const wasOffline = osOffline;
      osOffline = false;
      // Back from the OS's "no network", or offline already: ask the server now. Online with
      // nothing new (the page says so at start), nothing to do.
      if (!wasOffline && online) return;
      cancel();
      attempt = 0;
      // Nobody signed in: there is no server to ask, and nothing says it is out of reach.
      if (!active) setOnline(true);
      else await probeOffline();
    },
    async recheck() {
      if (stopped || osOffline || !active) return;
      // A probe already on its way may have left before what the page saw (its window back in
      // front after the network changed): its answer is dropped and the server asked now.
      cancel();
      attempt = 0;
      const mine = generation;
      const ok = await probeWithTimeout();
      if (mine !== generation || stopped) return;
      setOnline(ok);
      if (ok) scheduleIdle();
      else schedule();
    },
    isOnline: () => online,
    setActive(value) {
      if (stopped || active === value) return;
      active = value;
      cancel();
      attempt = 0;
      if (online) scheduleIdle();
      else schedule();
    },
    stop() {
      stopped = true;
      cancel();
    },
  };
}
