/**
 * Turns what went wrong (an HTTP status with its error body, or a thrown network error from
 * Node's undici fetch or Electron's net.fetch) into the one AppError the rest of the app knows.
 * Server wording is never shown: only our own sentences, plus 422 field problems and the 409
 * location, which the technician needs. Causes are replaced by redacted summaries so that no
 * key (or Basic header) can travel along in a cause chain.
 */
import { AppError } from '../app-error';
import type { AppErrorShape, ErrorKind } from '../../contract';
import { isInstalledElsewhere, isLocationWithDevices, readErrorBody } from './error-body';
import { wording, type Subject, type Wording } from './messages';

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
  const words =
    kind === 'timeout'
      ? wording.timeout(ctx.host, Math.round(ctx.timeoutMs / 1000))
      : kind === 'proxy' && describe(cause).codes.includes(PROXY_AUTH_REFUSED)
        ? wording.proxyAuthRefused(ctx.host)
        : wording[kind](ctx.host);
  return new AppError({ kind, ...words }, { cause: safeCause(cause, ctx.secrets) });
};

// ------------------------------------------------------------ HTTP status answers

export interface StatusContext {
  status: number;
  /** The server's host, for the words of a proxy's 407. */
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
  const make = (kind: ErrorKind, words: Wording, extra: Partial<AppErrorShape> = {}): AppError =>
    new AppError({ kind, ...words, status, ...extra });

  if (status >= 300 && status < 400) return make('bad_response', wording.redirected());
  switch (status) {
    case 401:
      return make('unauthorized', wording.unauthorized());
    case 407:
      return make('proxy', wording.proxy(host ?? 'the server'));
    case 403:
      return make('forbidden', wording.forbidden());
    case 404:
      return make('not_found', wording.notFound(subject));
    case 409: {
      if (isLocationWithDevices(read.code)) {
        return make('conflict', wording.locationHasDevices(read.deviceCount));
      }
      const { location } = read;
      if (isInstalledElsewhere(read.code) || location) {
        return make('conflict', wording.installedElsewhere(location), { location });
      }
      return make('conflict', wording.conflict());
    }
    case 400:
    case 413:
    case 422:
      return make('invalid', wording.invalid(read.fields), { fields: read.fields });
    case 429:
      return make(
        'rate_limited',
        wording.rateLimited(retryAfterS),
        retryAfterS === undefined ? {} : { retryAfterS },
      );
  }
  // A 503 in maintenance says when to come back, like a 429: the GET retry and the engine
  // wait for it instead of knocking every few seconds.
  if (status >= 500)
    return make('server', wording.server(status), retryAfterS === undefined ? {} : { retryAfterS });
  return make('bad_response', wording.unexpectedStatus(status));
};
