import { describe, expect, it } from 'vitest';
import type { DeviceView as Device } from '../../../electron/shared';
import { aDeviceView } from '../../helpers/device-view';
import {
  atTop,
  covers,
  MAX_WINDOW_ROWS,
  rangeOf,
  rowOf,
  windowAround,
} from '../../../renderer/src/lib/lists/device-window';
import {
  listOffset,
  MAX_SCROLL_PX,
  scrollAreaHeight,
  viewportRows,
  visibleRange,
} from '../../../renderer/src/lib/lists/virtual-range';

describe('the window of rows to ask for', () => {
  it('is the visible rows plus one screen either side', () => {
    expect(windowAround({ start: 100, end: 112 }, 1_000_000)).toEqual({ offset: 88, limit: 36 });
  });
  it('stops at the top and at the last row', () => {
    expect(windowAround({ start: 0, end: 12 }, 1_000_000)).toEqual({ offset: 0, limit: 24 });
    expect(windowAround({ start: 990, end: 1000 }, 1000)).toEqual({ offset: 980, limit: 20 });
  });
  it('asks past the end while the count is not known yet (a new search)', () => {
    expect(windowAround({ start: 0, end: 12 }, null)).toEqual({ offset: 0, limit: 24 });
  });
  it('asks at least one row, even of an empty list', () => {
    expect(windowAround({ start: 0, end: 0 }, 0)).toEqual({ offset: 0, limit: 1 });
  });
  it('never asks more than the contract allows, centred on what is visible', () => {
    const ask = windowAround({ start: 10_000, end: 10_400 }, 1_000_000);
    expect(ask.limit).toBe(MAX_WINDOW_ROWS);
    expect(ask.offset).toBeLessThanOrEqual(10_000);
    expect(ask.offset + ask.limit).toBeGreaterThanOrEqual(10_400);
  });
});

describe('whether the loaded rows cover the view', () => {
  it('asks again before the technician reaches the edge of the loaded rows', () => {
    const loaded = { start: 88, end: 124 };
    expect(covers(loaded, { start: 100, end: 112 }, 1000, 6)).toBe(true);
    expect(covers(loaded, { start: 110, end: 122 }, 1000, 6)).toBe(false);
    expect(covers(null, { start: 0, end: 12 }, 1000, 6)).toBe(false);
  });
  it('counts the list ends as covered', () => {
    expect(covers({ start: 980, end: 1000 }, { start: 990, end: 1000 }, 1000, 6)).toBe(true);
    expect(covers({ start: 0, end: 0 }, { start: 0, end: 0 }, 0, 6)).toBe(true);
  });
});

describe('rows of a window', () => {
  const device = (n: number): Device => aDeviceView(`FTC-${n}`);
  const window = { offset: 50, rows: [device(50), device(51)] };
  it('finds a row by its place in the whole list', () => {
    expect(rowOf(window, 51)?.serial).toBe('FTC-51');
    expect(rowOf(window, 49)).toBeUndefined();
    expect(rowOf(window, 52)).toBeUndefined();
    expect(rowOf(null, 0)).toBeUndefined();
    expect(rangeOf(window)).toEqual({ start: 50, end: 52 });
  });
  it('moves a range to the top keeping its size', () => {
    expect(atTop({ start: 500, end: 512 })).toEqual({ start: 0, end: 12 });
  });
});

describe('virtual list range', () => {
  it('renders only the rows in view plus overscan', () => {
    expect(visibleRange(100_000, 50, 0, 500, 5)).toEqual({ start: 0, end: 15 });
    expect(visibleRange(100_000, 50, 50_000, 500, 5)).toEqual({ start: 995, end: 1015 });
  });
  it('never runs past the end or below zero', () => {
    expect(visibleRange(10, 50, 10_000, 500, 5)).toEqual({ start: 9, end: 10 });
    expect(visibleRange(0, 50, 0, 500, 5)).toEqual({ start: 0, end: 0 });
  });
});

describe('the rows the viewport has room for', () => {
  it('are a screenful wherever the list is scrolled', () => {
    expect(viewportRows(50, 0, 500)).toEqual({ start: 0, end: 10 });
    expect(viewportRows(50, 1_025, 500)).toEqual({ start: 20, end: 30 });
  });
  it('do not shrink to a short list, so the next search asks for a whole screen', () => {
    // visibleRange of a 1-row list ends at 1; the owner asks the core for the room instead.
    expect(visibleRange(1, 50, 0, 500, 0)).toEqual({ start: 0, end: 1 });
    expect(viewportRows(50, 0, 500)).toEqual({ start: 0, end: 10 });
  });
});

describe('a million rows in a scroll area browsers can draw', () => {
  it('is the plain list while it fits', () => {
    expect(scrollAreaHeight(100_000, 56)).toBe(5_600_000);
    expect(listOffset(123_456, 100_000, 56, 600)).toBe(123_456);
  });
  it('caps the scroll area and maps its top and bottom onto the first and last rows', () => {
    const count = 1_000_000;
    expect(scrollAreaHeight(count, 56)).toBe(MAX_SCROLL_PX);
    expect(listOffset(0, count, 56, 600)).toBe(0);
    const bottom = listOffset(MAX_SCROLL_PX - 600, count, 56, 600);
    expect(bottom).toBe(count * 56 - 600);
    expect(visibleRange(count, 56, bottom, 600, 0).end).toBe(count);
    // Halfway down the scroll area is about halfway down the list.
    const middle = listOffset((MAX_SCROLL_PX - 600) / 2, count, 56, 600);
    expect(Math.round(middle / 56)).toBe(Math.round((count * 56 - 600) / 2 / 56));
  });
});
