/** The route tables' terms: a route, the context its handler gets, and matching a path to it. */
import type { Dialect } from './dialects';
import type { Reply } from './http-kit';
import type { SandboxState } from './state';
import type { UserRec } from './snapshot';

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
  const params = new Map<string, string>();
  for (let i = 0; i < segments.length; i++) {
    const want = segments[i] ?? '';
    const got = parts[i] ?? '';
    if (want.startsWith(':')) {
      if (got === '') return null;
      params.set(want.slice(1), decode(got));
    } else if (want !== got) return null;
  }
  return Object.fromEntries(params);
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
