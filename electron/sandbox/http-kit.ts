/** The small vocabulary answers are written in: replies, errors, paging. Below the dialects,
 * which spell these out, so it imports none of them (routing.ts holds the route tables' terms). */

export interface Reply {
  status: number;
  /** JSON; undefined = no body (204) unless `raw` is set. */
  body?: unknown;
  /** A non-JSON body (some dialects' error pages). */
  raw?: { type: string; text: string };
  headers?: Record<string, string>;
}

/** Thrown by handlers; the dispatcher spells it in the dialect's error style (default `{error: {code, message, details?}}`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const errorReply = (e: ApiError): Reply => ({
  status: e.status,
  body: {
    error: { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) },
  },
  ...(e.headers ? { headers: e.headers } : {}),
});

export const validationError = (
  fields: Record<string, string>,
  message = 'The request has invalid fields.',
): ApiError => new ApiError(422, 'validation_failed', message, { fields });

export const notFound = (what: string): ApiError =>
  new ApiError(404, 'not_found', `${what} was not found.`);

/** Which part of a list one answer holds (every paging style comes down to this). */
export interface Window {
  offset: number;
  limit: number;
  /** The page number asked for; only the page/per_page style has one. */
  page: number;
}

/** One page of a list, before a dialect spells it out. */
export interface Slice<R> {
  items: R[];
  total: number;
  window: Window;
}

/** One pass over an ordered list: count matches and keep only the requested window. */
export const pageOf = <T, R>(
  items: Iterable<T>,
  w: Window,
  keep: (item: T) => boolean,
  render: (item: T) => R,
): Slice<R> => {
  const out: R[] = [];
  let total = 0;
  for (const item of items) {
    if (!keep(item)) continue;
    if (total >= w.offset && out.length < w.limit) out.push(render(item));
    total++;
  }
  return { items: out, total, window: w };
};

/** Unfiltered arrays: a slice, no scan. */
export const pageOfArray = <T, R>(items: readonly T[], w: Window, render: (item: T) => R) => ({
  items: items.slice(w.offset, w.offset + w.limit).map(render),
  total: items.length,
  window: w,
});

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const iso = (ms: number): string => new Date(ms).toISOString();
