/**
 * Keeps a key read from the keychain for a few seconds, so a burst of calls (a page of
 * foot traffic per location, a sync run, following paging) reads the keychain once instead of
 * once per request. One Secret Service read over D-Bus costs about 1 ms, which was most of
 * what the core added to each call (`npm run bench`, proxy overhead).
 *
 * The key is in main-process memory anyway while a request is built; holding it a few seconds
 * longer gives an attacker who can read that memory nothing they could not get by asking the
 * keychain themselves. It is never written anywhere, and a timer drops it after `holdMs` so it
 * does not outlive the burst. Signing out, switching organization or server drops it at once.
 */
export interface KeyHold {
  get(): Promise<string>;
  /** Drop the held key now (sign-out, switching organization or server). */
  forget(): void;
}

const KEY_HOLD_MS = 10_000;

export function holdKey(read: () => Promise<string>, holdMs: number = KEY_HOLD_MS): KeyHold {
  let held: Promise<string> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Bumped by forget(): a read that was in flight when the scope closed must not be kept.
  let generation = 0;

  const forget = (): void => {
    generation += 1;
    held = null;
    if (timer) clearTimeout(timer);
    timer = null;
  };

  return {
    get() {
      if (held) return held;
      const mine = generation;
      const reading = read().then(
        (key) => {
          if (mine === generation) {
            timer = setTimeout(forget, holdMs);
            // A held key must not keep the process alive on its own.
            timer.unref?.();
          }
          return key;
        },
        (error: unknown) => {
          // A failed read is not held: the user may unlock the keychain and try again.
          if (held === reading) held = null;
          throw error;
        },
      );
      held = reading;
      return reading;
    },
    forget,
  };
}
