import type { Route } from './routes';

/**
 * A tiny in-memory router: the app has no URLs worth sharing (and the bridge token must not
 * live in one), so a history stack is all "Back" needs.
 */
export class Router {
  route = $state<Route>({ name: 'locations' });
  /** Bumped on every navigation so the shell can move focus even when the route repeats. */
  visits = $state(0);
  #history: Route[] = [];

  go(route: Route): void {
    this.#history.push(this.route);
    if (this.#history.length > 50) this.#history.shift();
    this.route = route;
    this.visits += 1;
  }

  /** Replace without a history entry (e.g. device → verify after an install). */
  replace(route: Route): void {
    this.route = route;
    this.visits += 1;
  }

  get canGoBack(): boolean {
    return this.#history.length > 0;
  }

  back(): void {
    const previous = this.#history.pop();
    this.route = previous ?? { name: 'locations' };
    this.visits += 1;
  }

  reset(): void {
    this.#history = [];
    this.route = { name: 'locations' };
    this.visits += 1;
  }
}
