/**
 * Caps what an error answer echoes back. The core's validation errors name every offending
 * field and key (10,000 unknown keys in a 1 MB body came back as 1.6 MB, twice over); the
 * bridge passes small error answers through untouched and clips large ones to a few fields of
 * a few hundred characters. Success answers are never looked at (they may be large by design).
 */
import type { AppErrorShape } from '../contract';

/** Error answers up to this size (UTF-8 bytes) go out as the core wrote them. */
export const MAX_ERROR_ANSWER_BYTES = 4_096;
const MAX_TEXT_CHARS = 200;
const MAX_KEY_CHARS = 40;
const MAX_FIELDS = 5;

const FAILURE_PREFIX = /^\s*\{\s*"ok"\s*:\s*false\b/;

/** Cuts a string to `max` characters plus an ellipsis, never through a surrogate pair. */
export const clip = (text: string, max: number): string => {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
};

const textOr = (value: unknown, max: number, fallback: string): string =>
  typeof value === 'string' ? clip(value, max) : fallback;

function clippedError(error: Partial<Record<keyof AppErrorShape, unknown>>): AppErrorShape {
  const out: AppErrorShape = {
    kind: (typeof error.kind === 'string'
      ? clip(error.kind, 40)
      : 'internal') as AppErrorShape['kind'],
    message: textOr(error.message, MAX_TEXT_CHARS, 'Something went wrong.'),
    nextStep: textOr(error.nextStep, MAX_TEXT_CHARS, 'Try again.'),
  };
  if (typeof error.status === 'number') out.status = error.status;
  if (typeof error.retryAfterS === 'number') out.retryAfterS = error.retryAfterS;
  if (error.fields && typeof error.fields === 'object') {
    const entries = Object.entries(error.fields as Record<string, unknown>).slice(0, MAX_FIELDS);
    out.fields = Object.fromEntries(
      entries.map(([key, value]) => [
        clip(key, MAX_KEY_CHARS),
        textOr(value, MAX_TEXT_CHARS, 'Not valid.'),
      ]),
    );
  }
  if (error.location && typeof error.location === 'object') {
    const { id, name } = error.location as Record<string, unknown>;
    out.location = { id: textOr(id, MAX_TEXT_CHARS, ''), name: textOr(name, MAX_TEXT_CHARS, '') };
  } else if (error.location === null) {
    out.location = null;
  }
  return out;
}

/** The envelope text the bridge sends for the core's answer `text`. */
export function clipErrorAnswer(text: string): string {
  if (
    text.length <= MAX_ERROR_ANSWER_BYTES / 4 ||
    Buffer.byteLength(text) <= MAX_ERROR_ANSWER_BYTES
  )
    return text;
  if (!FAILURE_PREFIX.test(text.slice(0, 64))) return text;
  let error: Partial<Record<keyof AppErrorShape, unknown>>;
  try {
    error = (JSON.parse(text) as { error?: typeof error }).error ?? {};
  } catch {
    error = {};
  }
  const clipped = clippedError(error);
  let answer = JSON.stringify({ ok: false, error: clipped });
  if (Buffer.byteLength(answer) > MAX_ERROR_ANSWER_BYTES) {
    // Escaped control characters can still make it too long: keep only the essentials.
    const { fields: _f, location: _l, ...essentials } = clipped;
    answer = JSON.stringify({
      ok: false,
      error: {
        ...essentials,
        message: clip(essentials.message, 80),
        nextStep: clip(essentials.nextStep, 80),
      },
    });
  }
  return answer;
}
