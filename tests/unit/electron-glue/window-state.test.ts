import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  screen: {
    getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }]),
    getPrimaryDisplay: vi.fn(() => ({ workArea: { x: 0, y: 0, width: 1920, height: 1040 } })),
  },
}));
vi.mock('electron', () => electron);

const { restoredPlacement, trackWindowState, WINDOW_STATE_FILE } =
  await import('../../../electron/main/window-state');

type Listener = () => void;
const fakeWindow = () => {
  const listeners = new Map<string, Listener[]>();
  return {
    bounds: { x: 100, y: 50, width: 1000, height: 700 },
    maximized: false,
    minimized: false,
    on(name: string, listener: Listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
    },
    emit(name: string) {
      for (const listener of listeners.get(name) ?? []) listener();
    },
    isDestroyed: () => false,
    isMinimized() {
      return this.minimized;
    },
    isMaximized() {
      return this.maximized;
    },
    getNormalBounds() {
      return this.bounds;
    },
  };
};
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

describe('window state glue (mocked electron screen, real files)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fi-window-'));
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });

  it('saves after moves settle and on close, atomically, and the next window opens there', async () => {
    vi.useFakeTimers();
    const window = fakeWindow();
    trackWindowState(window as never, dir, log, 100);
    window.bounds = { x: 300, y: 200, width: 1100, height: 760 };
    window.emit('move');
    window.emit('resize');
    expect(existsSync(join(dir, WINDOW_STATE_FILE))).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(JSON.parse(readFileSync(join(dir, WINDOW_STATE_FILE), 'utf8'))).toEqual({
      x: 300,
      y: 200,
      width: 1100,
      height: 760,
      maximized: false,
    });
    window.maximized = true;
    window.emit('close');
    expect(readdirSync(dir)).toEqual([WINDOW_STATE_FILE]); // no temporary file left behind
    expect(restoredPlacement(dir)).toEqual({
      x: 300,
      y: 200,
      width: 1100,
      height: 760,
      maximized: true,
    });
  });

  it('does not save a minimised window’s bounds', () => {
    const window = fakeWindow();
    trackWindowState(window as never, dir, log);
    window.minimized = true;
    window.emit('close');
    expect(existsSync(join(dir, WINDOW_STATE_FILE))).toBe(false);
  });

  it('centres a window from a monitor that is no longer attached on the primary display', () => {
    writeFileSync(
      join(dir, WINDOW_STATE_FILE),
      JSON.stringify({ x: 2500, y: 100, width: 1000, height: 700, maximized: false }),
    );
    expect(restoredPlacement(dir)).toEqual({
      x: 460,
      y: 170,
      width: 1000,
      height: 700,
      maximized: false,
    });
  });

  it('opens at the default size when the file is damaged', () => {
    writeFileSync(join(dir, WINDOW_STATE_FILE), '{"x":');
    expect(restoredPlacement(dir)).toEqual({ width: 1200, height: 800, maximized: false });
  });
});
