/**
 * The running sync's cancel: one controller per run. Cancel stops the run's sending between
 * actions and its list downloads (what they stored is kept); a send joined to the run (Sync
 * now during a download) takes the same signal, so the one cancel stops it too.
 */
export class RunCancellation {
  #controller: AbortController | null = null;

  /** A run begins: its signal. */
  begin(): AbortSignal {
    this.#controller = new AbortController();
    return this.#controller.signal;
  }

  /** The running run's signal; one nothing aborts when no run is going. */
  current(): AbortSignal {
    return (this.#controller ?? new AbortController()).signal;
  }

  cancel(): void {
    this.#controller?.abort();
  }

  /** The run ended: a later cancel has nothing to stop. */
  end(): void {
    this.#controller = null;
  }
}
