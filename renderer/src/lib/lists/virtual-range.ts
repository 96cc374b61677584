/** Which rows of a fixed-height list to render for a scroll position (end is exclusive). */
export const visibleRange = (
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewportHeight: number,
  overscan: number,
): { start: number; end: number } => {
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const shown = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight);
  const start = Math.max(0, Math.min(count - 1, first - overscan));
  const end = Math.min(count, first + shown + overscan);
  return { start, end: Math.max(start, end) };
};

/**
 * The rows the viewport has room for at a scroll position, whether or not the list has that
 * many (end is exclusive). The list's owner asks for these: a search that matched one row
 * must not shrink the next search's first request to one row, which took a second round trip
 * to fill the screen.
 */
export const viewportRows = (
  rowHeight: number,
  scrollTop: number,
  viewportHeight: number,
): { start: number; end: number } => {
  if (rowHeight <= 0) return { start: 0, end: 0 };
  const start = Math.floor(Math.max(0, scrollTop) / rowHeight);
  return { start, end: start + Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight) };
};

/**
 * Tallest scroll area the list makes. Browsers cap an element's height (Chromium near
 * 33.5 million px, Firefox near 17.9 million): a million 56 px rows would be cut off there
 * and the last rows never reached.
 */
export const MAX_SCROLL_PX = 15_000_000;

/** The scroll area's height for `count` rows. */
export const scrollAreaHeight = (count: number, rowHeight: number, max = MAX_SCROLL_PX): number =>
  Math.min(count * rowHeight, max);

/**
 * Where in the full list of rows a scroll position is. Identity while the list fits the scroll
 * area; past that, the scroll area's range maps linearly onto the list's, so its top is the
 * first row and its bottom the last (one pixel of scrolling then moves a little more).
 */
export const listOffset = (
  scrollTop: number,
  count: number,
  rowHeight: number,
  viewportHeight: number,
  max = MAX_SCROLL_PX,
): number => {
  const full = count * rowHeight;
  if (full <= max) return scrollTop;
  const room = max - viewportHeight;
  if (room <= 0) return scrollTop;
  const maxOffset = full - viewportHeight;
  return Math.min(maxOffset, Math.max(0, (scrollTop * maxOffset) / room));
};
