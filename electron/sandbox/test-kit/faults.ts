/** Decides, per /v1 request, whether and how to misbehave. Rolls come from the seeded PRNG. */
import { createRng } from '../prng';
import type { FaultKind, Faults } from '../types';

const NO_FAULTS: Faults = {
  latencyMs: 0,
  jitterMs: 0,
  errorRate: 0,
  rateLimitRate: 0,
  retryAfterS: 1,
  dropRate: 0,
  malformedRate: 0,
  stallRate: 0,
  htmlRate: 0,
};

export interface FaultDecision {
  delayMs: number;
  kind: FaultKind | null;
  /** 5xx status for 'error'. */
  status: number;
  afterHandling: boolean;
}

const ERROR_STATUSES = [500, 502, 503] as const;

export class FaultEngine {
  private faults: Faults = { ...NO_FAULTS };
  private pattern: RegExp | null = null;
  private readonly rng;

  constructor(seed: number, initial?: Partial<Faults>) {
    this.rng = createRng(seed ^ 0x5eed);
    if (initial) this.merge(initial);
  }

  current(): Faults {
    return {
      ...this.faults,
      ...(this.faults.failNext ? { failNext: { ...this.faults.failNext } } : {}),
    };
  }

  merge(partial: Partial<Faults>): void {
    // Copy failNext: decide() counts it down and must not touch the caller's object.
    this.faults = {
      ...this.faults,
      ...partial,
      ...(partial.failNext ? { failNext: { ...partial.failNext } } : {}),
    };
    this.pattern = this.faults.pathPattern ? new RegExp(this.faults.pathPattern) : null;
  }

  clear(): void {
    this.faults = { ...NO_FAULTS };
    this.pattern = null;
  }

  decide(method: string, path: string): FaultDecision {
    const f = this.faults;
    const none: FaultDecision = { delayMs: 0, kind: null, status: 0, afterHandling: false };
    if (this.pattern && !this.pattern.test(path)) return none;
    if (
      f.methods &&
      f.methods.length > 0 &&
      !f.methods.map((m) => m.toUpperCase()).includes(method)
    )
      return none;
    const delayMs = f.latencyMs + (f.jitterMs > 0 ? Math.floor(this.rng.next() * f.jitterMs) : 0);
    if (f.failNext && f.failNext.count > 0) {
      const { kind, status, afterHandling } = f.failNext;
      f.failNext.count -= 1;
      if (f.failNext.count <= 0) delete f.failNext;
      return { delayMs, kind, status: status ?? 503, afterHandling: afterHandling ?? false };
    }
    const roll = this.rng.next();
    const table: [FaultKind, number][] = [
      ['error', f.errorRate],
      ['rate_limit', f.rateLimitRate],
      ['drop', f.dropRate],
      ['malformed', f.malformedRate],
      ['stall', f.stallRate],
      ['html', f.htmlRate],
    ];
    let edge = 0;
    for (const [kind, rate] of table) {
      edge += Math.max(0, rate);
      if (roll < edge)
        return { delayMs, kind, status: this.rng.pick(ERROR_STATUSES), afterHandling: false };
    }
    return { ...none, delayMs };
  }
}
