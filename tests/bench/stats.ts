/** Order statistics for benchmark samples (nearest-rank, so every figure is a real sample). */

const percentile = (samples: readonly number[], p: number): number => {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
};

export const median = (samples: readonly number[]): number => percentile(samples, 50);
export const p95 = (samples: readonly number[]): number => percentile(samples, 95);

export const max = (samples: readonly number[]): number =>
  samples.length === 0 ? Number.NaN : samples.reduce((a, b) => (b > a ? b : a), -Infinity);

/** Rounds for display and JSON: measurement noise makes more digits meaningless. */
export const round = (value: number, digits = 2): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * Runs `step` up to `count` times but stops once `budgetMs` has passed, so a slow machine
 * yields fewer samples instead of a bench that never ends. Returns how many steps ran.
 */
export async function bounded(
  count: number,
  budgetMs: number,
  step: (i: number) => Promise<void>,
): Promise<number> {
  const deadline = performance.now() + budgetMs;
  let i = 0;
  for (; i < count && performance.now() < deadline; i++) await step(i);
  return i;
}
