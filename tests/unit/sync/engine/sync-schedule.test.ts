/**
 * The sync engine's schedule alone (engine/sync-schedule.ts): when the next run comes after
 * a success, a failure, a server's Retry-After, a lost connection, and a stop met by an
 * action sent outside the run. Its timers are a compressed clock's; "due" is counted.
 */
import { describe, expect, it } from 'vitest';
import type { AppErrorShape } from '../../../../electron/shared';
import { SyncSchedule } from '../../../../electron/core/sync/engine/sync-schedule';
import { CompressedClock } from '../../../helpers/compressed-clock';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const server: AppErrorShape = { kind: 'server', code: 'server', params: { status: 503 } };
const offline: AppErrorShape = {
  kind: 'offline',
  code: 'offline',
  params: { host: 'api.example' },
};

function schedule(over: { online?: () => boolean; fullDueAt?: () => number } = {}) {
  const clock = new CompressedClock();
  let due = 0;
  const s = new SyncSchedule({
    timers: clock,
    now: () => clock.now(),
    refreshEveryMs: 15 * MINUTE,
    backoffMs: 5 * SECOND,
    maxBackoffMs: 5 * MINUTE,
    isOnline: over.online ?? (() => true),
    // Far ahead unless said: the periodic pace is the usual one.
    fullDueAt: over.fullDueAt ?? (() => clock.now() + 24 * 60 * MINUTE),
    due: () => (due += 1),
  });
  /** The one timer planned, in ms from now, to the second (the clock runs on in real time). */
  const planned = () => {
    const pending = clock.pending();
    expect(pending, 'one timer at a time').toHaveLength(1);
    return Math.round((pending[0] as number) / SECOND) * SECOND;
  };
  return { clock, s, planned, due: () => due };
}

describe('sync schedule', () => {
  it('backs off doubling after each failure up to the most, and a success brings the usual pace back', () => {
    const { s, planned } = schedule();
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      s.afterRun(server);
      waits.push(planned());
    }
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 300, 300].map((n) => n * SECOND));
    s.afterRun(null);
    expect(planned()).toBe(15 * MINUTE);
    s.afterRun(server);
    expect(planned(), 'the failures before the success are forgotten').toBe(5 * SECOND);
  });

  it('honours a Retry-After up to the periodic pace, never a day (nor past setTimeout’s range)', () => {
    const { s, planned } = schedule();
    s.afterRun({ kind: 'rate_limited', code: 'rate_limited', retryAfterS: 90 });
    expect(planned()).toBe(90 * SECOND);
    s.afterRun({ kind: 'rate_limited', code: 'rate_limited', retryAfterS: 86_400 * 40 });
    expect(planned()).toBe(15 * MINUTE);
  });

  it('offline, it waits the usual pace (the return of the link runs sync), not a backoff', () => {
    const { s, planned } = schedule();
    s.afterRun(offline);
    expect(planned()).toBe(15 * MINUTE);
  });

  it('comes sooner when the full lists fall due before the usual pace; overdue ones wait the usual pace', () => {
    let dueIn = 4 * MINUTE;
    const { clock, s, planned } = schedule({ fullDueAt: () => clock.now() + dueIn });
    s.afterRun(null);
    expect(planned()).toBe(4 * MINUTE);
    dueIn = -MINUTE;
    s.afterRun(null);
    expect(planned(), 'a cancelled download does not start again at once').toBe(15 * MINUTE);
  });

  it('runs when the time comes online, and plans again at the usual pace when offline', async () => {
    let online = false;
    const { clock, s, planned, due } = schedule({ online: () => online });
    s.in(10 * SECOND);
    expect(s.nextAttemptAt).toBe(clock.now() + 10 * SECOND);
    await clock.advance(10 * SECOND);
    expect(due()).toBe(0);
    expect(planned()).toBe(15 * MINUTE);
    online = true;
    await clock.advance(15 * MINUTE);
    expect(due()).toBe(1);
    expect(s.nextAttemptAt).toBeNull();
  });

  it('a stop met by an action sent during a run is planned when the run ends, and said as its stop', () => {
    const { clock, s, planned } = schedule();
    s.retryLater(server, true);
    expect(clock.pending(), 'the run going on plans the next one').toEqual([]);
    expect(s.afterRun(null)).toEqual(server);
    expect(planned()).toBe(5 * SECOND);
    expect(s.afterRun(null), 'said once').toBeNull();
    s.retryLater(server, false);
    expect(planned(), 'no run going on: planned at once').toBe(5 * SECOND);
  });

  it('plans nothing once stopped, until started again', () => {
    const { clock, s, planned } = schedule();
    s.in(MINUTE);
    s.stop();
    expect(clock.pending()).toEqual([]);
    s.afterRun(null);
    expect(clock.pending()).toEqual([]);
    s.start();
    s.afterRun(null);
    expect(planned()).toBe(15 * MINUTE);
  });

  it('forgets the failures when the connection comes back', () => {
    const { s, planned } = schedule();
    s.afterRun(server);
    s.afterRun(server);
    expect(planned()).toBe(10 * SECOND);
    s.reconnected();
    s.afterRun(server);
    expect(planned()).toBe(5 * SECOND);
  });
});
