/**
 * The longest event-loop delay (ms) while `work` runs: how long this thread was held at once
 * (perf_hooks.monitorEventLoopDelay, 1 ms resolution). Its timer must fire once before the work
 * (a block before its first tick is not seen) and once after it (a block is recorded by the
 * tick that follows it). Tests compare it with a generous bound, never a wall time.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

export async function longestBlock<T>(
  work: () => Promise<T>,
): Promise<{ result: T; blockMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await tick();
  try {
    const result = await work();
    await tick();
    return { result, blockMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}
