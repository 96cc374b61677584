/**
 * One API request: a deadline that also covers a body stalling midway, a size cap, JSON
 * parsing, and — for GET only — retries with backoff. POST/PUT/DELETE are never repeated
 * here: whether a lost answer means "done" is for the outbox to find out, not for a blind retry.
 * Every failure leaves as an AppError; nothing thrown here carries the key.
 */
import { AppError } from '../app-error';
import { errorFromCause, errorFromStatus, type Subject } from './error-mapping';
import { nestsDeeperThan } from './json-depth';
import { scrubSecrets, scrubText, secretForms } from './scrub-secrets';
import { BodyTooLarge, readBodyCapped } from './read-body';
import { traitsOf } from '../../shared/error-traits';
import { MAX_RETRY_AFTER_S, backoffDelayMs, parseRetryAfter } from './retry';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a server said identifies the body it sent (decision record 32): asked back, an unchanged one is a 304. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export interface HttpOptions {
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  maxRetries: number;
  maxBodyBytes: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  now: () => number;
  signal?: AbortSignal | undefined;
  /**
   * After each attempt: whether the server answered at all (any status). An attempt that got
   * no answer (offline, DNS, a timeout) is told at once, before the retries that may follow.
   */
  onAttempt?: ((answered: boolean) => void) | undefined;
}

export interface HttpRequest {
  method: Method;
  url: string;
  authorization: string;
  /** Strings that must never appear in an error (the key, the Basic header). */
  secrets: readonly string[];
  body?: unknown;
  subject: Subject;
  /**
   * Cancels this request only (the client's `options.signal` cancels every request); either
   * one aborting ends the request and any retry wait with the cancelled error.
   */
  signal?: AbortSignal | undefined;
  /** Extra attempts for this GET instead of the client's (0: a probe asks once). */
  retries?: number | undefined;
  /** A GET asked conditionally: an unchanged answer comes back as status 304, no body. */
  validators?: Validators | null | undefined;
}

export interface HttpAnswer {
  status: number;
  /** Parsed JSON; undefined for an empty body (e.g. 204). */
  body: unknown;
  /** The URL that was asked (to resolve relative links in the answer). */
  url: string;
  /** RFC 8288 `Link` header (paging), if any. */
  link: string | null;
  /** `Location` header (a created resource), if any. */
  location: string | null;
  /** Size of the body as received (characters), for caps across pages. */
  size: number;
  /** The answer's validators (none on a 304 that did not repeat them: the asked ones hold). */
  validators: Validators | null;
  /** The server's clock when it answered (`Date`), as sent. */
  date: string | null;
}

type Outcome = { ok: true; answer: HttpAnswer } | { ok: false; error: AppError };

const cancelledError = (): AppError => new AppError({ kind: 'timeout', code: 'cancelled' });

/**
 * Calls `onAbort` once when any of `signals` aborts; returns the unsubscribe. Plain listeners
 * rather than AbortSignal.any, so a long-lived client signal keeps nothing per request alive.
 */
const onAnyAbort = (signals: readonly AbortSignal[], onAbort: () => void): (() => void) => {
  let fired = false;
  const listener = () => {
    if (fired) return;
    fired = true;
    onAbort();
  };
  for (const signal of signals) signal.addEventListener('abort', listener, { once: true });
  return () => {
    for (const signal of signals) signal.removeEventListener('abort', listener);
  };
};

const scrubHeader = (value: string | null, forms: readonly string[]): string | null =>
  value === null ? null : scrubText(value, forms);

// eslint-disable-next-line max-lines-per-function -- one request's life (signals, attempts, retry waits, the body cap, the answer read) over the client's options; each step is its own inner function
export const createHttp = (options: HttpOptions) => {
  /** The client-wide signal and this request's own, whichever are present. */
  const signalsOf = (req: HttpRequest): AbortSignal[] => {
    const signals: AbortSignal[] = [];
    if (options.signal) signals.push(options.signal);
    if (req.signal) signals.push(req.signal);
    return signals;
  };
  const cancelled = (signals: readonly AbortSignal[]) => signals.some((s) => s.aborted);

  const once = async (req: HttpRequest, signals: readonly AbortSignal[]): Promise<Outcome> => {
    const host = new URL(req.url).host;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('request timed out'));
    }, options.timeoutMs);
    const unsubscribe = onAnyAbort(signals, () => controller.abort(new Error('request cancelled')));
    try {
      const headers: Record<string, string> = {
        accept: 'application/json',
        authorization: req.authorization,
      };
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      if (req.validators?.etag) headers['if-none-match'] = req.validators.etag;
      if (req.validators?.lastModified) headers['if-modified-since'] = req.validators.lastModified;
      const response = await options.fetch(req.url, {
        method: req.method,
        headers,
        body: req.body === undefined ? null : JSON.stringify(req.body),
        signal: controller.signal,
        // A redirect is a captive portal or a wrong address; following it could carry the key away.
        redirect: 'manual',
      });
      const text = await readBodyCapped(response, options.maxBodyBytes, controller.signal);
      return interpret(response, text, req, secretForms(req.secrets));
    } catch (cause) {
      if (cancelled(signals) && !timedOut) return { ok: false, error: cancelledError() };
      if (timedOut) {
        return {
          ok: false,
          error: errorFromCause(
            { code: 'ETIMEDOUT' },
            { host, timeoutMs: options.timeoutMs, secrets: req.secrets },
          ),
        };
      }
      if (cause instanceof BodyTooLarge) {
        return {
          ok: false,
          error: new AppError({
            kind: 'bad_response',
            code: 'too_large',
            params: { kilobytes: Math.round(cause.maxBytes / 1024) },
          }),
        };
      }
      return {
        ok: false,
        error: errorFromCause(cause, { host, timeoutMs: options.timeoutMs, secrets: req.secrets }),
      };
    } finally {
      clearTimeout(timer);
      unsubscribe();
    }
  };

  // eslint-disable-next-line max-lines-per-function -- what each kind of answer means (304, 2xx, a redirect, 4xx/5xx, a body too big or unreadable), in one reading order
  function interpret(
    response: Response,
    text: string,
    { subject, url: requestUrl, method, validators: asked }: HttpRequest,
    secrets: readonly string[],
  ): Outcome {
    const { status } = response;
    const contentType = response.headers.get('content-type') ?? '';
    const { headers } = response;
    // Kept in cache.db, so scrubbed like the Link header: a server echoing the key there
    // must not put it on disk.
    const received = (): Pick<HttpAnswer, 'validators' | 'date'> => {
      const etag = scrubHeader(headers.get('etag'), secrets);
      const lastModified = scrubHeader(headers.get('last-modified'), secrets);
      return {
        validators: etag || lastModified ? { etag, lastModified } : null,
        date: headers.get('date'),
      };
    };
    // Only an answer to a conditional request may be "not modified": to any other it is a
    // server fault (read below as an unexpected status).
    if (status === 304 && asked && (asked.etag || asked.lastModified)) {
      const answer = received();
      return {
        ok: true,
        answer: {
          status,
          body: undefined,
          url: requestUrl,
          link: null,
          location: null,
          size: 0,
          validators: answer.validators ?? asked,
          date: answer.date,
        },
      };
    }
    let body: unknown;
    let parsedOk = text.trim() === '';
    if (!parsedOk && !/html/i.test(contentType)) {
      // Checked before parsing: a deep enough answer parses, then breaks every later
      // serialisation (json-depth.ts).
      if (nestsDeeperThan(text))
        return {
          ok: false,
          error: new AppError({ kind: 'bad_response', code: 'too_deep', status }),
        };
      try {
        body = scrubSecrets(JSON.parse(text) as unknown, secrets);
        parsedOk = true;
      } catch {
        parsedOk = false;
      }
    }
    if (status >= 200 && status < 300) {
      const looksLikePage = /html/i.test(contentType) || /^\s*</.test(text);
      // A write answered "OK" / "Deleted" in plain text: done, with no usable body (callers
      // read the state back). A web page is still refused (it may be a captive portal's), and
      // so is JSON that does not parse (cut off: whether the write happened is unknown).
      if (!parsedOk && method !== 'GET' && !looksLikePage && !/json/i.test(contentType)) {
        body = undefined;
        parsedOk = true;
      }
      if (parsedOk) {
        return {
          ok: true,
          answer: {
            status,
            body,
            url: requestUrl,
            // Stored too: the next-page URL in a sync checkpoint, a created id from Location.
            link: scrubHeader(headers.get('link'), secrets),
            location: scrubHeader(headers.get('location'), secrets),
            size: text.length,
            ...received(),
          },
        };
      }
      const code = looksLikePage ? 'not_json' : 'unreadable';
      return { ok: false, error: new AppError({ kind: 'bad_response', code, status }) };
    }
    // Status 0 is an opaque redirect (Chromium's fetch with redirect: 'manual').
    const effective = status === 0 ? 302 : status;
    const retryAfterS = parseRetryAfter(response.headers.get('retry-after'), options.now());
    return {
      ok: false,
      error: errorFromStatus({
        status: effective,
        host: new URL(requestUrl).host,
        body,
        retryAfterS,
        subject,
      }),
    };
  }

  const pause = async (ms: number, signals: readonly AbortSignal[]): Promise<void> => {
    if (signals.length === 0) return options.sleep(ms);
    if (cancelled(signals)) throw cancelledError();
    let unsubscribe: () => void = () => undefined;
    const aborted = new Promise<never>((_, reject) => {
      unsubscribe = onAnyAbort(signals, () => reject(cancelledError()));
    });
    try {
      await Promise.race([options.sleep(ms), aborted]);
    } finally {
      unsubscribe();
    }
  };

  const send = async (req: HttpRequest): Promise<HttpAnswer> => {
    const signals = signalsOf(req);
    for (let attempt = 0; ; attempt += 1) {
      if (cancelled(signals)) throw cancelledError();
      const outcome = await once(req, signals);
      // The server's HTTP status is an answer (a 503 too; a proxy's 407 is not); a
      // certificate refused or a body too large is neither an answer nor a sign of offline.
      if (outcome.ok) options.onAttempt?.(true);
      else if (traitsOf(outcome.error.kind).connectivity) {
        if (!cancelled(signals)) options.onAttempt?.(false);
      } else if (outcome.error.status !== undefined) options.onAttempt?.(true);
      if (outcome.ok) return outcome.answer;
      const { error } = outcome;
      const transient = req.method === 'GET' && traitsOf(error.kind).retryable;
      // Cancelled as a failure worth retrying came in: never retried, and the answer is
      // "cancelled". A definite answer (a 409, a 422…) is kept: it says what the server did.
      if (transient && cancelled(signals)) throw cancelledError();
      const retryAfterS = error.retryAfterS;
      const mayRetry =
        transient &&
        attempt < (req.retries ?? options.maxRetries) &&
        (retryAfterS === undefined || retryAfterS <= MAX_RETRY_AFTER_S);
      if (!mayRetry) throw error;
      const delay =
        retryAfterS !== undefined
          ? retryAfterS * 1000 + backoffDelayMs(0, options.random) / 2
          : backoffDelayMs(attempt, options.random);
      await pause(delay, signals);
    }
  };

  return { send };
};
