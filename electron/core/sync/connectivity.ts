/**
 * Knows whether the server is reachable. Requests report failures and successes; while
 * offline it probes with exponential backoff and jitter (many tablets in one mall coming
 * back at once should not hammer the API in lockstep) and announces the return, which is
 * when the owner replays the outbox. While online and idle (no answer for `idleProbeMs`) it
 * probes too, so the badge follows a network that went away while nobody asked anything.
 * It probes only while active (signed in), and never after stop().
 */

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ConnectivityOptions {
  /** true when the server answered (any HTTP answer counts); may throw. */
  probe: () => Promise<boolean>;
  /** Called on every change only, never twice with the same value. */
  onChange: (online: boolean) => void;
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A probe that hangs this long counts as failed. */
  probeTimeoutMs?: number;
  /** Probe after this long online without an answer; unset: no probing while online. */
  idleProbeMs?: number;
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

export function createConnectivityMonitor(options: ConnectivityOptions): ConnectivityMonitor {
  const { probe, onChange } = options;
  const minMs = options.minDelayMs ?? 1_000;
  const maxMs = options.maxDelayMs ?? 60_000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 10_000;
  const random = options.random ?? Math.random;
  const timers = options.timers ?? realTimers;
  const idleMs = options.idleProbeMs ?? 0;

  let online = options.initialOnline ?? true;
  let active = options.initialActive ?? true;
  let stopped = false;
  let attempt = 0;
  let timer: unknown = null;
  // Bumped whenever probing is cancelled, so the answer of a probe already in flight is ignored.
  let generation = 0;

  const cancel = (): void => {
    generation++;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  function setOnline(value: boolean): void {
    if (online === value) return;
    online = value;
    onChange(value);
  }

  function probeWithTimeout(): Promise<boolean> {
    return new Promise((resolve) => {
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
  }

  /** Offline: probe with backoff until the server answers. */
  function schedule(): void {
    if (!active || stopped) return;
    const mine = generation;
    timer = timers.setTimeout(
      () => {
        timer = null;
        void probeWithTimeout().then((ok) => {
          if (mine !== generation || stopped) return;
          if (ok) {
            setOnline(true);
            scheduleIdle();
            return;
          }
          attempt++;
          schedule();
        });
      },
      backoffDelay(attempt, minMs, maxMs, random),
    );
  }

  /** Online: one probe after a quiet spell; any answer in between postpones it. */
  function scheduleIdle(): void {
    if (idleMs <= 0 || !active || stopped || !online) return;
    const mine = generation;
    timer = timers.setTimeout(() => {
      timer = null;
      void probeWithTimeout().then((ok) => {
        if (mine !== generation || stopped) return;
        if (ok) return scheduleIdle();
        attempt = 0;
        setOnline(false);
        schedule();
      });
    }, idleMs);
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
