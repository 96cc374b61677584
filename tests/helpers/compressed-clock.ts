/**
 * Hours in seconds, for tests and the bench that follow the sync schedule (decision record 32): the
 * core's schedule timers (CoreOptions.timers) go to a queue this clock fires in order, and
 * `Date` (what every part of the core and the sandbox reads the time from) is moved to each
 * timer's time as it fires. Real I/O — HTTP to the sandbox, SQLite, the keychain — runs for
 * real between timers; `settle` says when the work a timer started is over.
 */
import type { Timers } from '../../electron/core/sync/connectivity';

interface Pending {
  id: number;
  at: number;
  callback: () => void;
}

const RealDate = Date;

export class CompressedClock implements Timers {
  #offset = 0;
  #queue: Pending[] = [];
  #next = 1;
  #installed = false;

  /** The shifted time (ms since the epoch). */
  now(): number {
    return RealDate.now() + this.#offset;
  }

  /** Moves `Date` with this clock until `restore` (call it in a finally). */
  install(): () => void {
    if (this.#installed) throw new Error('the clock is installed already');
    this.#installed = true;
    const now = () => this.now();
    // A subclass, so `instanceof Date`, parsing and formatting stay the real ones; only "now"
    // (no arguments, and Date.now) is shifted.
    function Shifted(...args: unknown[]): unknown {
      if (!new.target) return new RealDate(now()).toString();
      return args.length === 0
        ? new RealDate(now())
        : Reflect.construct(RealDate, args, new.target);
    }
    Object.setPrototypeOf(Shifted, RealDate);
    Shifted.prototype = RealDate.prototype;
    Shifted.now = now;
    globalThis.Date = Shifted as unknown as DateConstructor;
    return () => {
      globalThis.Date = RealDate;
      this.#installed = false;
    };
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#queue.push({ id, at: this.now() + Math.max(0, ms), callback });
    this.#queue.sort((a, b) => a.at - b.at || a.id - b.id);
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#queue = this.#queue.filter((t) => t.id !== handle);
  }

  /** Timers waiting, for tests that look at the schedule. */
  pending(): number[] {
    return this.#queue.map((t) => t.at - this.now());
  }

  /**
   * Moves the clock `ms` ahead, firing every timer that falls due on the way, in order, each
   * at its own time; after each, `settle` waits for the work it started (real I/O).
   */
  async advance(ms: number, settle: () => Promise<void> = async () => undefined): Promise<void> {
    const target = this.now() + ms;
    for (;;) {
      const due = this.#queue[0];
      if (!due || due.at > target) break;
      this.#queue.shift();
      this.#offset += Math.max(0, due.at - this.now());
      due.callback();
      await settle();
    }
    this.#offset += Math.max(0, target - this.now());
    await settle();
  }
}
