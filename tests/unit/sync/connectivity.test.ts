import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  createConnectivityMonitor,
  type Timers,
} from '../../../electron/core/sync/connectivity';

/** A clock the test advances by hand: no real sleeping. */
class ManualTimers implements Timers {
  now = 0;
  private nextId = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.pending.set(id, { at: this.now + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** Delays of the timers waiting now, soonest first. */
  waiting(): number[] {
    return [...this.pending.values()].map((p) => p.at - this.now).sort((a, b) => a - b);
  }

  /** Fires the soonest timer and lets the promises it started settle. */
  async fireNext(): Promise<number> {
    const [id, next] = [...this.pending.entries()].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
    if (id === undefined || !next) throw new Error('no timer waiting');
    this.pending.delete(id);
    this.now = next.at;
    next.callback();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    return this.now;
  }
}

function setup(answers: boolean[], random = () => 0.5) {
  const timers = new ManualTimers();
  const changes: boolean[] = [];
  let probes = 0;
  const monitor = createConnectivityMonitor({
    probe: async () => {
      probes++;
      const answer = answers.shift();
      if (answer === undefined) throw new Error('unreachable');
      return answer;
    },
    onChange: (online) => changes.push(online),
    minDelayMs: 1_000,
    maxDelayMs: 8_000,
    random,
    timers,
  });
  return { monitor, timers, changes, probes: () => probes };
}

describe('connectivity monitor (injected timers)', () => {
  it('probes with growing, capped delays until the server answers, then reports online once', async () => {
    const { monitor, timers, changes, probes } = setup([false, false, false, false, false, true]);
    expect(monitor.isOnline()).toBe(true);
    monitor.reportOffline();
    expect(monitor.isOnline()).toBe(false);
    const delays: number[] = [];
    while (!monitor.isOnline()) {
      delays.push(timers.waiting()[0] ?? -1);
      await timers.fireNext();
    }
    // random() = 0.5 → 75% of 1s, 2s, 4s, 8s, 8s, 8s
    expect(delays).toEqual([750, 1500, 3000, 6000, 6000, 6000]);
    expect(probes()).toBe(6);
    expect(changes).toEqual([false, true]);
    expect(timers.waiting()).toEqual([]);
  });

  it('spreads delays with jitter between half and all of the backoff step', () => {
    expect(backoffDelay(0, 1_000, 60_000, () => 0)).toBe(500);
    expect(backoffDelay(0, 1_000, 60_000, () => 0.999999)).toBe(1_000);
    expect(backoffDelay(3, 1_000, 60_000, () => 0)).toBe(4_000);
    expect(backoffDelay(50, 1_000, 60_000, () => 1)).toBe(60_000);
  });

  it('counts a throwing or hanging probe as still offline', async () => {
    const timers = new ManualTimers();
    let call = 0;
    const monitor = createConnectivityMonitor({
      probe: () => {
        call++;
        if (call === 1) return Promise.reject(new Error('boom'));
        if (call === 2) return new Promise<boolean>(() => undefined);
        return Promise.resolve(true);
      },
      onChange: () => undefined,
      probeTimeoutMs: 5_000,
      random: () => 0,
      timers,
    });
    monitor.reportOffline();
    await timers.fireNext(); // probe 1 throws
    await timers.fireNext(); // probe 2 starts and hangs
    expect(monitor.isOnline()).toBe(false);
    await timers.fireNext(); // its timeout
    await timers.fireNext(); // probe 3
    expect(monitor.isOnline()).toBe(true);
  });

  it('repeated offline reports do not restart or multiply probing', async () => {
    const { monitor, timers, changes } = setup([false, true]);
    monitor.reportOffline();
    await timers.fireNext();
    monitor.reportOffline();
    monitor.reportOffline();
    expect(timers.waiting()).toHaveLength(1);
    expect(changes).toEqual([false]);
  });

  it('an answered request ends probing at once, and a late probe answer is ignored', async () => {
    const timers = new ManualTimers();
    let answer: (ok: boolean) => void = () => undefined;
    const changes: boolean[] = [];
    const monitor = createConnectivityMonitor({
      probe: () => new Promise<boolean>((r) => (answer = r)),
      onChange: (online) => changes.push(online),
      random: () => 0,
      timers,
    });
    monitor.reportOffline();
    await timers.fireNext(); // probe in flight
    monitor.reportOnline();
    expect(monitor.isOnline()).toBe(true);
    monitor.reportOffline();
    answer(true); // the old probe's answer arrives while offline again
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(monitor.isOnline()).toBe(false);
    expect(changes).toEqual([false, true, false]);
  });

  it('stop() ends probing for good', async () => {
    const { monitor, timers, changes } = setup([true]);
    monitor.reportOffline();
    monitor.stop();
    expect(timers.waiting()).toEqual([]);
    monitor.reportOnline();
    monitor.reportOffline();
    expect(changes).toEqual([false]);
  });

  it('starts probing right away when created offline', async () => {
    const timers = new ManualTimers();
    const changes: boolean[] = [];
    createConnectivityMonitor({
      probe: async () => true,
      onChange: (o) => changes.push(o),
      initialOnline: false,
      timers,
      random: () => 0,
    });
    await timers.fireNext();
    expect(changes).toEqual([true]);
  });

  it('while online and idle, probes every idleProbeMs; a failed probe goes offline and backs off', async () => {
    const timers = new ManualTimers();
    const answers = [true, false, false, true];
    const changes: boolean[] = [];
    const monitor = createConnectivityMonitor({
      probe: async () => answers.shift() ?? true,
      onChange: (online) => changes.push(online),
      idleProbeMs: 30_000,
      minDelayMs: 1_000,
      maxDelayMs: 8_000,
      random: () => 0.5,
      timers,
    });
    expect(timers.waiting()).toEqual([30_000]);
    await timers.fireNext(); // idle probe: still there
    expect(timers.waiting()).toEqual([30_000]);
    // An answered request in between postpones the next idle probe: no probe while busy.
    timers.now += 20_000;
    monitor.reportOnline();
    expect(timers.waiting()).toEqual([30_000]);
    await timers.fireNext(); // idle probe: gone
    expect(changes).toEqual([false]);
    expect(timers.waiting()).toEqual([750]);
    await timers.fireNext(); // still gone
    await timers.fireNext(); // back
    expect(changes).toEqual([false, true]);
    expect(timers.waiting()).toEqual([30_000]);
  });

  it('waits for the key untimed: a keychain asking the user is not an unreachable server', async () => {
    const timers = new ManualTimers();
    const changes: boolean[] = [];
    let unlock: (() => void) | null = null;
    let probes = 0;
    createConnectivityMonitor({
      ready: () => new Promise<void>((resolve) => (unlock = resolve)),
      probe: async () => {
        probes++;
        return true;
      },
      onChange: (online) => changes.push(online),
      idleProbeMs: 60_000,
      probeTimeoutMs: 5_000,
      timers,
    });
    await timers.fireNext(); // the idle probe: the keychain prompt is up
    expect(unlock).not.toBeNull();
    // Nothing is timed while the user reads the prompt; no probe has gone out yet.
    expect(timers.waiting()).toEqual([]);
    expect(probes).toBe(0);
    unlock!();
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(probes).toBe(1);
    expect(changes, 'never called offline').toEqual([]);
    // Answered: the idle pace again (the guard timer was cleared).
    expect(timers.waiting()).toEqual([60_000]);
  });

  it('probes only while active: nothing before sign-in, nothing after sign-out', async () => {
    const timers = new ManualTimers();
    let probes = 0;
    const monitor = createConnectivityMonitor({
      probe: async () => {
        probes++;
        return false;
      },
      onChange: () => undefined,
      idleProbeMs: 30_000,
      initialActive: false,
      random: () => 0,
      timers,
    });
    expect(timers.waiting()).toEqual([]);
    monitor.reportOffline();
    expect(timers.waiting()).toEqual([]);
    monitor.setActive(true);
    await timers.fireNext();
    expect(probes).toBe(1);
    expect(timers.waiting()).toHaveLength(1);
    monitor.setActive(false);
    expect(timers.waiting()).toEqual([]);
    monitor.stop();
    monitor.setActive(true);
    expect(timers.waiting()).toEqual([]);
  });
});

describe('connectivity monitor: the OS network state and unanswered attempts (injected timers)', () => {
  function online(answers: boolean[]) {
    const timers = new ManualTimers();
    const changes: boolean[] = [];
    let probes = 0;
    let reportNoAnswer: () => void = () => undefined;
    const monitor = createConnectivityMonitor({
      probe: async () => {
        probes++;
        // A probe is a request too: its own unanswered attempt is reported like any other.
        const ok = answers.shift() ?? true;
        if (!ok) reportNoAnswer();
        return ok;
      },
      onChange: (o) => changes.push(o),
      idleProbeMs: 10_000,
      failureProbeMs: 1_500,
      minDelayMs: 1_000,
      maxDelayMs: 8_000,
      random: () => 0.5,
      timers,
    });
    reportNoAnswer = () => monitor.reportNoAnswer();
    return { monitor, timers, changes, probes: () => probes };
  }

  it('the OS saying "no network" is offline at once, with no probing until it says the network is back', async () => {
    const { monitor, timers, changes, probes } = online([true]);
    await monitor.networkChanged(false);
    expect(monitor.isOnline()).toBe(false);
    expect(changes).toEqual([false]);
    // Nothing could answer: no probe is scheduled, however long it stays so.
    expect(timers.waiting()).toEqual([]);
    monitor.reportOffline();
    expect(timers.waiting()).toEqual([]);
    expect(probes()).toBe(0);

    // Back: the server is asked at once (no timer to wait for), and the call settles after it.
    await monitor.networkChanged(true);
    expect(probes()).toBe(1);
    expect(changes).toEqual([false, true]);
    expect(timers.now).toBe(0);
    expect(timers.waiting()).toEqual([10_000]);
  });

  it('network back but the server still away: offline, probing on at the backoff pace', async () => {
    const { monitor, timers, changes } = online([false, true]);
    await monitor.networkChanged(false);
    await monitor.networkChanged(true);
    expect(monitor.isOnline()).toBe(false);
    expect(changes).toEqual([false]);
    expect(timers.waiting()).toEqual([1_500]);
    await timers.fireNext();
    expect(changes).toEqual([false, true]);
  });

  it('the OS saying "online" while already online (the page at start) costs nothing', async () => {
    const { monitor, timers, probes } = online([]);
    await monitor.networkChanged(true);
    expect(probes()).toBe(0);
    expect(timers.waiting()).toEqual([10_000]);
  });

  it('an attempt that got no answer brings the idle probe forward to 1.5 s; its failure goes offline', async () => {
    const { monitor, timers, changes, probes } = online([false, true]);
    timers.now = 2_000;
    monitor.reportNoAnswer();
    expect(timers.waiting()).toEqual([1_500]);
    // More unanswered attempts (a request's retries, pages in flight) do not push it back.
    timers.now = 3_000;
    monitor.reportNoAnswer();
    monitor.reportNoAnswer();
    expect(timers.waiting()).toEqual([500]);
    expect(await timers.fireNext()).toBe(3_500);
    expect(probes()).toBe(1);
    expect(changes).toEqual([false]);
    // The probe's own unanswered attempt did not start another probe: the backoff goes on.
    expect(timers.waiting()).toEqual([750]);
    await timers.fireNext();
    expect(changes).toEqual([false, true]);
  });

  it('an unanswered attempt whose probe is answered stays online; the idle pace resumes', async () => {
    const { monitor, timers, changes } = online([true]);
    monitor.reportNoAnswer();
    await timers.fireNext();
    expect(changes).toEqual([]);
    expect(timers.waiting()).toEqual([10_000]);
    // Offline already: the backoff keeps its pace, an unanswered attempt changes nothing.
    monitor.reportOffline();
    const before = timers.waiting();
    monitor.reportNoAnswer();
    expect(timers.waiting()).toEqual(before);
  });

  it('asked to recheck (the app opened, reloaded or back in front): a server gone while believed online is offline at once', async () => {
    const { monitor, timers, changes, probes } = online([false, true]);
    await monitor.recheck();
    expect(probes()).toBe(1);
    expect(changes).toEqual([false]);
    // Offline from then on, probing at the backoff pace until it answers.
    expect(timers.waiting()).toEqual([750]);
    await timers.fireNext();
    expect(changes).toEqual([false, true]);
  });

  it('a recheck the server answers keeps it online and the idle pace; none while the OS says there is no network', async () => {
    const { monitor, timers, changes, probes } = online([true]);
    await monitor.recheck();
    expect(probes()).toBe(1);
    expect(changes).toEqual([]);
    expect(timers.waiting()).toEqual([10_000]);
    await monitor.networkChanged(false);
    await monitor.recheck();
    expect(probes()).toBe(1);
  });

  it('a recheck while a probe is on its way asks again: that probe left before what the page saw', async () => {
    const timers = new ManualTimers();
    const changes: boolean[] = [];
    const answer: ((ok: boolean) => void)[] = [];
    const monitor = createConnectivityMonitor({
      probe: () => new Promise<boolean>((resolve) => answer.push(resolve)),
      onChange: (o) => changes.push(o),
      idleProbeMs: 10_000,
      failureProbeMs: 1_500,
      minDelayMs: 1_000,
      maxDelayMs: 8_000,
      random: () => 0.5,
      timers,
    });
    // The idle probe leaves while the server is there.
    await timers.fireNext();
    expect(answer).toHaveLength(1);
    // The window comes back to the front after the server went away: asked again now.
    const rechecked = monitor.recheck();
    expect(answer).toHaveLength(2);
    answer[0]!(true);
    answer[1]!(false);
    await rechecked;
    expect(changes).toEqual([false]);
    expect(monitor.isOnline()).toBe(false);
  });
});
