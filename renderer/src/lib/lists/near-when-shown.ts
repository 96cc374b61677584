/**
 * "Did you mean" for the pick list's unknown lines that are on screen (decision 70): a line asks
 * the core (`nearSerials`) once it scrolls into view, one question at a time, and its answer is
 * kept for the screen's life. A pasted pallet of unknown serials asks for the dozen lines in view,
 * not for all of them.
 */
import type { Action } from 'svelte/action';
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import { call } from '../transport/transport';

export class NearWhenShown {
  /** Suggestions by serial, as answered. */
  readonly answers = new SvelteMap<string, string[]>();
  #asked = new SvelteSet<string>();
  #queue: Promise<void> = Promise.resolve();
  #serialOf = new WeakMap<Element, string>();
  #observer: IntersectionObserver | null = null;
  #closed = false;

  /** On the element of an unknown line: asks for its suggestions once it is in view. */
  readonly shown: Action<HTMLElement, string> = (node, serial) => {
    this.#serialOf.set(node, serial);
    this.#observer ??= new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const wanted = this.#serialOf.get(entry.target);
        if (entry.isIntersecting && wanted !== undefined) this.#ask(wanted);
      }
    });
    this.#observer.observe(node);
    return {
      update: (next: string) => void this.#serialOf.set(node, next),
      destroy: () => this.#observer?.unobserve(node),
    };
  };

  /** The screen is gone: no more questions. */
  close(): void {
    this.#closed = true;
    this.#observer?.disconnect();
  }

  #ask(serial: string): void {
    if (this.#asked.has(serial)) return;
    this.#asked.add(serial);
    this.#queue = this.#queue.then(async () => {
      if (this.#closed) return;
      const found = await call('nearSerials', { serial }).catch(() => null);
      if (!this.#closed) this.answers.set(serial, found ?? []);
    });
  }
}
