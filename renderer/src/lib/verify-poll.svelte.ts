import type { AppErrorShape } from '../../../electron/contract';
import { toErrorShape } from './app-failure';
import { isoNow } from './traffic';
import { call } from './transport';

export const VERIFY_POLL_MS = 3000;

/** Checked in after the install time (a check-in from before the install proves nothing). */
export const checkedInSince = (
  lastCheckinAt: string | null | undefined,
  installedAt: string,
): boolean => {
  if (!lastCheckinAt) return false;
  const at = Date.parse(lastCheckinAt);
  const since = Date.parse(installedAt);
  return !Number.isNaN(at) && !Number.isNaN(since) && at >= since;
};

/**
 * Live verification: polls the device (last check-in) and its minute-level foot traffic
 * since the install, every few seconds, until stopped.
 */
export class VerifyPoll {
  online = $state(false);
  lastCheckinAt = $state<string | null>(null);
  walkCount = $state(0);
  error = $state<AppErrorShape | null>(null);
  polls = $state(0);
  #timer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;
  readonly #target: () => { serial: string; installedAt: string };

  /** `target` is read on every poll, so the screen's current props are always used. */
  constructor(target: () => { serial: string; installedAt: string }) {
    this.#target = target;
  }

  start(): () => void {
    this.#stopped = false;
    void this.#tick();
    return () => this.stop();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
  }

  async #tick(): Promise<void> {
    const { serial, installedAt } = this.#target();
    try {
      const [device, traffic] = await Promise.all([
        call('getDevice', { serial, fresh: true }),
        call('deviceFootTraffic', {
          serial,
          from: installedAt,
          to: isoNow(),
          granularity: 'minute',
        }),
      ]);
      this.lastCheckinAt = device.value.last_checkin_at ?? null;
      this.online = this.online || checkedInSince(this.lastCheckinAt, installedAt);
      this.walkCount = traffic.total;
      this.error = null;
    } catch (e) {
      this.error = toErrorShape(e);
    }
    this.polls += 1;
    if (!this.#stopped) this.#timer = setTimeout(() => void this.#tick(), VERIFY_POLL_MS);
  }
}
