/**
 * Conditional GETs (decision record 32): the validators a dialect puts on its 200 answers, and the 304 it
 * gives a request that names the current one. Both are worked out from the answer's body as
 * sent, in one place for every GET, so a 304 is never wrong about a page whose devices checked
 * in since (their `last_checkin_at` changed the body).
 */
import { createHash } from 'node:crypto';
import type { Reply } from '../http-kit';

export type ValidatorStyle =
  /** A strong `ETag` (a hash of the body); `If-None-Match` answered 304 (the default). */
  | 'etag'
  /** `Last-Modified` (when this URL's body last changed, to the second); `If-Modified-Since`. */
  | 'last-modified'
  /** Neither: every GET is answered in full. */
  | 'none';

export interface ConditionalAsk {
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

/**
 * When each URL's body was first seen as it is now (the key is the username plus the URL): a
 * Last-Modified that moves only when the body does. HTTP dates have whole seconds, so each
 * new body gets a second of its own — a later one than the body before, even when both came
 * within one second — and a client that names the current second has the current body.
 */
export class BodyTimes {
  private readonly seen = new Map<string, { hash: string; since: number }>();

  since(key: string, hash: string, now: number): number {
    const known = this.seen.get(key);
    if (known?.hash === hash) return known.since;
    const since = Math.max(Math.ceil(now / 1000) * 1000, known ? known.since + 1000 : 0);
    this.seen.set(key, { hash, since });
    return since;
  }
}

const hashOf = (text: string): string =>
  createHash('sha256').update(text).digest('base64url').slice(0, 27);

const httpDate = (ms: number): string => new Date(ms).toUTCString();

/** `W/"x"` and `"x"` name the same body for a GET (RFC 9110 weak comparison). */
const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

const matches = (header: string, etag: string): boolean =>
  header.trim() === '*' || header.split(',').some((tag) => opaque(tag) === etag);

/**
 * A GET's 200 JSON answer with the dialect's validator, or a 304 when the request names it.
 * Other answers pass unchanged. The body is serialised here once and sent as is.
 */
export const withValidators = (
  style: ValidatorStyle,
  reply: Reply,
  ask: ConditionalAsk,
  context: { key: string; times: BodyTimes; now: number },
): Reply => {
  if (style === 'none' || reply.status !== 200 || reply.body === undefined) return reply;
  const text = JSON.stringify(reply.body);
  const hash = hashOf(text);
  const headers: Record<string, string> = { ...reply.headers };
  let notModified: boolean;
  if (style === 'etag') {
    headers.etag = `"${hash}"`;
    notModified = ask.ifNoneMatch !== undefined && matches(ask.ifNoneMatch, headers.etag);
  } else {
    const since = context.times.since(context.key, hash, context.now);
    headers['last-modified'] = httpDate(since);
    const asked = ask.ifModifiedSince === undefined ? Number.NaN : Date.parse(ask.ifModifiedSince);
    notModified = !Number.isNaN(asked) && asked >= since;
  }
  if (notModified) return { status: 304, headers };
  return { status: 200, raw: { type: 'application/json; charset=utf-8', text }, headers };
};
