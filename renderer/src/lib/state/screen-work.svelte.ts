import { onDestroy } from 'svelte';

export type WorkOutcome<T> = { done: true; value: T } | { done: false };

/**
 * What a screen started, so a slow answer can never act on a screen the technician has left:
 * leaving the screen aborts it all, and one task at a time can be cancelled (Escape, or the
 * Cancel button). Create it during component setup.
 */
export class ScreenWork {
  /** True while a task runs; screens show "Cancel" and disable what would start another. */
  busy = $state(false);
  #screen = new AbortController();
  #task: AbortController | null = null;

  constructor() {
    onDestroy(() => this.#screen.abort());
  }

  /** The screen is gone (its answers must not navigate or show anything). */
  get left(): boolean {
    return this.#screen.signal.aborted;
  }

  /** Aborted when the screen goes: for reads whose answer only fills this screen. */
  get signal(): AbortSignal {
    return this.#screen.signal;
  }

  /**
   * Runs a task that may be cancelled. Resolves to `{ done: false }` once cancelled or once
   * the screen is left, whatever the task later answers; failures of a live task throw.
   */
  async run<T>(task: (signal: AbortSignal) => Promise<T>): Promise<WorkOutcome<T>> {
    this.#task?.abort();
    const controller = new AbortController();
    this.#task = controller;
    const signal = AbortSignal.any([controller.signal, this.#screen.signal]);
    this.busy = true;
    try {
      const value = await task(signal);
      return signal.aborted ? { done: false } : { done: true, value };
    } catch (error) {
      if (signal.aborted) return { done: false };
      throw error;
    } finally {
      if (this.#task === controller) {
        this.#task = null;
        this.busy = false;
      }
    }
  }

  /** Stops waiting for the current task; true when there was one. */
  cancel(): boolean {
    if (!this.#task) return false;
    this.#task.abort();
    this.#task = null;
    this.busy = false;
    return true;
  }
}

/** Escape cancels what the screen waits for (and only then is the key taken). */
export function cancelOnEscape(cancel: () => boolean): () => void {
  const onKeydown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]')) return;
    if (cancel()) e.preventDefault();
  };
  window.addEventListener('keydown', onKeydown);
  return () => window.removeEventListener('keydown', onKeydown);
}
