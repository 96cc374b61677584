/**
 * The /v1 dispatcher: route table lookup → Basic auth → organization scope → body → handler.
 * Pure request-in, reply-out (no sockets), which keeps fault injection and tests simple.
 */
import { DEFAULT_DIALECT, type Dialect } from './dialects';
import { renderError } from './dialects/errors';
import { BodyTimes, withValidators } from './dialects/validators';
import { ApiError, type Reply } from './http-kit';
import { matchRoute, type Route } from './routing';
import { deviceRoutes } from './routes/devices';
import { footTrafficRoutes } from './routes/foot-traffic';
import { locationRoutes } from './routes/locations';
import { organizationRoutes } from './routes/organizations';
import type { SandboxState } from './state';

const ROUTES: Route[] = [
  ...organizationRoutes,
  ...locationRoutes,
  ...deviceRoutes,
  ...footTrafficRoutes,
];

const CHALLENGE = { 'www-authenticate': 'Basic realm="devices"' };

export interface ApiRequest {
  method: string;
  /** Path below /v1, e.g. '/devices/FTC-1'. */
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  /** Raw body text ('' when none). */
  body: string;
  /** The origin the client addressed (for absolute next-page and Location URLs). */
  origin?: string;
  /** Conditional GET headers (answered by the dialect's validators). */
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

export interface Credentials {
  username: string;
  password: string;
}

const parseBasic = (header: string | undefined): Credentials | null => {
  const m = /^Basic +([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
};

const parseBody = (method: string, text: string): unknown => {
  if (method !== 'POST' && method !== 'PUT') return undefined;
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'bad_request', 'The request body is not valid JSON.');
  }
};

const dispatch = (state: SandboxState, req: ApiRequest, dialect: Dialect): Reply => {
  const found = matchRoute(ROUTES, req.method, req.path);
  if (found === null) throw new ApiError(404, 'not_found', 'There is no such endpoint.');
  if (found === 'method')
    throw new ApiError(405, 'method_not_allowed', `${req.method} is not supported on this path.`);
  const creds = parseBasic(req.authorization);
  if (!creds)
    throw new ApiError(
      401,
      'unauthorized',
      'HTTP Basic credentials (organization id : API key) are required.',
      undefined,
      CHALLENGE,
    );
  const user = state.userByKey(creds.password);
  if (!user)
    throw new ApiError(
      401,
      'unauthorized',
      'The API key is not valid or was revoked.',
      undefined,
      CHALLENGE,
    );
  let orgId = '';
  if (found.route.scope === 'org') {
    if (creds.username === '') {
      throw new ApiError(
        403,
        'forbidden',
        'An organization id is required as the Basic auth username for this endpoint.',
      );
    }
    if (!user.orgIds.includes(creds.username))
      throw new ApiError(403, 'forbidden', 'This API key has no access to this organization.');
    orgId = creds.username;
  }
  const body = parseBody(req.method, req.body);
  const search = req.query.toString();
  const url = new URL(
    `/v1${req.path}${search ? `?${search}` : ''}`,
    req.origin ?? 'http://sandbox.invalid',
  );
  return found.route.handle({
    state,
    params: found.params,
    query: req.query,
    body,
    user,
    orgId,
    dialect,
    url,
  });
};

/** Per sandbox: when each URL's body last changed (Last-Modified dialects). */
const bodyTimes = new WeakMap<SandboxState, BodyTimes>();

export const handleApi = (
  state: SandboxState,
  req: ApiRequest,
  dialect: Dialect = DEFAULT_DIALECT,
): Reply => {
  try {
    // Writes a dialect accepted for later are made before anything else is answered.
    state.applyDue();
    const reply = dispatch(state, req, dialect);
    if (req.method !== 'GET') return reply;
    const times = bodyTimes.get(state) ?? new BodyTimes();
    bodyTimes.set(state, times);
    const search = req.query.toString();
    return withValidators(dialect.validators ?? 'etag', reply, req, {
      key: `${usernameOf(req.authorization) ?? ''} ${req.path}?${search}`,
      times,
      now: state.now(),
    });
  } catch (e) {
    if (e instanceof ApiError) return renderError(dialect.errors, e);
    // A bug in the sandbox must still look like an API answer, not a dropped connection.
    return renderError(
      dialect.errors,
      new ApiError(500, 'internal_error', e instanceof Error ? e.message : 'Unexpected error.'),
    );
  }
};

/** Basic-auth username for the request log (never the key). */
export const usernameOf = (authorization: string | undefined): string | null =>
  parseBasic(authorization)?.username ?? null;
