/**
 * Turns what went wrong (an HTTP status with its error body, or a thrown network error from
 * Node's undici fetch or Electron's net.fetch) into the one AppError the rest of the app knows:
 * a kind, a code and its parameters, which the renderer says from the catalog. Server wording
 * is never shown, only 422 field problems and the 409 location, which the technician needs.
 * Causes are replaced by redacted summaries so that no key (or Basic header) can travel along
 * in a cause chain.
 */
import { AppError } from '../app-error';
import type { AppErrorShape, ErrorKind, ErrorSaid } from '../../shared';
import type { LocationRef } from './records';
import { isInstalledElsewhere, isLocationWithDevices, readErrorBody } from './error-body';

/** What a request was about, so a 404 can name the thing that was not found. */
export type Subject =
  | { kind: 'organization'; id: string }
  | { kind: 'location'; id: string }
  | { kind: 'device'; serial: string }
  | { kind: 'list' };

const notFound = (subject: Subject): ErrorSaid => {
  switch (subject.kind) {
    case 'device':
      return { code: 'device_not_found', params: { serial: subject.serial } };
    case 'location':
      return { code: 'location_not_found' };
    case 'organization':
      return { code: 'organization_not_found' };
    case 'list':
      return { code: 'list_not_found' };
  }
};

/** A device at another store (a 409, or the queue finding it there). A reference without a
 * name (some servers send only the id) is named by its id. */
export const installedElsewhere = (location: LocationRef | null): AppErrorShape => ({
  kind: 'conflict',
  code: 'installed_elsewhere',
  ...(location ? { params: { location: location.name ?? location.id } } : {}),
  location,
});

/** A store that still has devices cannot be deleted (`count` when known). */
export const locationHasDevices = (count: number | null): AppErrorShape => ({
  kind: 'conflict',
  code: 'location_has_devices',
  ...(count === null ? {} : { params: { count } }),
});

/** The server's answer could not be read. */
export const UNREADABLE = { kind: 'bad_response', code: 'unreadable' } as const;

/**
 * A write the server accepted for later (202, a pending status, a task id): not done until a
 * read shows it. An outcome still unknown (`bad_response`), so it waits in the queue, is never
 * called failed, and is settled by reading (sync/replay.ts).
 */
export const accepted = (status: number): AppErrorShape => ({
  kind: 'bad_response',
  code: 'write_accepted',
  status,
});

export const isAccepted = (error: unknown): error is AppError =>
  error instanceof AppError && error.code === 'write_accepted';

/** An accepted write that no read showed within the patience (a conflict for the technician). */
export const notApplied = (): AppErrorShape => ({
  kind: 'conflict',
  code: 'accepted_not_applied',
});

/**
 * A server's own words about its fields (a 422): the first field names the error, all mark the
 * form. A field it named without words is marked as not valid, in the app's words.
 */
const invalid = (fields: Record<string, string | null>): AppErrorShape => {
  const [first] = Object.entries(fields);
  return {
    kind: 'invalid',
    code: 'invalid',
    ...(first
      ? { params: { field: first[0], ...(first[1] === null ? {} : { problem: first[1] }) } }
      : {}),
    fields: Object.fromEntries(
      Object.entries(fields).map(([field, words]) => [
        field,
        words === null ? { code: 'invalid' } : { code: 'server', params: { words } },
      ]),
    ),
  };
};

// ------------------------------------------------------------ redaction

/** Replaces every secret (and its base64 forms inside a Basic header) with a marker. */
export const redact = (text: string, secrets: readonly string[]): string => {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    out = out.split(secret).join('[redacted]');
  }
  return out.replace(/Basic\s+[A-Za-z0-9+/=]+/gi, 'Basic [redacted]');
};

/** A plain Error carrying only codes and messages, redacted; safe to log or expose. */
export const safeCause = (cause: unknown, secrets: readonly string[]): Error => {
  const { codes, messages } = describe(cause);
  const summary = [...codes, ...messages].join(' | ') || 'unknown error';
  return new Error(redact(summary, secrets));
};

// ------------------------------------------------------------ thrown network errors

interface Described {
  codes: string[];
  messages: string[];
}

/** Walks cause chains and AggregateError members (undici nests the real reason). */
const describe = (root: unknown): Described => {
  const codes: string[] = [];
  const messages: string[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number): void => {
    if (depth > 8 || e === null || e === undefined || seen.has(e)) return;
    seen.add(e);
    if (typeof e === 'string') {
      messages.push(e);
      return;
    }
    if (typeof e !== 'object') return;
    const rec = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof rec.code === 'string' && !codes.includes(rec.code)) codes.push(rec.code);
    if (typeof rec.message === 'string' && rec.message !== '') messages.push(rec.message);
    visit(rec.cause, depth + 1);
    if (Array.isArray(rec.errors)) for (const inner of rec.errors) visit(inner, depth + 1);
  };
  visit(root, 0);
  return { codes, messages };
};

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'HOSTNAME_MISMATCH',
]);
const PROXY_CODE = /^ERR_(PROXY_|TUNNEL_|SOCKS_|PAC_|MANDATORY_PROXY_)/;
const PROXY_MESSAGE = /net::ERR_(PROXY_|TUNNEL_|SOCKS_|PAC_|MANDATORY_PROXY_)/;
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * Which failure a thrown fetch error is. Everything else — ECONNREFUSED, ECONNRESET,
 * EHOSTUNREACH, ENETUNREACH, UND_ERR_SOCKET, "terminated", "other side closed",
 * net::ERR_INTERNET_DISCONNECTED, net::ERR_CONNECTION_REFUSED/RESET, unknown causes — is offline:
 * the request got no answer, so the technician should check the network.
 */
export const classifyCause = (
  cause: unknown,
): Extract<ErrorKind, 'proxy' | 'tls' | 'dns' | 'timeout' | 'offline'> => {
  const { codes, messages } = describe(cause);
  const text = messages.join('\n');
  // Chromium's proxy failures (Electron's net.fetch), before TLS: a proxy's bad certificate is
  // the proxy's problem, and the Wi-Fi may be fine.
  if (codes.some((c) => PROXY_CODE.test(c)) || PROXY_MESSAGE.test(text)) return 'proxy';
  if (
    codes.some(
      (c) =>
        TLS_CODES.has(c) ||
        c.startsWith('CERT_') ||
        c.startsWith('ERR_TLS_') ||
        c.startsWith('ERR_SSL_'),
    ) ||
    /net::ERR_(CERT_|SSL_|BAD_SSL)/.test(text) ||
    /self[- ]signed certificate|certificate has expired|unable to verify the first certificate/i.test(
      text,
    )
  ) {
    return 'tls';
  }
  if (
    codes.some((c) => DNS_CODES.has(c)) ||
    /net::ERR_NAME_(NOT_RESOLVED|RESOLUTION_FAILED)/.test(text)
  ) {
    return 'dns';
  }
  if (codes.some((c) => TIMEOUT_CODES.has(c)) || /net::ERR_(CONNECTION_)?TIMED_OUT/.test(text)) {
    return 'timeout';
  }
  return 'offline';
};

export interface CauseContext {
  host: string;
  timeoutMs: number;
  secrets: readonly string[];
}

/**
 * The proxy's sign-in was cancelled or its credentials refused (the app's fetch names this
 * ERR_PROXY_AUTH_REFUSED, electron/main/api-fetch.ts): said as such, not as "the proxy failed".
 */
export const PROXY_AUTH_REFUSED = 'ERR_PROXY_AUTH_REFUSED';

export const errorFromCause = (cause: unknown, ctx: CauseContext): AppError => {
  const kind = classifyCause(cause);
  const host = ctx.host;
  const said: ErrorSaid =
    kind === 'timeout'
      ? { code: 'timeout', params: { host, seconds: Math.round(ctx.timeoutMs / 1000) } }
      : kind === 'proxy' && describe(cause).codes.includes(PROXY_AUTH_REFUSED)
        ? { code: 'proxy_auth_refused', params: { host } }
        : { code: kind, params: { host } };
  return new AppError({ kind, ...said }, { cause: safeCause(cause, ctx.secrets) });
};

// ------------------------------------------------------------ HTTP status answers

export interface StatusContext {
  status: number;
  /** The server's host, named by the words of a proxy's 407. */
  host?: string;
  /** The parsed JSON body, or undefined when it was empty or not JSON. */
  body: unknown;
  retryAfterS: number | undefined;
  subject: Subject;
}

export const errorFromStatus = ({
  status,
  host,
  body,
  retryAfterS,
  subject,
}: StatusContext): AppError => {
  // Whatever shape the server or a gateway used (error-body.ts).
  const read = readErrorBody(body);
  const make = (shape: AppErrorShape, extra: { retryAfterS?: number } = {}): AppError =>
    new AppError({ ...shape, status, ...extra });
  const waitFor = retryAfterS === undefined ? {} : { retryAfterS };

  if (status >= 300 && status < 400) return make({ kind: 'bad_response', code: 'redirected' });
  switch (status) {
    case 401:
      return make({ kind: 'unauthorized', code: 'unauthorized' });
    case 407:
      return make({
        kind: 'proxy',
        code: 'proxy',
        ...(host === undefined ? {} : { params: { host } }),
      });
    case 403:
      return make({ kind: 'forbidden', code: 'forbidden' });
    case 404:
      return make({ kind: 'not_found', ...notFound(subject) });
    case 409: {
      if (isLocationWithDevices(read.code)) return make(locationHasDevices(read.deviceCount));
      const { location } = read;
      if (isInstalledElsewhere(read.code) || location) return make(installedElsewhere(location));
      return make({ kind: 'conflict', code: 'conflict' });
    }
    case 400:
    case 413:
    case 422:
      return make(invalid(read.fields));
    case 429:
      return make(
        retryAfterS === undefined
          ? { kind: 'rate_limited', code: 'rate_limited' }
          : {
              kind: 'rate_limited',
              code: 'rate_limited',
              params: { seconds: Math.max(1, Math.ceil(retryAfterS)) },
            },
        waitFor,
      );
  }
  // A 503 in maintenance says when to come back, like a 429: the GET retry and the engine
  // wait for it instead of knocking every few seconds.
  if (status >= 500) return make({ kind: 'server', code: 'server', params: { status } }, waitFor);
  return make({ kind: 'bad_response', code: 'unexpected_status', params: { status } });
};
