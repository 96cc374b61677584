/**
 * What the sync engine says of itself (engine/sync-status.ts): a snapshot the caller cannot
 * change, the other parts' facts in it, and progress said at most every 100 ms however often
 * it comes, a task's end at once.
 */
import { describe, expect, it } from 'vitest';
import type { SyncState } from '../../../../electron/shared';
import { SyncStatus } from '../../../../electron/core/sync/engine/sync-status';
import { CompressedClock } from '../../../helpers/compressed-clock';

function status() {
  const clock = new CompressedClock();
  const said: SyncState[] = [];
  const s = new SyncStatus({
    timers: clock,
    now: () => clock.now(),
    progressEveryMs: 100,
    onState: (state) => said.push(state),
    running: () => true,
    nextAttemptAt: () => Date.UTC(2026, 0, 2, 3, 4, 5),
    held: () => 'slow_link',
  });
  return { clock, s, said };
}

const job = { resource: 'devices' as const, locationId: null, run: () => Promise.resolve() };

describe('sync status', () => {
  it('says a run’s tasks, the other parts’ facts, and a snapshot the caller cannot change', () => {
    const { s } = status();
    const tasks = s.begin([job, { ...job, resource: 'locations' }]);
    const before = s.snapshot();
    expect(before).toMatchObject({
      running: true,
      sending: false,
      lastCompletedAt: null,
      nextAttemptAt: '2026-01-02T03:04:05.000Z',
      held: 'slow_link',
    });
    expect(before.tasks.map((t) => [t.resource, t.state])).toEqual([
      ['devices', 'waiting'],
      ['locations', 'waiting'],
    ]);
    (tasks[0] as (typeof tasks)[number]).state = 'running';
    expect(before.tasks[0]?.state, 'the snapshot said stays as said').toBe('waiting');
    expect(s.snapshot().tasks[0]?.state).toBe('running');
  });

  it('says progress at most every 100 ms, the newest figures, however often it comes', async () => {
    const { clock, s, said } = status();
    const [task] = s.begin([job]);
    s.emitNow();
    expect(said).toHaveLength(1);
    for (let fetched = 1; fetched <= 1_000; fetched++) {
      (task as NonNullable<typeof task>).fetched = fetched;
      s.emitSoon();
    }
    expect(said, 'nothing before 100 ms').toHaveLength(1);
    await clock.advance(100);
    expect(said).toHaveLength(2);
    expect(said[1]?.tasks[0]?.fetched).toBe(1_000);
  });

  it('a task’s end is said at once and replaces the progress waiting; stopped, nothing more is said', async () => {
    const { clock, s, said } = status();
    s.begin([job]);
    s.emitNow();
    s.emitSoon();
    s.emitNow();
    await clock.advance(1_000);
    expect(said).toHaveLength(2);
    s.emitSoon();
    s.stop();
    await clock.advance(1_000);
    expect(said).toHaveLength(2);
  });
});
