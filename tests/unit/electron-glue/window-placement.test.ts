import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SIZE,
  parseWindowState,
  placeWindow,
  type Rect,
} from '../../../electron/main/window-placement';

const LAPTOP: Rect = { x: 0, y: 0, width: 1366, height: 728 }; // 768 minus a taskbar
const MONITOR_RIGHT: Rect = { x: 1366, y: 0, width: 2560, height: 1400 };
const MONITOR_LEFT_ABOVE: Rect = { x: -1920, y: -1080, width: 1920, height: 1040 };

describe('window placement (pure, runs for real)', () => {
  it('opens at the default size, placed by the OS, when nothing was saved', () => {
    expect(placeWindow(null, [LAPTOP], LAPTOP)).toEqual({ ...DEFAULT_SIZE, maximized: false });
  });

  it('restores size, position and maximised state on a display that still exists', () => {
    const saved = { x: 1500, y: 100, width: 1400, height: 900, maximized: true };
    expect(placeWindow(saved, [LAPTOP, MONITOR_RIGHT], LAPTOP)).toEqual(saved);
    const left = { x: -1800, y: -1000, width: 1000, height: 700, maximized: false };
    expect(placeWindow(left, [LAPTOP, MONITOR_LEFT_ABOVE], LAPTOP)).toEqual(left);
  });

  it('brings a window saved on a monitor that is gone back centred on the primary display', () => {
    const saved = { x: 1500, y: 100, width: 1400, height: 900, maximized: false };
    expect(placeWindow(saved, [LAPTOP], LAPTOP)).toEqual({
      x: 0,
      y: 0,
      width: 1366,
      height: 728,
      maximized: false,
    });
    const small = { x: 3000, y: 500, width: 800, height: 600, maximized: true };
    expect(placeWindow(small, [LAPTOP], LAPTOP)).toEqual({
      x: 283,
      y: 64,
      width: 800,
      height: 600,
      maximized: true,
    });
  });

  it('treats a window whose title bar is out of reach as lost (only its bottom edge showing)', () => {
    const saved = { x: 100, y: -780, width: 800, height: 800, maximized: false };
    const placed = placeWindow(saved, [LAPTOP], LAPTOP);
    expect(placed.y).toBeGreaterThanOrEqual(0);
    expect(placed).toMatchObject({ x: 283, width: 800 });
  });

  it('pulls a window hanging off the edge fully onto its display and fits it', () => {
    const saved = { x: 1200, y: 600, width: 1000, height: 600, maximized: false };
    expect(placeWindow(saved, [LAPTOP], LAPTOP)).toEqual({
      x: 366,
      y: 128,
      width: 1000,
      height: 600,
      maximized: false,
    });
    const huge = { x: 0, y: 0, width: 4000, height: 3000, maximized: false };
    expect(placeWindow(huge, [LAPTOP], LAPTOP)).toMatchObject({ width: 1366, height: 728 });
  });

  it('never goes below the minimum size', () => {
    const tiny = { x: 10, y: 10, width: 50, height: 40, maximized: false };
    expect(placeWindow(tiny, [LAPTOP], LAPTOP)).toMatchObject({ width: 640, height: 520 });
  });

  it.each([
    null,
    '',
    'not json',
    '[]',
    '{"x":1,"y":2,"width":3}',
    '{"x":1,"y":2,"width":3,"height":4,"maximized":"yes"}',
    '{"x":1e9,"y":2,"width":300,"height":400,"maximized":false}',
    '{"x":1.5,"y":2,"width":300,"height":400,"maximized":false}',
    '{"x":1,"y":2,"width":300,"height":400,"maximized":false,"extra":1}',
  ])('ignores a missing or damaged state file %j', (text) => {
    expect(parseWindowState(text)).toBeNull();
  });

  it('reads what it wrote', () => {
    const state = { x: -5, y: 20, width: 900, height: 700, maximized: true };
    expect(parseWindowState(JSON.stringify(state))).toEqual(state);
  });
});
