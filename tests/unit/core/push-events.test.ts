/** The core's push events driven alone (push-events.ts): every listener hears each event
 * until it stops listening or the core clears them at close. */
import { describe, expect, it } from 'vitest';
import type { PushEvent } from '../../../electron/shared';
import { createPushEvents } from '../../../electron/core/push-events';

describe('push events', () => {
  it('reaches every listener until it stops listening, and none after clear', () => {
    const events = createPushEvents();
    const a: PushEvent[] = [];
    const b: PushEvent[] = [];
    const stopA = events.on((e) => void a.push(e));
    events.on((e) => void b.push(e));
    const first: PushEvent = { type: 'connectivity', online: false };
    const second: PushEvent = { type: 'connectivity', online: true };
    events.emit(first);
    stopA();
    events.emit(second);
    events.clear();
    events.emit(first);
    expect(a).toEqual([first]);
    expect(b).toEqual([first, second]);
  });
});
