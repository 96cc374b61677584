/** The running sync's cancel (engine/run-cancellation.ts): one controller per run. */
import { describe, expect, it } from 'vitest';
import { RunCancellation } from '../../../../electron/core/sync/engine/run-cancellation';

describe('run cancellation', () => {
  it('cancel stops the run going on, and what joined it (the same signal)', () => {
    const c = new RunCancellation();
    const run = c.begin();
    const joined = c.current();
    c.cancel();
    expect(run.aborted).toBe(true);
    expect(joined.aborted).toBe(true);
  });

  it('a cancel after the run ended stops nothing later, and no run means a signal nothing aborts', () => {
    const c = new RunCancellation();
    const first = c.begin();
    c.end();
    c.cancel();
    expect(first.aborted, 'the ended run is left alone').toBe(false);
    const idle = c.current();
    c.cancel();
    expect(idle.aborted).toBe(false);
    const next = c.begin();
    expect(next.aborted, 'a new run starts uncancelled').toBe(false);
  });
});
