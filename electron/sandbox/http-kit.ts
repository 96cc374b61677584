/** The small vocabulary the route tables are written in: replies, errors, paging, path patterns. */
import type { Dialect } from './dialects';
import type { SandboxState } from './state';
import type { UserRec } from './snapshot';

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

export interface Ctx {
  state: SandboxState;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  user: UserRec;
  /** The organization of an org-scoped call; '' on cross-organization ones. */
  orgId: string;
  /** How answers are spelled (docs/api/openapi.yaml, x-dialects). */
  dialect: Dialect;
  /** The request's absolute URL as the client addressed it (next-page links are built from it). */
  url: URL;
}

export interface Route {
  method: string;
  /** The path template split on '/': literal segments, or ':key' for a parameter. */
  segments: readonly string[];
  /** 'org': the Basic-auth username must be an organization of the key's user. */
  scope: 'cross' | 'org';
  handle(ctx: Ctx): Reply;
}

/** Route templates are matched segment by segment: no regular expression is ever built. */
export const route = (
  method: string,
  path: string,
  scope: Route['scope'],
  handle: Route['handle'],
): Route => ({ method, segments: path.split('/'), scope, handle });

const decode = (raw: string): string => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed escape simply matches nothing
  }
};

/** The template's parameters when `parts` (a path split on '/') fits it; null when not. */
const fit = (
  segments: readonly string[],
  parts: readonly string[],
): Record<string, string> | null => {
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const want = segments[i] ?? '';
    const got = parts[i] ?? '';
    if (want.startsWith(':')) {
      if (got === '') return null;
      params[want.slice(1)] = decode(got);
    } else if (want !== got) return null;
  }
  return params;
};

/** Finds the route for method + path; 'method' when only the method is wrong. */
export const matchRoute = (
  routes: readonly Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | 'method' | null => {
  const parts = path.split('/');
  let pathKnown = false;
  for (const r of routes) {
    const params = fit(r.segments, parts);
    if (!params) continue;
    pathKnown = true;
    if (r.method !== method) continue;
    return { route: r, params };
  }
  return pathKnown ? 'method' : null;
};

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
