/**
 * The pick list shows its lines a page at a time: a pasted pallet is up to 2,000 lines, and
 * building 2,000 table rows at once held the page for longer than a click may wait. Pure.
 */
export const PICK_PAGE_LINES = 100;

export interface PageOfLines<T> {
  lines: readonly T[];
  /** The page shown (the last one when the list got shorter than the page asked for). */
  page: number;
  /** Index of its first line in the list. */
  from: number;
  /** Lines after this page. */
  more: boolean;
}

export function pageOfLines<T>(lines: readonly T[], page: number): PageOfLines<T> {
  const last = Math.max(0, Math.ceil(lines.length / PICK_PAGE_LINES) - 1);
  const shown = Math.min(Math.max(0, page), last);
  const from = shown * PICK_PAGE_LINES;
  return {
    lines: lines.slice(from, from + PICK_PAGE_LINES),
    page: shown,
    from,
    more: from + PICK_PAGE_LINES < lines.length,
  };
}
