/**
 * Knows whether the server is reachable. Requests report failures and successes; while
 * offline it probes with exponential backoff and jitter (many tablets in one mall coming
 * back at once should not hammer the API in lockstep) and announces the return, which is
 * when the owner replays the outbox.
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
  random?: () => number;
  timers?: Timers;
  initialOnline?: boolean;
}

export interface ConnectivityMonitor {
  /** A request failed for connectivity reasons: go offline and start probing. */
  reportOffline(): void;
  /** A request got an answer: online again, probing stops. */
  reportOnline(): void;
  isOnline(): boolean;
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

  let online = options.initialOnline ?? true;
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

  function schedule(): void {
    const mine = generation;
    timer = timers.setTimeout(
      () => {
        timer = null;
        void probeWithTimeout().then((ok) => {
          if (mine !== generation || stopped) return;
          if (ok) {
            setOnline(true);
            return;
          }
          attempt++;
          schedule();
        });
      },
      backoffDelay(attempt, minMs, maxMs, random),
    );
  }

  if (!online) schedule();

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
    },
    isOnline: () => online,
    stop() {
      stopped = true;
      cancel();
    },
  };
}
