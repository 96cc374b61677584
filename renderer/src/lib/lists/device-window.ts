/**
 * Which rows of the device list to ask the core for. The list can hold a million rows, so the
 * renderer only ever holds a window of them: the visible rows plus one screen either side,
 * re-asked before the technician scrolls to its edge.
 */
import type { DeviceView, DeviceWindow } from '$shared';

/** Rows start … end − 1. */
export interface RowRange {
  start: number;
  end: number;
}

/** The contract's largest `limit`. */
export const MAX_WINDOW_ROWS = 500;

/** The request that loads `visible` and one screen either side (never more than `maxRows`). */
export const windowAround = (
  visible: RowRange,
  count: number | null,
  maxRows: number = MAX_WINDOW_ROWS,
): { offset: number; limit: number } => {
  const screen = Math.max(1, visible.end - visible.start);
  let offset = Math.max(0, visible.start - screen);
  let end = visible.end + screen;
  if (count !== null) end = Math.min(end, Math.max(count, offset + 1));
  if (end - offset > maxRows) {
    // A very tall viewport: centre what fits on the visible rows.
    offset = Math.max(0, visible.start - Math.max(0, Math.floor((maxRows - screen) / 2)));
    end = offset + maxRows;
  }
  return { offset, limit: Math.max(1, end - offset) };
};

/**
 * Whether `loaded` already holds the visible rows and `margin` rows either side. The margin
 * makes the next window arrive before the technician reaches the edge of this one.
 */
export const covers = (
  loaded: RowRange | null,
  visible: RowRange,
  count: number,
  margin: number,
): boolean => {
  if (loaded === null) return false;
  const start = Math.max(0, visible.start - margin);
  const end = Math.min(count, visible.end + margin);
  return end <= start || (loaded.start <= start && loaded.end >= end);
};

/** The rows a window answer holds. */
export const rangeOf = (window: Pick<DeviceWindow, 'offset' | 'rows'>): RowRange => ({
  start: window.offset,
  end: window.offset + window.rows.length,
});

/** Row `index` of the whole list, if the window holds it. */
export const rowOf = (
  window: Pick<DeviceWindow, 'offset' | 'rows'> | null,
  index: number,
): DeviceView | undefined => (window === null ? undefined : window.rows[index - window.offset]);

/** The same number of rows, moved to the top (a new search starts at the first match). */
export const atTop = (range: RowRange): RowRange => ({ start: 0, end: range.end - range.start });
