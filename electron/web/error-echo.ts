/**
 * Caps what an error answer echoes back. The core's validation errors name every offending
 * field and key (10,000 unknown keys in a 1 MB body came back as 1.6 MB, twice over); the
 * bridge passes small error answers through untouched and clips large ones to a few fields of
 * a few hundred characters. Success answers are never looked at (they may be large by design).
 */
import type { AppErrorShape, ErrorCode, FieldRule, SavedError } from '../shared';

/** Error answers up to this size (UTF-8 bytes) go out as the core wrote them. */
export const MAX_ERROR_ANSWER_BYTES = 4_096;
const MAX_TEXT_CHARS = 200;
const MAX_KEY_CHARS = 40;
const MAX_FIELDS = 5;

const FAILURE_PREFIX = /^\s*\{\s*"ok"\s*:\s*false\b/;

/** Cuts a string to `max` characters plus an ellipsis, never through a surrogate pair. */
const clip = (text: string, max: number): string => {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
};

const textOr = (value: unknown, max: number, fallback: string): string =>
  typeof value === 'string' ? clip(value, max) : fallback;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A code's parameters: the first few, numbers as they are, text clipped to `max`. */
const clippedParams = (
  value: unknown,
  max = MAX_TEXT_CHARS,
): Record<string, string | number> | undefined =>
  isRecord(value)
    ? Object.fromEntries(
        Object.entries(value)
          .slice(0, MAX_FIELDS)
          .map(([key, v]) => [
            clip(key, MAX_KEY_CHARS),
            typeof v === 'number' ? v : textOr(v, max, ''),
          ]),
      )
    : undefined;

/** The first fields' problems in kinds, so the renderer still words them in its language. */
const clippedFields = (value: unknown): AppErrorShape['fields'] =>
  isRecord(value)
    ? Object.fromEntries(
        Object.entries(value)
          .slice(0, MAX_FIELDS)
          .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
          .map(([key, issue]) => {
            const params = clippedParams(issue['params']);
            const rule = issue['rule'];
            return [
              clip(key, MAX_KEY_CHARS),
              {
                ...(typeof rule === 'string' ? { rule: clip(rule, 40) as FieldRule } : {}),
                code: textOr(issue['code'], 40, 'invalid'),
                ...(params ? { params } : {}),
              },
            ];
          }),
      )
    : undefined;

/** Read from the core's answer text, so its parameters are taken as they came (SavedError). */
function clippedError(error: Partial<Record<keyof AppErrorShape, unknown>>): SavedError {
  const out: SavedError = {
    kind: (typeof error.kind === 'string'
      ? clip(error.kind, 40)
      : 'internal') as AppErrorShape['kind'],
    // The code says the problem in the technician's language.
    code: (typeof error.code === 'string' ? clip(error.code, 40) : 'internal') as ErrorCode,
  };
  const params = clippedParams(error.params);
  if (params) out.params = params;
  const fields = clippedFields(error.fields);
  if (fields) out.fields = fields;
  if (typeof error.status === 'number') out.status = error.status;
  if (typeof error.retryAfterS === 'number') out.retryAfterS = error.retryAfterS;
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
    const { fields: _f, location: _l, params, ...essentials } = clipped;
    const short = clippedParams(params, 80);
    answer = JSON.stringify({
      ok: false,
      error: { ...essentials, ...(short ? { params: short } : {}) },
    });
  }
  return answer;
}
