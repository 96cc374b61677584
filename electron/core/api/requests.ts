/**
 * How the client asks: each request's Basic credentials (org id or '' as username, the key read
 * from the keychain when a call needs it), sent through http.ts, and a list's pages read
 * whatever paging style and envelope the server uses (list-answer.ts). The endpoints
 * (client.ts) are written on top of these three calls.
 */
import { AppError } from '../app-error';
import { isObj } from './answer-readers';
import { validateBaseUrl } from './base-url';
import type { FindingSink } from './findings';
import { createHttp, type HttpAnswer, type Method, type Validators } from './http';
import {
  listItemsIn,
  queryFor,
  readListAnswer,
  type PageRequest,
  type TotalCounts,
} from './list-answer';
import { tooManyPages, walkAll } from './list-walk';
import type { Subject } from './error-mapping';
import { PAGE_SIZE_MAX } from './wire';
import type { ListPage, PageAsk, PageFacts } from './vendor-api';

/** The page size callers ask for: the largest the API allows, so the fewest requests. */
export const LIST_PAGE_SIZE = PAGE_SIZE_MAX;

export interface ApiClientOptions {
  baseUrl: string;
  /** null until the technician chooses one; org-scoped calls then fail with not_signed_in. */
  organizationId: string | null;
  getApiKey: () => Promise<string>;
  fetch: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Extra attempts for GET only. */
  maxRetries?: number;
  maxBodyBytes?: number;
  maxPages?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  signal?: AbortSignal;
  /** After each attempt of each request: whether the server answered (http.ts). */
  onAttempt?: (answered: boolean) => void;
  /** Told what the readers adapted to (the connection check reports it). */
  onFinding?: FindingSink;
}

export type Scope = 'cross' | 'org';
type Query = Record<string, string | number | boolean | undefined>;

interface CallOptions {
  query?: Query | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** An absolute URL the server gave (a next page); already checked to be on our origin. */
  url?: string | undefined;
  retries?: number | undefined;
  validators?: Validators | null | undefined;
}

export interface PageOptions {
  /** Query parameters every page of the walk asks with (a server's next-page URL has its own). */
  extra?: Query;
  signal?: AbortSignal | undefined;
  /** The error for an answer with no list in it, when the list has a more specific one. */
  notAList?: () => AppError;
  ask?: PageAsk | undefined;
  /** Whether a `total` the answer gives counts its entries (list-answer.ts `TotalCounts`). */
  totalCounts?: TotalCounts;
}

/** What a 304 carries of a page: nothing (the caller has the page it stored with the validators). */
const NOT_MODIFIED: Omit<ListPage<never>, keyof PageFacts> = {
  items: [],
  style: 'none',
  next: null,
  totalCount: null,
  totalPages: null,
  rest: null,
  raw: undefined,
  size: 0,
};

const isoOrNull = (httpDate: string | null): string | null => {
  const ms = httpDate === null ? Number.NaN : Date.parse(httpDate);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/**
 * The answer says it applied the `updated_since` asked (`meta.updated_since`, or beside the
 * items in flat envelopes), as the same instant. A server that ignores an unknown parameter
 * says nothing, and its answer is the whole list: never taken for the changes only.
 */
const echoes = (body: unknown, asked: string): boolean => {
  if (!isObj(body)) return false;
  const meta = isObj(body['meta']) ? body['meta'] : {};
  const said = meta['updated_since'] ?? body['updated_since'];
  return typeof said === 'string' && Date.parse(said) === Date.parse(asked);
};

/** The first request of every list: by page, which most servers accept or ignore harmlessly. */
const FIRST: PageRequest = { style: 'page', page: 1, perPage: LIST_PAGE_SIZE };

export class Requests {
  readonly #options: ApiClientOptions;
  readonly #http: ReturnType<typeof createHttp>;
  readonly #baseUrl: string;
  readonly #baseOrigin: string;
  /** Pages of 500: room for 2.5 million devices, while a server that never ends is refused. */
  readonly #maxPages: number;

  constructor(options: ApiClientOptions) {
    this.#options = options;
    this.#baseUrl = validateBaseUrl(options.baseUrl);
    this.#baseOrigin = new URL(this.#baseUrl).origin;
    this.#maxPages = options.maxPages ?? 5_000;
    this.#http = createHttp({
      fetch: options.fetch,
      timeoutMs: options.timeoutMs ?? 15_000,
      maxRetries: options.maxRetries ?? 3,
      maxBodyBytes: options.maxBodyBytes ?? 20 * 1024 * 1024,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      random: options.random ?? Math.random,
      now: Date.now,
      signal: options.signal,
      onAttempt: options.onAttempt,
    });
  }

  async #credentials(scope: Scope) {
    let username = '';
    if (scope === 'org') {
      if (!this.#options.organizationId)
        throw new AppError({ kind: 'not_signed_in', code: 'no_organization' });
      username = this.#options.organizationId;
    }
    const key = await this.#options.getApiKey();
    if (!key) throw new AppError({ kind: 'not_signed_in', code: 'no_key' });
    const token = Buffer.from(`${username}:${key}`, 'utf8').toString('base64');
    return { authorization: `Basic ${token}`, secrets: [key, token] };
  }

  /** One request of the API, its answer read by http.ts (status, body, validators). */
  async call(
    method: Method,
    scope: Scope,
    path: string,
    subject: Subject,
    opts: CallOptions = {},
  ): Promise<HttpAnswer> {
    let url = opts.url;
    if (url === undefined) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(opts.query ?? {})) {
        if (value !== undefined) search.set(name, String(value));
      }
      const qs = search.toString();
      url = `${this.#baseUrl}${path}${qs ? `?${qs}` : ''}`;
    }
    const auth = await this.#credentials(scope);
    return this.#http.send({
      method,
      url,
      ...auth,
      body: opts.body,
      subject,
      signal: opts.signal,
      retries: opts.retries,
      validators: opts.validators,
    });
  }

  /** One page of a list, read whatever paging style and envelope the server uses. */
  async listPage<T>(
    scope: Scope,
    path: string,
    subject: Subject,
    request: PageRequest | null,
    read: (raw: unknown) => T,
    o: PageOptions = {},
  ): Promise<ListPage<T>> {
    const asked = request ?? FIRST;
    const ask = o.ask ?? {};
    const extra = o.extra ?? {};
    // Every page of a walk asks the same filter (a server's next-page URL carries its own).
    const query =
      ask.updatedSince === undefined ? extra : { ...extra, updated_since: ask.updatedSince };
    const answer = await this.call('GET', scope, path, subject, {
      ...(asked.style === 'url' ? { url: asked.url } : { query: { ...query, ...queryFor(asked) } }),
      signal: o.signal,
      validators: ask.validators,
    });
    const facts: PageFacts = {
      notModified: answer.status === 304,
      validators: answer.validators,
      serverTime: isoOrNull(answer.date),
      updatedSince: null,
    };
    if (facts.notModified) return { ...NOT_MODIFIED, ...facts };
    if (o.notAList && listItemsIn(answer.body) === null) throw o.notAList();
    const page = readListAnswer(answer.body, answer.link, asked, answer.url, this.#baseOrigin, {
      size: answer.size,
      ...(o.totalCounts ? { totalCounts: o.totalCounts } : {}),
    });
    if (page.totalPages !== null && page.totalPages > this.#maxPages)
      throw tooManyPages(this.#maxPages);
    const updatedSince =
      ask.updatedSince !== undefined && echoes(answer.body, ask.updatedSince)
        ? ask.updatedSince
        : null;
    return { ...page, items: page.items.map(read), ...facts, updatedSince };
  }

  /** Every page of a list (small lists: organizations, a search, foot traffic). */
  whole<T>(
    scope: Scope,
    path: string,
    subject: Subject,
    read: (raw: unknown) => T,
    o: PageOptions = {},
  ) {
    return walkAll(
      (request) => this.listPage(scope, path, subject, request, read, o),
      this.#maxPages,
    );
  }
}
