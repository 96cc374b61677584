/**
 * What the desktop shell asks of the page (menu shortcuts, deep links), as push events:
 * `navigate` sets the hash route, `go-back` steps back in history. The main process already
 * validated deep links; the path is checked again here because a hash is the page's own
 * navigation and nothing but a plain route path may reach it.
 */
import type { PushEvent } from '$shared';
import { pathToRoute } from './route-paths';

export interface CommandTarget {
  location: { hash: string };
  history: { back(): void };
  /** Puts the focus in the screen's search field once it is there. */
  focusSearch(): void;
}

/**
 * `/segment/segment…`, each segment what encodeURIComponent writes (an id's "/", "?", "#" or
 * "%" arrives escaped): no query, no scheme, no `//` — and a screen of the route table, whose
 * ids pass the contract's rules (no "..").
 */
const ROUTE_PATH = /^(?:\/(?:[A-Za-z0-9._~!*'():-]|%[0-9A-Fa-f]{2})+)+$/;

export const isRoutePath = (path: string): boolean =>
  path.length <= 2_048 && ROUTE_PATH.test(path) && pathToRoute(path) !== null;

/** Applies a shell command; false when the event is not one (or was refused). */
export const applyAppCommand = (event: PushEvent, target: CommandTarget): boolean => {
  if (event.type === 'go-back') {
    target.history.back();
    return true;
  }
  if (event.type !== 'navigate' || !isRoutePath(event.path)) return false;
  target.location.hash = `#${event.path}`;
  if (event.focusSearch) target.focusSearch();
  return true;
};

/** Waits (up to ~1 s of frames) for the new screen's search field, then focuses it. */
export const focusSearchSoon = (doc: Document, frames = 60): void => {
  const field = doc.querySelector<HTMLInputElement>('main input[type="search"]');
  // After the shell's own heading focus (App.svelte), which runs on the next tick.
  if (field && frames < 58) {
    field.focus();
    return;
  }
  if (frames > 0) requestAnimationFrame(() => focusSearchSoon(doc, frames - 1));
};
