import type { AppErrorShape, Device } from '../../../../electron/shared';
import { toErrorShape } from '../transport/app-failure';
import { isoNow } from '../traffic/traffic';
import { call } from '../transport/transport';

export const VERIFY_POLL_MS = 3000;

/**
 * Live verification: polls the device (last check-in, update interval) and its minute-level
 * foot traffic since the install, every few seconds, until stopped. The screen derives its
 * state from `device` with the shared rule (device-health.ts), never from a flag kept here,
 * so a device that falls silent after its first check-in shows "Silent" like the tables do.
 */
export class VerifyPoll {
  device = $state.raw<Pick<Device, 'last_checkin_at' | 'update_interval_s'> | null>(null);
  /** When the last answer arrived: the state is judged at least as of then. */
  polledAt = $state(0);
  walkCount = $state(0);
  error = $state<AppErrorShape | null>(null);
  polls = $state(0);
  #timer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;
  readonly #target: () => { serial: string; walkFrom: string };

  /**
   * `target` is read on every poll, so the screen's current props are always used;
   * `walkFrom` is where the walk test starts counting.
   */
  constructor(target: () => { serial: string; walkFrom: string }) {
    this.#target = target;
  }

  get lastCheckinAt(): string | null {
    return this.device?.last_checkin_at ?? null;
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
    const { serial, walkFrom } = this.#target();
    // Asked apart: a foot-traffic answer that fails must not hide a check-in that arrived
    // (the screen would say "Waiting for first check-in" for a device that checks in).
    const [device, traffic] = await Promise.allSettled([
      call('getDevice', { serial, fresh: true }),
      call('deviceFootTraffic', { serial, from: walkFrom, to: isoNow(), granularity: 'minute' }),
    ]);
    if (device.status === 'fulfilled') {
      this.device = {
        last_checkin_at: device.value.value.last_checkin_at ?? null,
        update_interval_s: device.value.value.update_interval_s ?? null,
      };
      this.polledAt = Date.now();
    }
    if (traffic.status === 'fulfilled') this.walkCount = traffic.value.total;
    const failed = [device, traffic].find((r) => r.status === 'rejected');
    this.error = failed ? toErrorShape(failed.reason) : null;
    this.polls += 1;
    if (!this.#stopped) this.#timer = setTimeout(() => void this.#tick(), VERIFY_POLL_MS);
  }
}
