/**
 * Enter in a search field opens its one match (Locations, Inventory, "Install at…"); with none
 * or several it does nothing and the count beside the field says how many.
 *
 * Only a person's plain Enter: not the Enter that confirms an IME's text (Japanese), not the
 * closing Enter of a handheld scan (scan-anywhere.ts took it and prevented its default: the
 * scan opens its device, the search must not open something else on top), no modifier.
 */
export const isSearchEnter = (e: KeyboardEvent): boolean =>
  e.key === 'Enter' &&
  !e.isComposing &&
  !e.defaultPrevented &&
  !e.shiftKey &&
  !e.ctrlKey &&
  !e.altKey &&
  !e.metaKey;

/**
 * The one match to open, if the field has a search in it and exactly one thing matches. The
 * Enter is then taken (preventDefault): its keypress must not press the button that opening
 * it focuses (a dialog's first button).
 */
export function openOnlyMatch<T>(
  e: KeyboardEvent,
  query: string,
  matches: readonly T[],
  open: (only: T) => void,
): void {
  if (!isSearchEnter(e) || query.trim() === '' || matches.length !== 1) return;
  e.preventDefault();
  open(matches[0]!);
}
