/**
 * A code held in front of the camera is read on every frame; the screen wants it once.
 * A value passes when it differs from the last one passed, or when it has been out of view
 * for `quietMs` (so showing the same label again on purpose works).
 */
export function createRepeatFilter(options: { quietMs?: number; now?: () => number } = {}) {
  const quietMs = options.quietMs ?? 2_000;
  const now = options.now ?? (() => performance.now());
  let last: { text: string; seenAt: number } | null = null;

  return (text: string): boolean => {
    const at = now();
    const isRepeat = last !== null && last.text === text && at - last.seenAt < quietMs;
    // Refreshing on every sighting keeps a code that stays in view silent.
    last = { text, seenAt: at };
    return !isRepeat;
  };
}
