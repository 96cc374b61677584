/** The small vocabulary the route tables are written in: replies, errors, paging, path patterns. */
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../core/api/wire';
import type { SandboxState } from './state';
import type { UserRec } from './snapshot';

export interface Reply {
  status: number;
  /** undefined = no body (204). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Thrown by handlers; the dispatcher turns it into `{error: {code, message, details?}}`. */
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
}

export interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  /** 'org': the Basic-auth username must be an organization of the key's user. */
  scope: 'cross' | 'org';
  handle(ctx: Ctx): Reply;
}

export const route = (
  method: string,
  path: string,
  scope: Route['scope'],
  handle: Route['handle'],
): Route => {
  const keys: string[] = [];
  const source = path.replace(/:([a-z_]+)/g, (_m, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}$`), keys, scope, handle };
};

const decode = (raw: string): string => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed escape simply matches nothing
  }
};

/** Finds the route for method + path; 'method' when only the method is wrong. */
export const matchRoute = (
  routes: readonly Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | 'method' | null => {
  let pathKnown = false;
  for (const r of routes) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    pathKnown = true;
    if (r.method !== method) continue;
    const params: Record<string, string> = {};
    r.keys.forEach((k, i) => (params[k] = decode(m[i + 1] ?? '')));
    return { route: r, params };
  }
  return pathKnown ? 'method' : null;
};

export interface Paging {
  page: number;
  perPage: number;
}

const positiveInt = (raw: string | null, fallback: number): number | null => {
  if (raw === null) return fallback;
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
};

export const parsePaging = (query: URLSearchParams): Paging => {
  const page = positiveInt(query.get('page'), 1);
  const perPage = positiveInt(query.get('per_page'), PAGE_SIZE_DEFAULT);
  const fields: Record<string, string> = {};
  if (page === null || page < 1) fields.page = 'must be an integer ≥ 1';
  if (perPage === null || perPage < 1 || perPage > PAGE_SIZE_MAX)
    fields.per_page = `must be an integer from 1 to ${PAGE_SIZE_MAX}`;
  if (page === null || perPage === null || Object.keys(fields).length > 0)
    throw validationError(fields, 'Invalid paging parameters.');
  return { page, perPage };
};

export const pageMeta = (p: Paging, total: number) => ({
  page: p.page,
  per_page: p.perPage,
  total_count: total,
  total_pages: Math.ceil(total / p.perPage),
});

/** One pass over an ordered list: count matches and keep only the requested page. */
export const pageOf = <T, R>(
  items: Iterable<T>,
  p: Paging,
  keep: (item: T) => boolean,
  render: (item: T) => R,
) => {
  const first = (p.page - 1) * p.perPage;
  const data: R[] = [];
  let total = 0;
  for (const item of items) {
    if (!keep(item)) continue;
    if (total >= first && data.length < p.perPage) data.push(render(item));
    total++;
  }
  return { data, meta: pageMeta(p, total) };
};

/** Unfiltered arrays: a slice, no scan. */
export const pageOfArray = <T, R>(items: readonly T[], p: Paging, render: (item: T) => R) => {
  const first = (p.page - 1) * p.perPage;
  return {
    data: items.slice(first, first + p.perPage).map(render),
    meta: pageMeta(p, items.length),
  };
};

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const iso = (ms: number): string => new Date(ms).toISOString();
