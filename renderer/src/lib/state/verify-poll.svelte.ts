import type { AppErrorShape, VerificationReading } from '$shared';
import { toErrorShape } from '../transport/app-failure';
import { call } from '../transport/transport';

export const VERIFY_POLL_MS = 3000;

/**
 * Live verification: asks the core every few seconds what it reads from the server — the
 * device's last check-in and the walk test's count since it started — until stopped. The
 * screen derives its state from `reading` with the shared rule (electron/shared/device-health.ts),
 * never from a flag kept here, so a device that falls silent shows "Silent" like the tables do.
 */
export class VerifyPoll {
  reading = $state.raw<VerificationReading | null>(null);
  /** When the last answer arrived: the state is judged at least as of then. */
  polledAt = $state(0);
  error = $state<AppErrorShape | null>(null);
  #timer: ReturnType<typeof setTimeout> | null = null;
  #stopped = true;
  #inFlight = false;
  /** Asked for while a reading was on its way: read again as soon as it is in. */
  #again = false;
  readonly #serial: () => string;

  /** `serial` is read on every poll, so the screen's current prop is always used. */
  constructor(serial: () => string) {
    this.#serial = serial;
  }

  get device(): VerificationReading['device'] | null {
    return this.reading?.device ?? null;
  }

  get walk(): VerificationReading['walk'] {
    return this.reading?.walk ?? null;
  }

  /** Starts polling now (again, if stopped); the answer is the function that stops it. */
  start(): () => void {
    this.#stopped = false;
    this.now();
    return () => this.stop();
  }

  /** Asks now (the walk test was just started), keeping the pace after. */
  now(): void {
    if (this.#stopped) return;
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    if (this.#timer) clearTimeout(this.#timer);
    void this.#tick();
  }

  stop(): void {
    this.#stopped = true;
    this.#again = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #tick(): Promise<void> {
    this.#timer = null;
    this.#inFlight = true;
    try {
      this.reading = await call('readVerification', { serial: this.#serial() });
      this.polledAt = Date.now();
      this.error = null;
    } catch (e) {
      // The last reading stays shown beside what went wrong.
      this.error = toErrorShape(e);
    } finally {
      this.#inFlight = false;
    }
    if (this.#stopped) return;
    if (this.#again) {
      this.#again = false;
      void this.#tick();
    } else this.#timer = setTimeout(() => void this.#tick(), VERIFY_POLL_MS);
  }
}
