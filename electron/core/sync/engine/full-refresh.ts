/**
 * When a run refreshes the full lists (decision record 32: at a million devices each refresh
 * is hundreds of megabytes): when asked (Sync now, Make available offline), when their last
 * refresh is older than the full-refresh interval, and after the app was offline for a while;
 * one due by itself waits while the link is metered or very slow (the hold, said in the
 * state until it runs).
 */
import type { SyncHold } from '../../../shared';
import type { RefreshMode } from './sync-job';

export interface FullRefreshOptions {
  now(): number;
  /** The full lists are refreshed when their last refresh is older than this. */
  fullRefreshMs(): number;
  /** When the full lists were last refreshed; null: never. */
  lastFullAt(): number | null;
  /** Why a full refresh that is due by itself must wait now (the link), or null. */
  holdFull?: (() => SyncHold | null) | undefined;
  /** Back online after at least this long offline: the full lists are refreshed. */
  offlineFullAfterMs: number;
}

export class FullRefresh {
  readonly #options: FullRefreshOptions;
  /** Back from a long time offline: the next run refreshes the full lists. */
  #owed = false;
  /** A due full refresh the link held back. */
  #held: SyncHold | null = null;

  constructor(options: FullRefreshOptions) {
    this.#options = options;
  }

  get held(): SyncHold | null {
    return this.#held;
  }

  /** When the full lists are due by themselves (now or earlier when overdue). */
  dueAt(): number {
    const last = this.#options.lastFullAt();
    return this.#owed || last === null ? this.#options.now() : last + this.#options.fullRefreshMs();
  }

  /** Whether a run now refreshes the full lists; a hold by the link is kept to be said. */
  wanted(mode: RefreshMode): boolean {
    const full = mode === 'asked' || this.#dueAndAllowed();
    if (full) this.#held = null;
    return full;
  }

  #dueAndAllowed(): boolean {
    if (this.dueAt() > this.#options.now()) return false;
    this.#held = this.#options.holdFull?.() ?? null;
    return this.#held === null;
  }

  /** Every list was downloaded: nothing is owed any more. */
  refreshed(): void {
    this.#owed = false;
  }

  /** The connection is back after `offlineMs`: "after the app was offline" is not a blip. */
  reconnected(offlineMs: number): void {
    if (offlineMs >= this.#options.offlineFullAfterMs) this.#owed = true;
  }
}
