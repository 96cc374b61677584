import { HOME, HOME_PATH, pathToRoute, routeToPath } from './route-paths';
import type { Route } from './routes';

/**
 * The current screen, kept in `location.hash` (paths: route-paths.ts) so the browser's own
 * history gives Back / Forward, a reload keeps the screen and a route can be opened directly.
 * Only the hash is ever written: the bridge token has left the address bar (bridge-transport)
 * before this runs, and the path and query are never touched here.
 */
export class Router {
  route = $state<Route>(HOME);
  /** Bumped on every navigation so the shell can move focus even when the route repeats. */
  visits = $state(0);
  #path = HOME_PATH;

  constructor(private readonly win: Window = window) {
    this.#apply(this.win.location.hash);
  }

  /** Follows Back / Forward and hand-edited addresses; returns the stop function. */
  listen(): () => void {
    const onChange = () => this.#apply(this.win.location.hash);
    this.win.addEventListener('popstate', onChange);
    this.win.addEventListener('hashchange', onChange);
    return () => {
      this.win.removeEventListener('popstate', onChange);
      this.win.removeEventListener('hashchange', onChange);
    };
  }

  go(route: Route): void {
    const path = routeToPath(route);
    if (path !== this.#path) this.win.history.pushState(null, '', path);
    this.#set(route, path);
  }

  /** Replace without a history entry (e.g. device → verify after an install). */
  replace(route: Route): void {
    const path = routeToPath(route);
    this.win.history.replaceState(null, '', path);
    this.#set(route, path);
  }

  /**
   * The same screen under the address it should have (a serial as the server spells it):
   * no history entry and no new visit, so the screen stays as it is, focus included.
   */
  settle(route: Route): void {
    const path = routeToPath(route);
    this.win.history.replaceState(null, '', path);
    this.#path = path;
    this.route = route;
  }

  back(): void {
    this.win.history.back();
  }

  forward(): void {
    this.win.history.forward();
  }

  reset(): void {
    this.replace(HOME);
  }

  /** An address naming no screen (unknown, or a bad id) shows the locations, quietly. */
  #apply(hash: string): void {
    const route = pathToRoute(hash);
    if (!route) {
      this.win.history.replaceState(null, '', HOME_PATH);
      this.#set(HOME, HOME_PATH);
      return;
    }
    const path = routeToPath(route);
    // popstate and hashchange both fire for one hand edit: count it once.
    if (path === this.#path && this.visits > 0) return;
    this.#set(route, path);
  }

  #set(route: Route, path: string): void {
    this.#path = path;
    this.route = route;
    this.visits += 1;
  }
}
