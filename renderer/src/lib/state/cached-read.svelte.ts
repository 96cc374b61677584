import type { AppErrorShape, Cached } from '$shared';
import { isConnectivityFailure, toErrorShape } from '../transport/app-failure';

/**
 * One read that may come from the offline cache: value, when it was fetched, pending and
 * error state. Stale answers (from a load that was superseded or cancelled) are dropped.
 * `handed`: an answer to the same question read just before the screen opened
 * (read-handoff.ts); the screen shows it at once and does not ask again on opening.
 */
export class CachedRead<T> {
  value = $state.raw<T | null>(null);
  fetchedAt = $state<string | null>(null);
  source = $state<'network' | 'cache' | null>(null);
  loading = $state(false);
  error = $state<AppErrorShape | null>(null);
  /** It opened with an answer (refresh-on-update.svelte.ts skips its opening load). */
  readonly handed: boolean;
  #load: (signal: AbortSignal) => Promise<Cached<T>>;
  #controller: AbortController | null = null;

  constructor(load: (signal: AbortSignal) => Promise<Cached<T>>, handed: Cached<T> | null = null) {
    this.#load = load;
    this.handed = handed !== null;
    if (handed) this.#show(handed);
  }

  /** Reads again; `load` asks another way this once (e.g. the server, not the cache). */
  async refresh(load?: (signal: AbortSignal) => Promise<Cached<T>>): Promise<void> {
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    this.loading = true;
    try {
      const result = await (load ?? this.#load)(controller.signal);
      if (controller.signal.aborted) return;
      this.#show(result);
    } catch (error) {
      if (controller.signal.aborted) return;
      const shape = toErrorShape(error);
      // Offline with a value already shown: keep showing it; the badge says "Offline".
      if (!(this.value !== null && isConnectivityFailure(shape))) this.error = shape;
    } finally {
      if (this.#controller === controller) {
        this.loading = false;
        this.#controller = null;
      }
    }
  }

  #show(result: Cached<T>): void {
    this.value = result.value;
    this.fetchedAt = result.fetchedAt;
    this.source = result.source;
    this.error = null;
  }

  /** "Cancel" on a long load: stop waiting, keep whatever is shown. */
  cancel(): void {
    this.#controller?.abort();
    this.#controller = null;
    this.loading = false;
  }
}
