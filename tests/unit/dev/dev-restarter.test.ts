import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRestarter, restartsApp, type DevProcess } from '../../../build/dev-restarter';

/** A stand-in process handle: records its life, ends when stopped. */
const fakeProcess = (events: string[], name: string): DevProcess => {
  let end!: () => void;
  const exited = new Promise<void>((done) => (end = done));
  events.push(`start ${name}`);
  return {
    exited,
    stop: () => {
      events.push(`stop ${name}`);
      end();
    },
  };
};

describe('npm run dev: when Electron restarts', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['main.cjs', true],
    ['preload.cjs', true],
    ['dist/electron/main.cjs', true],
    ['dist\\electron\\preload.cjs', true],
    ['main.cjs.map', false],
    ['index.html', false],
    ['assets/index-abc.js', false],
    ['domain.cjs', false],
  ])('%s restarts the app: %s', (file, expected) => {
    expect(restartsApp(file)).toBe(expected);
  });

  it('starts once after a burst of bundle writes, and restarts only after the old one ended', async () => {
    vi.useFakeTimers();
    const events: string[] = [];
    let n = 0;
    const restarter = createRestarter(() => fakeProcess(events, `#${(n += 1)}`), { delayMs: 100 });
    restarter.changed('preload.cjs');
    restarter.changed('main.cjs');
    await vi.advanceTimersByTimeAsync(50);
    restarter.changed('main.cjs');
    await vi.advanceTimersByTimeAsync(99);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toEqual(['start #1']);

    restarter.changed('index.html'); // the renderer: reloaded in place, no restart
    await vi.advanceTimersByTimeAsync(500);
    expect(events).toEqual(['start #1']);

    restarter.changed('main.cjs');
    await vi.advanceTimersByTimeAsync(100);
    expect(events).toEqual(['start #1', 'stop #1', 'start #2']);

    await restarter.close();
    expect(events).toEqual(['start #1', 'stop #1', 'start #2', 'stop #2']);
    restarter.changed('main.cjs');
    await vi.advanceTimersByTimeAsync(500);
    expect(events.at(-1)).toBe('stop #2');
  });
});
