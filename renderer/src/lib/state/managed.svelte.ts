import type { ManagedSettings } from '$shared';
import { call } from '../transport/transport';

/** Tries for one screen's read: a moment's hiccup of the bridge must not hide what IT set. */
const ATTEMPTS = 3;
const RETRY_MS = 1_000;

/**
 * What the IT department set for this laptop, read from the core once and shared by the
 * sign-in form (the pre-filled, maybe locked, base URL) and Settings (the list of what is
 * managed). The policy is read when the app starts and does not change while it runs.
 */
class Managed {
  settings = $state<ManagedSettings | null>(null);
  #reading: Promise<void> | null = null;

  /** Reads it unless already known; a failed read is tried again, here and on the next call. */
  load(): Promise<void> {
    if (this.settings) return Promise.resolve();
    this.#reading ??= this.#read().finally(() => (this.#reading = null));
    return this.#reading;
  }

  async #read(): Promise<void> {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      try {
        this.settings = await call('managedSettings', {});
        return;
      } catch {
        if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
    // Still unknown: the form is simply not pre-filled, and the core still refuses another
    // base URL when it is locked.
  }
}

export const managed = new Managed();
