/**
 * Sandbox dialects (decision record 37): the same data answered with other choices for every detail the
 * vendor's spec leaves "not shown". Each dialect is read here with its own reader, written from
 * docs/api/openapi.yaml (info.x-dialects) rather than from the sandbox's code, and compared
 * with the default dialect's answers for the same seed and clock. The default dialect itself
 * is validated against openapi.yaml (harness.call) and must answer byte for byte as before.
 * The dialects of decision record 41 (go-zero, rails-root, flat-traffic) add single resources bare or in a
 * named root, "not installed" and "never" as zero values, and foot traffic as flat records of
 * every organization of the user. Decision record 69's dialects (drf-opaque,
 * offset-link-pending) name stores and organizations with opaque ids, spell serials with spaces,
 * serve pages of their own size (20) — a device's foot traffic too — and accept writes for later.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  dialectNames,
  startSandbox,
  type RunningSandbox,
  type SandboxUser,
} from '../../../electron/sandbox';
import { DEFAULT_DIALECT, DIALECTS, type Dialect } from '../../../electron/sandbox/dialects';
import { stopProcessTree, treeSpawnOptions } from '../../helpers/process-tree';
import { basic, call, users } from './harness';
import { openapiDoc } from './openapi-check';

const ROOT = new URL('../../../', import.meta.url).pathname;
/** A Wednesday afternoon: seeded installed devices have counted visitors in the last day. */
const NOW = Date.parse('2026-03-04T15:30:00Z');
const DEVICES = 45;
const options = (dialect?: string) => ({
  devices: DEVICES,
  now: () => NOW,
  ...(dialect ? { dialect } : {}),
});

type Obj = Record<string, unknown>;
const obj = (v: unknown, what = 'value'): Obj => {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Error(`${what} is not an object: ${JSON.stringify(v)?.slice(0, 200)}`);
  return v as Obj;
};
const arr = (v: unknown, what = 'value'): unknown[] => {
  if (!Array.isArray(v))
    throw new Error(`${what} is not an array: ${JSON.stringify(v)?.slice(0, 200)}`);
  return v;
};
const str = (v: unknown): string => {
  expect(typeof v).toBe('string');
  return v as string;
};
const num = (v: unknown): number => {
  expect(Number.isInteger(v)).toBe(true);
  return v as number;
};

interface Raw {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Plain HTTP, no document check (dialects answer outside openapi.yaml on purpose). */
const raw = async (
  sbx: RunningSandbox,
  user: SandboxUser,
  target: string,
  o: { method?: string; body?: unknown; org?: string | null } = {},
): Promise<Raw> => {
  const url = target.startsWith('http') ? target : `${sbx.baseUrl}${target}`;
  const org = o.org === undefined ? (user.organizations[0]?.id ?? '') : o.org;
  const headers: Record<string, string> = {};
  if (org !== null) headers.authorization = basic(org, user.api_key);
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: o.method ?? 'GET',
    headers,
    ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
  });
  const text = await res.text();
  const json =
    text !== '' && (res.headers.get('content-type') ?? '').startsWith('application/json')
      ? (JSON.parse(text) as unknown)
      : null;
  return { status: res.status, headers: res.headers, text, json };
};

/** A path segment as a request carries it (opaque ids and spaced serials escaped). */
const enc = encodeURIComponent;

const withQuery = (path: string, params: Record<string, string | number>): string => {
  const [p, q] = path.split('?');
  const search = new URLSearchParams(q);
  for (const [k, v] of Object.entries(params)) search.set(k, String(v));
  return `${p}?${search.toString()}`;
};

// ---------------------------------------------------------------- readers, one per dialect

interface ListPage {
  items: unknown[];
  /** What to fetch next (a path below /v1 or an absolute URL); null on the last page. */
  next: string | null;
}

interface Reader {
  /** The first request of a walk over `path` with `size` items per page. */
  first(path: string, size: number): string;
  /** A list answer (every list but the spec-fixed one). */
  page(r: Raw, path: string, size: number, sbx: RunningSandbox): ListPage;
  /** GET /locations/{loc_id}/devices: `{data, meta?}` in every dialect. */
  specPage(r: Raw, path: string, size: number, sbx: RunningSandbox): ListPage;
  /** The items of a list that is not paged (a device's foot-traffic series). */
  series(r: Raw): unknown[];
  /** The query that asks for items [size, 2·size) directly, where the style allows it. */
  second?(path: string, size: number): string;
  /** The query parameter naming the page size. */
  sizeParam: string;
  /** The list's total, for styles that send one. */
  total?(r: Raw): number;
  /** How many a page holds when `asked` are asked for (servers with a size of their own). */
  served?(asked: number): number;
}

/** Next-page URLs must be absolute and on the sandbox's own origin. */
const sameOrigin = (url: string, sbx: RunningSandbox): string => {
  expect(new URL(url).origin).toBe(sbx.origin);
  expect(url.startsWith(`${sbx.baseUrl}/`)).toBe(true);
  return url;
};

const linkNext = (r: Raw, sbx: RunningSandbox): string | null => {
  const link = r.headers.get('link');
  if (link === null) return null;
  const m = /^<([^>]+)>;\s*rel="next"$/.exec(link);
  if (!m?.[1]) throw new Error(`not an RFC 8288 next link: ${link}`);
  return sameOrigin(m[1], sbx);
};

const READERS: Record<string, Reader> = {
  default: {
    sizeParam: 'per_page',
    first: (path, size) => withQuery(path, { per_page: size, page: 1 }),
    second: (path, size) => withQuery(path, { per_page: size, page: 2 }),
    page(r, path, size) {
      const body = obj(r.json);
      const meta = obj(body.meta, 'meta');
      const page = num(meta.page);
      return {
        items: arr(body.data),
        next:
          page < num(meta.total_pages) ? withQuery(path, { per_page: size, page: page + 1 }) : null,
      };
    },
    specPage(r, path, size, sbx) {
      return READERS.default!.page(r, path, size, sbx);
    },
    series: (r) => arr(obj(r.json).data),
  },
  'offset-flat': {
    sizeParam: 'limit',
    total: (r) => num(obj(r.json).total),
    first: (path, size) => withQuery(path, { limit: size, offset: 0 }),
    second: (path, size) => withQuery(path, { limit: size, offset: size }),
    page(r, path, size) {
      const body = obj(r.json);
      expect(body).not.toHaveProperty('data');
      expect(body).not.toHaveProperty('meta');
      const offset = num(body.offset);
      expect(num(body.limit)).toBe(size);
      const total = num(body.total);
      return {
        items: arr(body.items),
        next:
          offset + size < total ? withQuery(path, { limit: size, offset: offset + size }) : null,
      };
    },
    specPage(r, path, size) {
      const body = obj(r.json);
      expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
      const meta = obj(body.meta);
      const offset = num(meta.offset);
      expect(num(meta.limit)).toBe(size);
      return {
        items: arr(body.data),
        next:
          offset + size < num(meta.total)
            ? withQuery(path, { limit: size, offset: offset + size })
            : null,
      };
    },
    series: (r) => arr(obj(r.json).items),
  },
  'cursor-links': {
    sizeParam: 'limit',
    first: (path, size) => withQuery(path, { limit: size }),
    page(r, _path, _size, sbx) {
      const body = obj(r.json);
      expect(body).not.toHaveProperty('data');
      const next = obj(body.links, 'links').next;
      return {
        items: arr(body.results),
        next: next === null ? null : sameOrigin(str(next), sbx),
      };
    },
    specPage(r, _path, _size, sbx) {
      const body = obj(r.json);
      expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
      const next = obj(body.meta).next;
      return { items: arr(body.data), next: next === null ? null : sameOrigin(str(next), sbx) };
    },
    series: (r) => arr(obj(r.json).results),
  },
  'link-header-bare': {
    sizeParam: 'per_page',
    first: (path, size) => withQuery(path, { per_page: size }),
    page: (r, _path, _size, sbx) => ({ items: arr(r.json), next: linkNext(r, sbx) }),
    specPage(r, _path, _size, sbx) {
      const body = obj(r.json);
      expect(Object.keys(body)).toEqual(['data']);
      return { items: arr(body.data), next: linkNext(r, sbx) };
    },
    series: (r) => arr(r.json),
  },
  'cursor-meta': {
    sizeParam: 'limit',
    first: (path, size) => withQuery(path, { limit: size }),
    page(r, path, size) {
      const body = obj(r.json);
      const meta = obj(body.meta, 'meta');
      expect(meta).not.toHaveProperty('page');
      expect(meta).not.toHaveProperty('total_count');
      const cursor = meta.next_cursor;
      return {
        items: arr(body.data),
        next: cursor === null ? null : withQuery(path, { limit: size, cursor: str(cursor) }),
      };
    },
    specPage(r, path, size, sbx) {
      return READERS['cursor-meta']!.page(r, path, size, sbx);
    },
    series: (r) => arr(obj(r.json).data),
  },
  'flat-traffic': {
    sizeParam: 'limit',
    total: (r) => num(obj(obj(r.json).meta).total),
    first: (path, size) => withQuery(path, { limit: size, offset: 0 }),
    second: (path, size) => withQuery(path, { limit: size, offset: size }),
    page(r, path, size) {
      const body = obj(r.json);
      expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
      const meta = obj(body.meta, 'meta');
      const offset = num(meta.offset);
      expect(num(meta.limit)).toBe(size);
      return {
        items: arr(body.data),
        next:
          offset + size < num(meta.total)
            ? withQuery(path, { limit: size, offset: offset + size })
            : null,
      };
    },
    specPage(r, path, size, sbx) {
      return READERS['flat-traffic']!.page(r, path, size, sbx);
    },
    series: (r) => arr(obj(r.json).data),
  },
};
/** openapi.yaml: page-number and offset-link serve 20 a page whatever is asked. */
const OWN_SIZE = 20;

READERS['drf-opaque'] = {
  sizeParam: 'page_size',
  served: () => OWN_SIZE,
  first: (path) => withQuery(path, { page: 1 }),
  second: (path) => withQuery(path, { page: 2 }),
  page(r, _path, _size, sbx) {
    const body = obj(r.json);
    expect(body).not.toHaveProperty('data');
    expect(typeof body.count).toBe('number');
    const next = body.next;
    if (body.previous !== null) sameOrigin(str(body.previous), sbx);
    return { items: arr(body.results), next: next === null ? null : sameOrigin(str(next), sbx) };
  },
  // The spec's {data, meta} with the next URL in meta, as cursor-links has it.
  specPage: (r, path, size, sbx) => READERS['cursor-links']!.specPage(r, path, size, sbx),
  series: (r) => arr(obj(r.json).results),
};
READERS['offset-link-pending'] = {
  sizeParam: 'limit',
  served: (asked) => Math.min(asked, OWN_SIZE),
  first: (path, size) => withQuery(path, { limit: size, offset: 0 }),
  second: (path) => withQuery(path, { limit: OWN_SIZE, offset: OWN_SIZE }),
  page(r, _path, _size, sbx) {
    const body = obj(r.json);
    expect(body).not.toHaveProperty('total');
    expect(num(body.limit)).toBeLessThanOrEqual(OWN_SIZE);
    num(body.offset);
    return { items: arr(body.items), next: linkNext(r, sbx) };
  },
  specPage(r, _path, _size, sbx) {
    const body = obj(r.json);
    expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
    expect(obj(body.meta)).not.toHaveProperty('total');
    return { items: arr(body.data), next: linkNext(r, sbx) };
  },
  series: (r) => arr(obj(r.json).items),
};

// The same list answers as an earlier dialect (openapi x-dialects says so).
READERS['go-zero'] = READERS['offset-flat']!;
READERS['rails-root'] = READERS['link-header-bare']!;

// lower-hex answers everything else as cursor-meta does; only its serials differ.
READERS['lower-hex'] = READERS['cursor-meta']!;

const fetchAs = (
  dialect: string,
  sbx: RunningSandbox,
  user: SandboxUser,
  target: string,
  org?: string,
) =>
  dialect === 'default'
    ? call(sbx, user, {
        path: target.replace(sbx.baseUrl, ''),
        ...(org !== undefined ? { org } : {}),
      })
    : raw(sbx, user, target, org !== undefined ? { org } : {});

/** Follows a list to its end in the dialect's style; fails on a loop. */
const walk = async (
  dialect: string,
  sbx: RunningSandbox,
  user: SandboxUser,
  path: string,
  size: number,
  o: { spec?: boolean; org?: string } = {},
): Promise<{ items: unknown[]; pages: number }> => {
  const reader = READERS[dialect]!;
  const items: unknown[] = [];
  let next: string | null = reader.first(path, size);
  let pages = 0;
  const seen = new Set<string>();
  while (next !== null) {
    if (seen.has(next)) throw new Error(`paging loops back to ${next}`);
    seen.add(next);
    const r = await fetchAs(dialect, sbx, user, next, o.org);
    expect(r.status, r.text).toBe(200);
    const page = (o.spec ? reader.specPage : reader.page)(r, path, size, sbx);
    expect(page.items.length).toBeLessThanOrEqual(reader.served?.(size) ?? size);
    items.push(...page.items);
    pages++;
    if (pages > 500) throw new Error('more than 500 pages');
    next = page.next;
  }
  return { items, pages };
};

// ---------------------------------------------------------------- expected shapes

const COUNTRY_NAMES: Record<string, string> = {
  US: 'United States',
  DE: 'Germany',
  FR: 'France',
  GB: 'United Kingdom',
  NL: 'Netherlands',
  JP: 'Japan',
};

interface Lines {
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postal_code?: string | null;
  country: string;
}

const ADDRESSES: Record<string, (a: Lines) => unknown> = {
  default: (a) => ({
    line1: a.line1,
    line2: a.line2 ?? null,
    city: a.city,
    region: a.region ?? null,
    postal_code: a.postal_code ?? null,
    country: a.country,
  }),
  'offset-flat': (a) => ({
    address1: a.line1,
    address2: a.line2 ?? null,
    town: a.city,
    state: a.region ?? null,
    zip: a.postal_code ?? null,
    country_code: a.country,
  }),
  'cursor-links': (a) => ({
    street_address: a.line1,
    extended_address: a.line2 ?? null,
    locality: a.city,
    province: a.region ?? null,
    postcode: a.postal_code ?? null,
    country: COUNTRY_NAMES[a.country],
  }),
  'link-header-bare': (a) => {
    const place = ['US', 'GB', 'JP'].includes(a.country)
      ? [a.city, [a.region, a.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')
      : [a.postal_code, a.city].filter(Boolean).join(' ');
    return [a.line1, a.line2, place, COUNTRY_NAMES[a.country]].filter(Boolean).join(', ');
  },
  'cursor-meta': (a) => ({
    street: [a.line1, a.line2].filter(Boolean).join(', '),
    city: a.city,
    state: a.region ?? null,
    postcode: a.postal_code ?? null,
    country: COUNTRY_NAMES[a.country],
  }),
};

ADDRESSES['drf-opaque'] = (a) => ({
  street_address: [a.line1, a.line2].filter(Boolean).join(', '),
  address_locality: a.city,
  address_region: a.region ?? null,
  postal_code: a.postal_code ?? null,
  address_country: a.country,
});
ADDRESSES['offset-link-pending'] = (a) => ({
  address_lines: [a.line1, a.line2].filter(Boolean),
  municipality: a.city,
  province: a.region ?? null,
  zip: a.postal_code ?? null,
  country: COUNTRY_NAMES[a.country],
});
ADDRESSES['go-zero'] = ADDRESSES['offset-flat']!;
ADDRESSES['rails-root'] = ADDRESSES['cursor-links']!;
ADDRESSES['flat-traffic'] = ADDRESSES['cursor-meta']!;
ADDRESSES['lower-hex'] = ADDRESSES['cursor-meta']!;

/** A foot-traffic bucket → its start (ISO, or a date for daily `date` buckets) and count. */
const BUCKETS: Record<string, (b: unknown) => { start: string; count: number }> = {
  default: (b) => {
    const o = obj(b);
    // A device's buckets say in and out beside the count (of people in), a location's do not.
    const keys = Object.keys(o).sort();
    if (keys.includes('out')) {
      expect(keys).toEqual(['count', 'end', 'in', 'out', 'start']);
      expect(o.in).toBe(o.count);
    } else expect(keys).toEqual(['count', 'end', 'start']);
    return { start: str(o.start), count: num(o.count) };
  },
  'offset-flat': (b) => {
    const o = obj(b);
    expect(Object.keys(o).sort()).toEqual(['count', 'timestamp']);
    return { start: str(o.timestamp), count: num(o.count) };
  },
  'cursor-links': (b) => {
    const o = obj(b);
    expect(Object.keys(o).sort()).toEqual(['date', 'visitors']);
    return { start: str(o.date), count: num(o.visitors) };
  },
  'link-header-bare': (b) => {
    const o = obj(b);
    expect(Object.keys(o).sort()).toEqual(['end', 'in', 'out', 'start']);
    expect(num(o.out)).toBeLessThanOrEqual(num(o.in));
    return { start: str(o.start), count: num(o.in) };
  },
  'cursor-meta': (b) => {
    const o = obj(b);
    expect(Object.keys(o).sort()).toEqual(['bucket', 'value']);
    const bucket = obj(o.bucket);
    expect(Object.keys(bucket).sort()).toEqual(['end', 'start']);
    return { start: str(bucket.start), count: num(o.value) };
  },
  'flat-traffic': (b) => {
    const o = obj(b);
    expect(Object.keys(o).sort()).toEqual(['time', 'visitors']);
    return { start: str(o.time), count: num(o.visitors) };
  },
};
BUCKETS['go-zero'] = BUCKETS['offset-flat']!;
BUCKETS['rails-root'] = BUCKETS['cursor-links']!;

/** One location's foot traffic → its id, total and buckets. */
const LOCATION_TRAFFIC: Record<
  string,
  (v: unknown) => { id: string; total: number; buckets: unknown[] }
> = {
  default: (v) => {
    const o = obj(v);
    return { id: str(obj(o.location).id), total: num(o.total), buckets: arr(o.series) };
  },
  'offset-flat': (v) => {
    const o = obj(v);
    expect(Object.keys(o).sort()).toEqual(['buckets', 'count', 'location_id', 'location_name']);
    return { id: str(o.location_id), total: num(o.count), buckets: arr(o.buckets) };
  },
  'cursor-links': (v) => {
    const o = obj(v);
    expect(Object.keys(o).sort()).toEqual(['breakdown', 'location', 'visitors']);
    return { id: str(obj(o.location).id), total: num(o.visitors), buckets: arr(o.breakdown) };
  },
  'link-header-bare': (v) => {
    const o = obj(v);
    expect(Object.keys(o).sort()).toEqual(['in', 'location', 'out', 'series']);
    expect(num(o.out)).toBeLessThanOrEqual(num(o.in));
    return { id: str(obj(o.location).id), total: num(o.in), buckets: arr(o.series) };
  },
  'cursor-meta': (v) => {
    const o = obj(v);
    expect(Object.keys(o).sort()).toEqual(['location_id', 'value', 'values']);
    return { id: str(o.location_id), total: num(o.value), buckets: arr(o.values) };
  },
};
LOCATION_TRAFFIC['go-zero'] = LOCATION_TRAFFIC['offset-flat']!;
LOCATION_TRAFFIC['rails-root'] = LOCATION_TRAFFIC['cursor-links']!;

/** A flat foot-traffic record (one location, one bucket) → whose, which and how many. */
const flatRecord = (v: unknown, granularity: 'day' | 'hour') => {
  const o = obj(v);
  expect(Object.keys(o).sort()).toEqual([
    granularity,
    'location_id',
    'location_name',
    'organization_id',
    'visitors',
  ]);
  const start = str(o[granularity]);
  if (granularity === 'day') expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return { org: str(o.organization_id), id: str(o.location_id), start, count: num(o.visitors) };
};

BUCKETS['lower-hex'] = BUCKETS['cursor-meta']!;
LOCATION_TRAFFIC['lower-hex'] = LOCATION_TRAFFIC['cursor-meta']!;
BUCKETS['drf-opaque'] = BUCKETS['offset-flat']!;
LOCATION_TRAFFIC['drf-opaque'] = LOCATION_TRAFFIC['offset-flat']!;
BUCKETS['offset-link-pending'] = BUCKETS['cursor-links']!;
LOCATION_TRAFFIC['offset-link-pending'] = LOCATION_TRAFFIC['cursor-links']!;

type ErrorBodyStyle = 'nested' | 'flat' | 'string' | 'list' | 'text' | 'html';

/** Checks an error body's style and that it mentions `word` (a field, or part of the message). */
const checkErrorBody = (style: ErrorBodyStyle, r: Raw, word: string, field?: string): void => {
  const type = r.headers.get('content-type') ?? '';
  switch (style) {
    case 'nested': {
      const e = obj(obj(r.json).error);
      expect(str(e.message)).toContain(word);
      str(e.code);
      if (field) expect(obj(obj(e.details).fields)).toHaveProperty(field);
      return;
    }
    case 'flat': {
      const o = obj(r.json);
      expect(Object.keys(o).sort()).toEqual(['code', 'message']);
      expect(str(o.code)).toMatch(/^[A-Z_]+$/);
      expect(str(o.message)).toContain(field ?? word);
      return;
    }
    case 'string': {
      const o = obj(r.json);
      expect(Object.keys(o)).toEqual(['error']);
      expect(str(o.error)).toContain(field ?? word);
      return;
    }
    case 'list': {
      const errors = arr(obj(r.json).errors).map((e) => obj(e));
      expect(errors.length).toBeGreaterThan(0);
      if (field) expect(errors.map((e) => e.field)).toContain(field);
      else expect(str(errors[0]?.message)).toContain(word);
      return;
    }
    case 'text':
      expect(type).toMatch(/^text\/plain/);
      expect(r.text).toContain(field ?? word);
      return;
    case 'html':
      expect(type).toMatch(/^text\/html/);
      expect(r.text).toMatch(/^<!doctype html>/i);
      expect(r.text).toContain(String(r.status));
      return;
  }
};

interface Case {
  name: string;
  errors: {
    validation: ErrorBodyStyle;
    client: ErrorBodyStyle;
    server: ErrorBodyStyle;
    validationStatus: number;
    forbiddenStatus: number;
    challenge: boolean;
  };
  /** Status and body of PUT, install and uninstall; `device` = the device itself, not wrapped. */
  writes: Record<'update' | 'install' | 'uninstall', [number, WriteForm]>;
  create: {
    body: 'wrapped' | 'location' | 'id' | 'named-root';
    locationHeader: 'relative' | 'absolute' | null;
  };
  vendorExt: boolean;
  /** Paged by offset/limit (`cursor` is then no parameter of its own). */
  offset?: true;
  /** GET of one resource: `{data}` unless said. */
  single?: 'bare' | 'named-root';
  /** A device not installed: `location: null` unless said. */
  notInstalled?: 'zero-value' | 'omitted-flag';
  /** A time that never happened: null unless said. */
  never?: string;
  /** The locations' foot traffic as flat records, of every organization of the user. */
  flatTraffic?: true;
  /** How serials are spelled (openapi.yaml x-dialects `serials`); default as the spec's. */
  serials?: 'lower-hex' | 'spaced-digits';
  /** Organizations and stores named with opaque ids (openapi.yaml x-dialects `ids`). */
  ids?: 'opaque';
  /** Pages of the server's own size (20); a device's foot traffic in pages too. */
  ownPages?: true;
  /** Writes answered before they are made, and made a moment later (`accepted_writes`). */
  deferred?: true;
}

type WriteForm =
  | 'wrapped'
  | 'device'
  | 'none'
  | 'empty'
  | 'named-root'
  | 'status-ok'
  | 'accepted-task'
  | 'pending-job';

/** One resource out of a GET, in the case's envelope. */
const singleOf = (c: Case, root: string, json: unknown): Obj =>
  c.single === 'bare' ? obj(json) : obj(obj(json)[c.single === 'named-root' ? root : 'data']);

/** The reference (default) device as the case spells "not installed" and "never". */
const spelledNothing = (c: Case, d: Obj): Obj => {
  const out = { ...d };
  if (c.never !== undefined)
    for (const f of ['last_checkin_at', 'installed_at']) if (out[f] === null) out[f] = c.never;
  if (c.notInstalled === 'zero-value' && out.location === null) out.location = { id: '', name: '' };
  if (c.notInstalled === 'omitted-flag') {
    out.installed = out.location !== null;
    if (out.location === null) delete out.location;
  }
  return out;
};

/**
 * A serial as a dialect writes it, from the rule openapi.yaml documents: `lower-hex` is the
 * lower-case hex of the serial's UTF-8 bytes.
 */
const spelledSerial = (c: Pick<Case, 'serials'>, serial: unknown): string => {
  if (c.serials === 'lower-hex') return Buffer.from(str(serial), 'utf8').toString('hex');
  if (c.serials !== 'spaced-digits') return str(serial);
  // Each character after "FTC-" as its two-digit place in the serial alphabet, in fours.
  const digits = [...str(serial).slice(4)]
    .map((ch) => String(SERIAL_ALPHABET.indexOf(ch)).padStart(2, '0'))
    .join('');
  return `PC ${digits.match(/\d{4}/g)!.join(' ')}`;
};
/** openapi.yaml `serials: spaced-digits`: the seeded serials' alphabet. */
const SERIAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A reference (plain) id as a case names it (openapi.yaml x-dialects `ids: opaque`): an
 * organization "Zentrale Süd/<tail>"; a store by its tail's last character code mod 3,
 * "<country>:<city>-<tail>" (lower case), "<City> <tail>/Süd?#%", "Filiale <tail>.<City> – Nord".
 */
const spelledId = (c: Pick<Case, 'ids'>, plain: unknown): string => {
  const id = str(plain);
  if (c.ids !== 'opaque') return id;
  const tail = id.replace(/^(org|loc)_/, '');
  if (id.startsWith('org_')) return `Zentrale Süd/${tail}`;
  const store = [...refLocations, ...refOtherLocations].find((l) => l.id === id);
  const a = obj(store?.address);
  switch (tail.charCodeAt(tail.length - 1) % 3) {
    case 0:
      return `${str(a.country).toLowerCase()}:${str(a.city).toLowerCase()}-${tail}`;
    case 1:
      return `${str(a.city)} ${tail}/Süd?#%`;
    default:
      return `Filiale ${tail}.${str(a.city)} – Nord`;
  }
};
/** A reference location (or device's location) with the case's id. */
const spelledRef = (c: Case, l: unknown): unknown =>
  l === null || l === undefined || c.ids !== 'opaque'
    ? l
    : { ...obj(l), id: spelledId(c, obj(l).id) };
/** The reference (default) device as the case spells it: its serial, "not installed", "never". */
const spelledDevice = (c: Case, d: Obj): Obj => {
  const out: Obj = { ...spelledNothing(c, d), serial_number: spelledSerial(c, d.serial_number) };
  if (
    'location' in out &&
    out.location !== null &&
    !(c.notInstalled === 'zero-value' && obj(out.location).id === '')
  )
    out.location = spelledRef(c, out.location);
  return out;
};

const CASES: Case[] = [
  {
    name: 'offset-flat',
    errors: {
      validation: 'list',
      client: 'flat',
      server: 'text',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    writes: { update: [200, 'device'], install: [201, 'device'], uninstall: [201, 'device'] },
    create: { body: 'location', locationHeader: 'absolute' },
    vendorExt: true,
    offset: true,
  },
  {
    name: 'cursor-links',
    errors: {
      validation: 'string',
      client: 'string',
      server: 'html',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    writes: { update: [204, 'none'], install: [204, 'none'], uninstall: [204, 'none'] },
    create: { body: 'id', locationHeader: null },
    vendorExt: true,
  },
  {
    name: 'link-header-bare',
    errors: {
      validation: 'text',
      client: 'text',
      server: 'html',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    writes: { update: [200, 'empty'], install: [200, 'empty'], uninstall: [200, 'empty'] },
    create: { body: 'id', locationHeader: 'absolute' },
    vendorExt: true,
  },
  {
    name: 'cursor-meta',
    errors: {
      validation: 'flat',
      client: 'list',
      server: 'string',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    writes: { update: [200, 'device'], install: [201, 'device'], uninstall: [201, 'device'] },
    create: { body: 'location', locationHeader: 'absolute' },
    vendorExt: true,
  },
  {
    name: 'go-zero',
    errors: {
      validation: 'flat',
      client: 'flat',
      server: 'text',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    writes: { update: [200, 'device'], install: [201, 'device'], uninstall: [201, 'device'] },
    create: { body: 'location', locationHeader: 'absolute' },
    vendorExt: true,
    offset: true,
    single: 'bare',
    notInstalled: 'zero-value',
    never: '0001-01-01T00:00:00Z',
  },
  {
    name: 'rails-root',
    errors: {
      validation: 'list',
      client: 'string',
      server: 'html',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    writes: {
      update: [200, 'named-root'],
      install: [200, 'status-ok'],
      uninstall: [204, 'none'],
    },
    create: { body: 'named-root', locationHeader: null },
    vendorExt: true,
    single: 'named-root',
    notInstalled: 'omitted-flag',
  },
  {
    name: 'flat-traffic',
    errors: {
      validation: 'string',
      client: 'list',
      server: 'flat',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    writes: { update: [200, 'empty'], install: [200, 'empty'], uninstall: [200, 'empty'] },
    create: { body: 'id', locationHeader: 'absolute' },
    vendorExt: true,
    offset: true,
    never: '',
    flatTraffic: true,
  },
];

// lower-hex answers everything as cursor-meta does but its serials.
CASES.push({
  ...CASES.find((c) => c.name === 'cursor-meta')!,
  name: 'lower-hex',
  serials: 'lower-hex',
});
/** PUT, install and uninstall answered alike. */
const everyWrite = (status: number, form: WriteForm): Case['writes'] => ({
  update: [status, form],
  install: [status, form],
  uninstall: [status, form],
});
CASES.push(
  {
    name: 'drf-opaque',
    errors: {
      validation: 'string',
      client: 'flat',
      server: 'html',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    writes: everyWrite(202, 'accepted-task'),
    create: { body: 'id', locationHeader: 'absolute' },
    vendorExt: true,
    single: 'bare',
    serials: 'spaced-digits',
    ids: 'opaque',
    ownPages: true,
    deferred: true,
  },
  {
    name: 'offset-link-pending',
    errors: {
      validation: 'flat',
      client: 'list',
      server: 'text',
      validationStatus: 400,
      forbiddenStatus: 404,
      challenge: false,
    },
    writes: everyWrite(200, 'pending-job'),
    create: { body: 'location', locationHeader: 'absolute' },
    vendorExt: true,
    offset: true,
    single: 'named-root',
    ids: 'opaque',
    ownPages: true,
    deferred: true,
  },
);

const SPEC_FIELDS = [
  'serial_number',
  'device_type_name',
  'board_id',
  'firmware_version_name',
  'last_checkin_at',
  'update_interval_s',
  'location',
] as const;

/** The spec's seven Device fields with the spec's names and types. */
const specDevice = (v: unknown): Obj => {
  const d = obj(v, 'device');
  for (const f of ['serial_number', 'device_type_name', 'board_id', 'firmware_version_name'])
    expect(typeof d[f], f).toBe('string');
  if (d.last_checkin_at !== null && d.last_checkin_at !== '')
    expect(Number.isNaN(Date.parse(str(d.last_checkin_at)))).toBe(false);
  expect(Number.isInteger(d.update_interval_s)).toBe(true);
  if (d.location !== null && d.location !== undefined) {
    const l = obj(d.location, 'location');
    expect(typeof l.id).toBe('string');
    expect(typeof l.name).toBe('string');
  }
  return d;
};
const specPart = (d: Obj) =>
  Object.fromEntries([...SPEC_FIELDS, 'installed'].filter((f) => f in d).map((f) => [f, d[f]]));

// ---------------------------------------------------------------- the reference: default dialect

let ref: RunningSandbox;
let refDevices: Obj[];
let refLocations: Obj[];
/** The stores of the users' other organizations (their opaque ids are made from them too). */
const refOtherLocations: Obj[] = [];
beforeAll(async () => {
  ref = await startSandbox(options());
  const [alex, bob] = users(ref);
  refDevices = (await walk('default', ref, alex, '/devices', 500)).items.map((d) => obj(d));
  refLocations = (await walk('default', ref, alex, '/locations', 500)).items.map((l) => obj(l));
  for (const [user, org] of [
    [alex, alex.organizations[1]!.id],
    [bob, bob.organizations[0]!.id],
  ] as const) {
    const { items } = await walk('default', ref, user, '/locations', 500, { org });
    refOtherLocations.push(...items.map((l) => obj(l)));
  }
});
afterAll(() => ref.close());

describe('dialect table', () => {
  test('openapi.yaml (info.x-dialects) documents exactly the dialects the sandbox knows', () => {
    const documented = obj(obj(openapiDoc as unknown as Obj).info)['x-dialects'];
    const x = obj(documented);
    expect(x.default).toBe('default');
    const names = arr(x.dialects).map((d) => obj(d).name);
    expect(names).toEqual(dialectNames());
    expect(names).toEqual(['default', ...CASES.map((c) => c.name)]);
    for (const d of arr(x.dialects).map((v) => obj(v)))
      for (const key of [
        'paging',
        'list_envelope',
        'address',
        'foot_traffic',
        'errors',
        'device_writes',
        'create_location',
        'single_resource',
        'not_installed',
        'never',
        'foot_traffic_scope',
      ])
        expect(typeof d[key], `${String(d.name)}.${key}`).toBe('string');
  });

  // Decision record 37: what real Go, Rails and paged-report servers do, each served by a dialect.
  test.each([
    ['a single resource answered bare', (d: Dialect) => d.single === 'bare'],
    ['a single resource in a named root', (d: Dialect) => d.single === 'named-root'],
    ['"not installed" as a zero-value location', (d: Dialect) => d.notInstalled === 'zero-value'],
    [
      '"not installed" as no location and installed: false',
      (d: Dialect) => d.notInstalled === 'omitted-flag',
    ],
    ['"never" as Go’s zero time', (d: Dialect) => d.never === 'go-zero'],
    ['"never" as an empty string', (d: Dialect) => d.never === 'empty-string'],
    ['writes in a named root, {status: "ok"} and 204', (d: Dialect) => d.deviceWrite === 'rails'],
    ['a created location in a named root', (d: Dialect) => d.createLocation === 'named-root'],
    ['foot traffic as flat records', (d: Dialect) => d.traffic === 'flat-records'],
    ['foot traffic of every organization of the user', (d: Dialect) => d.trafficScope === 'user'],
    // Decision record 69's classes.
    ['opaque store and organization ids', (d: Dialect) => d.ids === 'opaque'],
    ['serials spelled with spaces', (d: Dialect) => d.serials === 'spaced-digits'],
    ['page numbers with a short last page', (d: Dialect) => d.paging === 'page-number'],
    ['offset with a Link header and no total', (d: Dialect) => d.paging === 'offset-link'],
    ['a device’s foot traffic in pages', (d: Dialect) => d.seriesPaged === true],
    ['writes answered 202 and made later', (d: Dialect) => d.deviceWrite === 'accepted-202'],
    ['writes answered "pending" and made later', (d: Dialect) => d.deviceWrite === 'pending-200'],
  ])('%s is served by a dialect', (_what, serves) => {
    expect(DIALECTS.filter(serves).length).toBeGreaterThan(0);
  });

  // The issue asks for dialects that differ from the default in every "not shown" detail: one
  // row per axis, so a dialect that keeps a default choice (403, WWW-Authenticate, …) fails.
  // The list envelope is judged with the paging: cursor-meta keeps the spec's own `{data, meta}`
  // on purpose, and its `meta` carries a cursor where the default's carries page fields.
  const AXES: [string, (d: Dialect) => unknown][] = [
    ['paging', (d) => d.paging],
    ['list answer (paging + envelope)', (d) => `${d.paging} ${d.envelope}`],
    ['address', (d) => d.address],
    ['foot traffic', (d) => d.traffic],
    ['validation error body', (d) => d.errors.validation],
    ['other 4xx error body', (d) => d.errors.client],
    ['429/5xx error body', (d) => d.errors.server],
    ['validation status', (d) => d.errors.validationStatus],
    ['status for another organization', (d) => d.errors.forbiddenStatus],
    ['WWW-Authenticate on 401', (d) => d.errors.challenge],
    ['device write answers', (d) => d.deviceWrite],
    ['create-location answer', (d) => d.createLocation],
    ['extra device fields', (d) => d.deviceExtras],
  ];
  test.each(DIALECTS.filter((d) => d !== DEFAULT_DIALECT).map((d) => [d.name, d] as const))(
    '%s differs from the default on every axis',
    (_name, dialect) => {
      const same = AXES.filter(([, of]) => of(dialect) === of(DEFAULT_DIALECT)).map(([a]) => a);
      expect(same).toEqual([]);
    },
  );

  test('an unknown dialect is a clear error that lists the known ones', async () => {
    await expect(startSandbox({ dialect: 'klingon' })).rejects.toThrow(
      /unknown dialect "klingon"; known dialects: default, offset-flat, cursor-links, link-header-bare, cursor-meta/,
    );
  });

  test('the CLI takes --dialect, and refuses an unknown one naming the known ones', async () => {
    const run = (args: string[]) => {
      const child = spawn(`${ROOT}node_modules/.bin/tsx`, ['electron/sandbox/cli.ts', ...args], {
        cwd: ROOT,
        ...treeSpawnOptions(),
      });
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { child, exit, stderr: () => err };
    };
    const bad = run(['--dialect', 'nope']);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toContain('unknown dialect "nope"; known dialects: default, offset-flat');

    const good = run(['--port', '0', '--devices', '5', '--dialect', 'cursor-links']);
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: good.child.stdout }).once('line', resolve);
        good.child.once('exit', () => reject(new Error(`exited: ${good.stderr()}`)));
      });
      const hs = JSON.parse(line) as {
        base_url: string;
        users: { api_key: string; organizations: { id: string }[] }[];
      };
      const u = hs.users[0]!;
      const res = await fetch(`${hs.base_url}/locations?limit=2`, {
        headers: { authorization: basic(u.organizations[0]!.id, u.api_key) },
      });
      const body = obj(await res.json());
      expect(arr(body.results)).toHaveLength(2);
      expect(str(obj(body.links).next).startsWith(hs.base_url)).toBe(true);
    } finally {
      await stopProcessTree(good.child);
    }
  });
});

describe('default dialect', () => {
  let named: RunningSandbox;
  let plain: RunningSandbox;
  beforeAll(async () => {
    named = await startSandbox(options('default'));
    plain = await startSandbox(options());
  });
  afterAll(async () => {
    await named.close();
    await plain.close();
  });

  test('answers exactly as without a dialect, and as openapi.yaml documents', async () => {
    expect(named.dialect).toBe('default');
    const [alex, bob] = users(plain);
    const serial = str(refDevices.find((d) => d.location === null)?.serial_number);
    const installed = str(refDevices.find((d) => d.location !== null)?.serial_number);
    const loc = str(refLocations[0]?.id);
    const foreign = bob.organizations.find((o) => !alex.organizations.some((a) => a.id === o.id));
    const steps: { path: string; method?: string; body?: unknown; org?: string | null }[] = [
      { path: '/organizations?per_page=1', org: '' },
      { path: '/locations?per_page=7&page=2' },
      { path: `/locations/${loc}` },
      { path: `/locations/${loc}/devices?per_page=2` },
      { path: '/devices?per_page=9&page=3' },
      { path: '/uninstalled-devices?per_page=4' },
      { path: `/devices/${serial}` },
      { path: '/foot-traffic/locations?granularity=day&per_page=3' },
      { path: `/foot-traffic/devices/${installed}?granularity=hour` },
      { path: '/locations?page=0' },
      { path: '/devices/FTC-NOPE0000' },
      { path: '/devices', org: foreign?.id ?? 'org_elsewhere' },
      { path: '/devices', org: null },
      { path: `/devices/${serial}`, method: 'PUT', body: { name: 'Back door' } },
      { path: `/devices/${serial}/install`, method: 'POST', body: {} },
      { path: `/devices/${serial}/install`, method: 'POST', body: { location_id: loc } },
      { path: `/devices/${serial}/uninstall`, method: 'POST', body: { location_id: loc } },
      {
        path: '/locations',
        method: 'POST',
        body: {
          name: 'Dialect Store',
          address: { line1: 'Marienplatz 1', city: 'München', country: 'DE' },
        },
      },
    ];
    for (const s of steps) {
      const o = { path: s.path, method: s.method ?? 'GET', body: s.body, org: s.org };
      const a = await call(plain, alex, o);
      const b = await call(named, alex, o);
      const where = `${o.method} ${s.path}`;
      expect(b.status, where).toBe(a.status);
      expect(b.text, where).toBe(a.text);
      for (const h of ['content-type', 'location', 'www-authenticate', 'link'])
        expect(b.headers.get(h), `${where} ${h}`).toBe(a.headers.get(h));
    }
  });
});

// ---------------------------------------------------------------- every other dialect

describe.each(CASES)('dialect $name', (c) => {
  let sbx: RunningSandbox;
  let alex: SandboxUser;
  let bob: SandboxUser;
  const reader = READERS[c.name]!;
  beforeAll(async () => {
    sbx = await startSandbox(options(c.name));
    [alex, bob] = users(sbx);
  });
  afterAll(() => sbx.close());

  test('paging walks every list exactly once, in order, in the dialect’s style', async () => {
    expect(sbx.dialect).toBe(c.name);
    const serials = refDevices.map((d) => spelledSerial(c, d.serial_number));
    /** Pages a walk of `size` takes: the server's own size where it serves one. */
    const pagesOf = (n: number, size: number) => Math.ceil(n / (reader.served?.(size) ?? size));
    const devices = await walk(c.name, sbx, alex, '/devices', 7);
    expect(devices.items.map((d) => obj(d).serial_number)).toEqual(serials);
    expect(devices.pages).toBe(pagesOf(serials.length, 7));

    const out = await walk(c.name, sbx, alex, '/uninstalled-devices', 4);
    expect(out.items.map((d) => obj(d).serial_number)).toEqual(
      refDevices.filter((d) => d.location === null).map((d) => spelledSerial(c, d.serial_number)),
    );

    const locs = await walk(c.name, sbx, alex, '/locations?q=', 5);
    expect(locs.items.map((l) => obj(l).id)).toEqual(refLocations.map((l) => spelledId(c, l.id)));

    const orgs = await walk(c.name, sbx, alex, '/organizations', 1, { org: '' });
    expect(orgs.items.map((o) => obj(o).id)).toEqual(alex.organizations.map((o) => o.id));
    // A list that fills its last page exactly ends there, without an empty page after it.
    expect(orgs.pages).toBe(pagesOf(alex.organizations.length, 1));
    // 45 devices fill pages of 9 (15 where the server serves up to 20) exactly.
    const fill = c.ownPages ? 15 : 9;
    const exact = await walk(c.name, sbx, alex, '/devices', fill);
    expect(exact.items).toHaveLength(DEVICES);
    expect(exact.pages).toBe(pagesOf(DEVICES, fill));

    const busy = refLocations.find((l) => num(l.device_count) >= 3) ?? refLocations[0]!;
    const busyId = spelledId(c, busy.id);
    const at = await walk(c.name, sbx, alex, `/locations/${enc(busyId)}/devices`, 2, {
      spec: true,
    });
    expect(at.items).toHaveLength(num(busy.device_count));
    expect(new Set(at.items.map((d) => obj(d).serial_number)).size).toBe(at.items.length);
    for (const d of at.items) expect(obj(obj(d).location).id).toBe(busyId);
  });

  test.runIf(c.ownPages)('pages are the server’s own size, whatever is asked', async () => {
    const own = reader.served!(500);
    const serialsOf = (r: Raw) =>
      reader.page(r, '/devices', own, sbx).items.map((d) => obj(d).serial_number);
    for (const asked of [5, 500, 501]) {
      const r = await raw(
        sbx,
        alex,
        withQuery(reader.first('/devices', asked), { per_page: asked }),
      );
      expect(r.status, r.text).toBe(200);
      const served = refDevices.slice(0, reader.served!(asked));
      expect(serialsOf(r)).toEqual(served.map((d) => spelledSerial(c, d.serial_number)));
    }
    const second = await raw(sbx, alex, reader.second!('/devices', own));
    expect(serialsOf(second)).toEqual(
      refDevices.slice(own, 2 * own).map((d) => spelledSerial(c, d.serial_number)),
    );
    // The last page is short and says there is nothing after it.
    let next: string | null = reader.first('/devices', own);
    let last: ListPage = { items: [], next: null };
    while (next !== null) {
      last = reader.page(await raw(sbx, alex, next), '/devices', own, sbx);
      next = last.next;
    }
    expect(last.items).toHaveLength(DEVICES % own);
  });

  test.skipIf(c.ownPages)(
    'paging parameters work, and the ones the dialect does not use are ignored',
    async () => {
      const size = 5;
      const firstFive = refDevices.slice(0, size).map((d) => spelledSerial(c, d.serial_number));
      const serialsOf = (r: Raw) =>
        reader.page(r, '/devices', size, sbx).items.map((d) => obj(d).serial_number);

      // `page` (and `offset` where it is not the style) change nothing.
      const ignored = await raw(
        sbx,
        alex,
        withQuery(reader.first('/devices', size), {
          ...(c.offset ? {} : { offset: 10 }),
          page: 3,
        }),
      );
      expect(ignored.status, ignored.text).toBe(200);
      expect(serialsOf(ignored)).toEqual(firstFive);

      // The second page, addressed the dialect's way.
      const first = await raw(sbx, alex, reader.first('/devices', size));
      const next =
        reader.second?.('/devices', size) ?? reader.page(first, '/devices', size, sbx).next;
      const second = await raw(sbx, alex, str(next));
      expect(serialsOf(second)).toEqual(
        refDevices.slice(size, 2 * size).map((d) => spelledSerial(c, d.serial_number)),
      );

      // The size parameter is bounded; cursors are only those the server handed out.
      const tooBig = await raw(sbx, alex, `/devices?${reader.sizeParam}=501`);
      expect(tooBig.status).toBe(c.errors.validationStatus);
      checkErrorBody(c.errors.validation, tooBig, reader.sizeParam, reader.sizeParam);
      if (c.offset) {
        const beyond = await raw(sbx, alex, '/devices?offset=100000&limit=5');
        expect(reader.page(beyond, '/devices', 5, sbx).items).toEqual([]);
        expect(reader.total?.(beyond)).toBe(refDevices.length);
      } else {
        const forged = await raw(sbx, alex, '/devices?cursor=b2Zmc2V0PTU');
        expect(forged.status).toBe(c.errors.validationStatus);
        checkErrorBody(c.errors.validation, forged, 'cursor', 'cursor');
      }
      // A last page says there is nothing more.
      const last = await raw(sbx, alex, reader.first('/devices', 500));
      expect(reader.page(last, '/devices', 500, sbx).next).toBeNull();
    },
  );

  test('device fields keep the spec’s names and types; extra fields come along', async () => {
    const { items } = await walk(c.name, sbx, alex, '/devices', 100);
    expect(items).toHaveLength(refDevices.length);
    items.forEach((v, i) => {
      const d = specDevice(v);
      expect(specPart(d)).toEqual(specPart(spelledDevice(c, refDevices[i]!)));
      if (c.vendorExt) expect(typeof obj(d.vendor_ext, 'vendor_ext')).toBe('object');
      else expect(d).not.toHaveProperty('vendor_ext');
    });
    // The inventory and the devices that never checked in, in the case's spelling.
    const idle = refDevices.filter((d) => d.location === null && d.last_checkin_at === null);
    expect(idle.length).toBeGreaterThan(0);
    for (const ref of [refDevices[0]!, idle[0]!]) {
      const serial = spelledSerial(c, ref.serial_number);
      const one = await raw(sbx, alex, `/devices/${enc(serial)}`);
      expect(one.status).toBe(200);
      expect(specPart(specDevice(singleOf(c, 'device', one.json)))).toEqual(
        specPart(spelledDevice(c, ref)),
      );
    }
    const out = await walk(c.name, sbx, alex, '/uninstalled-devices', 100);
    for (const d of out.items.map((v) => obj(v))) {
      if (c.notInstalled === 'zero-value') expect(d.location).toEqual({ id: '', name: '' });
      else if (c.notInstalled === 'omitted-flag') {
        expect(d).not.toHaveProperty('location');
        expect(d.installed).toBe(false);
      } else expect(d.location).toBeNull();
    }
  });

  test('single resources (device, location, organization) in the case’s envelope', async () => {
    const org = alex.organizations[0]!;
    const got = await raw(sbx, alex, `/organizations/${enc(org.id)}`, { org: '' });
    expect(got.status).toBe(200);
    expect(singleOf(c, 'organization', got.json)).toMatchObject(org);
    const loc = await raw(sbx, alex, `/locations/${enc(spelledId(c, refLocations[0]?.id))}`);
    expect(singleOf(c, 'location', loc.json).id).toBe(spelledId(c, refLocations[0]?.id));
    const keys = Object.keys(obj(loc.json));
    if (c.single === 'named-root') expect(keys).toEqual(['location']);
    else if (c.single === 'bare') expect(keys).toContain('address');
    else expect(keys).toEqual(['data']);
  });

  test('addresses have the dialect’s spelling (list, detail and a created location)', async () => {
    const { items } = await walk(c.name, sbx, alex, '/locations', 100);
    const expected = ADDRESSES[c.name]!;
    items.forEach((v, i) => {
      const l = obj(v);
      const r = refLocations[i]!;
      expect(l.id).toBe(spelledId(c, r.id));
      expect(l.address).toEqual(expected(obj(r.address) as unknown as Lines));
    });
    const detail = await raw(sbx, alex, `/locations/${enc(spelledId(c, refLocations[0]?.id))}`);
    expect(singleOf(c, 'location', detail.json).address).toEqual(
      expected(obj(refLocations[0]?.address) as unknown as Lines),
    );
  });

  test('foot traffic has the dialect’s shape and the same counts', async () => {
    const serial = str(refDevices.find((d) => d.location !== null)?.serial_number);
    const path = (s: string) => `/foot-traffic/devices/${s}?granularity=hour`;
    const want = READERS.default!.series(
      await call(ref, users(ref)[0], { path: path(serial) }),
    ).map((b) => BUCKETS.default!(b));
    expect(want.reduce((a, b) => a + b.count, 0)).toBeGreaterThan(0);
    const answer = await raw(sbx, alex, path(enc(spelledSerial(c, serial))));
    const got = (
      c.ownPages
        ? (await walk(c.name, sbx, alex, path(enc(spelledSerial(c, serial))), 24)).items
        : reader.series(answer)
    ).map((b) => BUCKETS[c.name]!(b));
    expect(got.map((b) => b.count)).toEqual(want.map((b) => b.count));
    got.forEach((b, i) => expect(want[i]?.start.startsWith(b.start)).toBe(true));

    const totalsPath = '/foot-traffic/locations?granularity=day';
    const refTotals = (await walk('default', ref, users(ref)[0], totalsPath, 500)).items.map((v) =>
      LOCATION_TRAFFIC.default!(v),
    );
    if (c.flatTraffic) {
      // A device series' `total` counts its records, as a paging total would, not its visitors.
      expect(obj(obj(answer.json).meta).total).toBe(got.length);
      expect(want.reduce((a, b) => a + b.count, 0)).not.toBe(got.length);
      await flatTotals(totalsPath, refTotals);
      return;
    }
    const totals = (await walk(c.name, sbx, alex, totalsPath, 4)).items.map((v) =>
      LOCATION_TRAFFIC[c.name]!(v),
    );
    expect(totals.map((t) => [t.id, t.total])).toEqual(
      refTotals.map((t) => [spelledId(c, t.id), t.total]),
    );
    for (const t of totals) {
      const buckets = t.buckets.map((b) => BUCKETS[c.name]!(b));
      expect(buckets.reduce((a, b) => a + b.count, 0)).toBe(t.total);
      if (c.name === 'cursor-links')
        for (const b of buckets) expect(b.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  /** Flat records of every organization of the user: grouped, they give each one's totals. */
  const flatTotals = async (
    totalsPath: string,
    refTotals: { id: string; total: number; buckets: unknown[] }[],
  ) => {
    const size = 50;
    const first = await raw(sbx, alex, reader.first(totalsPath, size));
    const { items, pages } = await walk(c.name, sbx, alex, totalsPath, size);
    expect(reader.total?.(first)).toBe(items.length);
    const records = items.map((v) => flatRecord(v, 'day'));
    const orgs = alex.organizations.map((o) => o.id);
    expect([...new Set(records.map((r) => r.org))].sort()).toEqual([...orgs].sort());
    const grouped = (org: string) => {
      const totals = new Map<string, number>();
      for (const r of records.filter((x) => x.org === org))
        totals.set(r.id, (totals.get(r.id) ?? 0) + r.count);
      return totals;
    };
    expect(grouped(orgs[0]!)).toEqual(new Map(refTotals.map((t) => [t.id, t.total])));
    const other = await walk('default', ref, users(ref)[0], totalsPath, 500, { org: orgs[1]! });
    expect(grouped(orgs[1]!)).toEqual(
      new Map(other.items.map((v) => LOCATION_TRAFFIC.default!(v)).map((t) => [t.id, t.total])),
    );
    // Bucket by bucket: one location's records are spread over the pages.
    const firstLocation = records[0]!.id;
    expect(pages).toBeGreaterThan(1);
    expect(records.findIndex((r, i) => i >= size && r.id === firstLocation)).toBeGreaterThan(0);
  };

  test('errors have the dialect’s bodies and status codes', async () => {
    const serial = spelledSerial(c, refDevices.find((d) => d.location === null)?.serial_number);
    const invalid = await raw(sbx, alex, `/devices/${enc(serial)}/install`, {
      method: 'POST',
      body: {},
    });
    expect(invalid.status).toBe(c.errors.validationStatus);
    checkErrorBody(c.errors.validation, invalid, 'location_id', 'location_id');

    const missing = await raw(sbx, alex, '/devices/FTC-NOPE0000');
    expect(missing.status).toBe(404);
    checkErrorBody(c.errors.client, missing, 'not found');

    const foreignOrg =
      bob.organizations.find((o) => !alex.organizations.some((a) => a.id === o.id))?.id ??
      'org_elsewhere';
    const foreign = await raw(sbx, alex, '/devices', { org: foreignOrg });
    expect(foreign.status).toBe(c.errors.forbiddenStatus);
    checkErrorBody(
      c.errors.client,
      foreign,
      c.errors.forbiddenStatus === 404 ? 'not found' : 'access',
    );
    const foreignDetail = await raw(sbx, alex, `/organizations/${enc(foreignOrg)}`, { org: '' });
    expect(foreignDetail.status).toBe(c.errors.forbiddenStatus);

    const anonymous = await raw(sbx, alex, '/devices', { org: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe(
      c.errors.challenge ? 'Basic realm="devices"' : null,
    );
    checkErrorBody(c.errors.client, anonymous, 'Basic');

    const installedSerial = str(refDevices.find((d) => d.location !== null)?.serial_number);
    const other = refLocations.find(
      (l) => l.id !== obj(refDevices.find((d) => d.serial_number === installedSerial)?.location).id,
    );
    const conflict = await raw(
      sbx,
      alex,
      `/devices/${enc(spelledSerial(c, installedSerial))}/install`,
      { method: 'POST', body: { location_id: spelledId(c, other?.id) } },
    );
    expect(conflict.status).toBe(409);
    checkErrorBody(c.errors.client, conflict, 'installed at');

    sbx.setFaults({ failNext: { count: 1, kind: 'error', status: 503 } });
    const down = await raw(sbx, alex, '/locations');
    expect(down.status).toBe(503);
    checkErrorBody(c.errors.server, down, 'Simulated server failure');
  });

  test('write answers have the dialect’s status and body; state changes as asked', async () => {
    const serial = spelledSerial(
      c,
      refDevices.filter((d) => d.location === null)[1]?.serial_number,
    );
    const loc = spelledId(c, refLocations[1]?.id);
    const checkWrite = (r: Raw, [status, form]: [number, WriteForm]) => {
      expect(r.status, r.text).toBe(status);
      if (form === 'none') expect(r.text).toBe('');
      else if (form === 'empty') expect(r.json).toEqual({});
      else if (form === 'status-ok') expect(r.json).toEqual({ status: 'ok' });
      else if (form === 'accepted-task') {
        expect(Object.keys(obj(r.json)).sort()).toEqual(['status', 'task_id']);
        expect(obj(r.json).status).toBe('accepted');
        str(obj(r.json).task_id);
      } else if (form === 'pending-job') {
        expect(Object.keys(obj(r.json)).sort()).toEqual(['job', 'status']);
        expect(obj(r.json).status).toBe('pending');
        str(obj(obj(r.json).job).id);
      } else if (form === 'device') return specDevice(r.json);
      else if (form === 'named-root') {
        expect(Object.keys(obj(r.json))).toEqual(['device']);
        return specDevice(obj(r.json).device);
      } else return specDevice(obj(r.json).data);
      return null;
    };
    const current = async () =>
      specDevice(singleOf(c, 'device', (await raw(sbx, alex, `/devices/${enc(serial)}`)).json));
    /**
     * Where the write shows: at once, or — in dialects that accept writes for later — not at
     * once, and 1.5 s after (openapi.yaml `device_writes`).
     */
    const shows = async (check: (d: Obj) => boolean) => {
      if (c.deferred) {
        expect(check(await current()), 'made at once').toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 1_600));
      }
      expect(check(await current())).toBe(true);
    };
    /** Where a device is, in the spec's terms: its location's id, or null. */
    const at = (d: Obj) => {
      const where = spelledNothing(c, { location: null });
      if (c.notInstalled === 'omitted-flag') return d.installed ? obj(d.location).id : null;
      return JSON.stringify(d.location) === JSON.stringify(where.location)
        ? null
        : obj(d.location).id;
    };

    const put = await raw(sbx, alex, `/devices/${enc(serial)}`, {
      method: 'PUT',
      body: { name: 'Back door', update_interval_s: 600 },
    });
    const updated = checkWrite(put, c.writes.update);
    if (updated) expect(updated.name).toBe('Back door');
    await shows((d) => d.name === 'Back door' && d.update_interval_s === 600);

    const install = await raw(sbx, alex, `/devices/${enc(serial)}/install`, {
      method: 'POST',
      body: { location_id: loc },
    });
    const installed = checkWrite(install, c.writes.install);
    if (installed) expect(at(installed)).toBe(loc);
    await shows((d) => at(d) === loc);

    const uninstall = await raw(sbx, alex, `/devices/${enc(serial)}/uninstall`, {
      method: 'POST',
      body: { location_id: loc },
    });
    const removed = checkWrite(uninstall, c.writes.uninstall);
    if (removed) expect(at(removed)).toBeNull();
    await shows((d) => at(d) === null);
    const now = await current();
    expect(at(now)).toBeNull();
    expect(specPart(now).location).toEqual(spelledNothing(c, { location: null }).location);

    const address = {
      line1: 'Marienplatz 1',
      city: 'München',
      postal_code: '80331',
      country: 'DE',
    };
    const created = await raw(sbx, alex, '/locations', {
      method: 'POST',
      body: { name: 'Dialect Store München', address },
    });
    expect(created.status, created.text).toBe(201);
    const body =
      c.create.body === 'named-root'
        ? obj(obj(created.json).location, 'named root')
        : obj(created.json);
    const id = str(body.id);
    if (c.create.body === 'id') expect(Object.keys(body)).toEqual(['id']);
    else {
      expect(body.name).toBe('Dialect Store München');
      expect(body.address).toEqual(ADDRESSES[c.name]!(address));
    }
    const header = created.headers.get('location');
    if (c.create.locationHeader === null) expect(header).toBeNull();
    else expect(header).toBe(`${sbx.baseUrl}/locations/${enc(id)}`);
    if (c.ids === 'opaque')
      expect(id).toMatch(/^(de:münchen-\w+|München \w+\/Süd\?#%|Filiale \w+\.München – Nord)$/);
    const fetched = await raw(sbx, alex, header ?? `/locations/${enc(id)}`);
    expect(fetched.status).toBe(200);
    const data = singleOf(c, 'location', fetched.json);
    expect(data.id).toBe(id);
    expect(data.address).toEqual(ADDRESSES[c.name]!(address));
    if (c.name === 'link-header-bare')
      expect(data.address).toBe('Marienplatz 1, 80331 München, Germany');
  });

  // Decision record 34: a server may spell serials its own way and look them up case-sensitively.
  test('a device is found in the dialect’s spelling of its serial, and only in it', async () => {
    const held = str(refDevices.find((d) => d.location !== null)?.serial_number);
    const serial = spelledSerial(c, held);
    const status = async (path: string, method = 'GET', body?: unknown) =>
      (await raw(sbx, alex, path, { method, ...(body === undefined ? {} : { body }) })).status;
    expect(await status(`/devices/${enc(serial)}`)).toBe(200);
    expect(await status(`/foot-traffic/devices/${enc(serial)}`)).toBe(200);
    if (c.serials === 'spaced-digits') {
      expect(serial).toMatch(/^PC( \d{4}){4}$/);
      // Only as spelled: without its spaces, or as held, it names no device.
      expect(await status(`/devices/${serial.replaceAll(' ', '')}`)).toBe(404);
      expect(await status(`/devices/${held}`)).toBe(404);
      return;
    }
    if (c.serials !== 'lower-hex') return;
    expect(serial).toMatch(/^4654432d[0-9a-f]+$/); // every serial starts the same: "FTC-"
    const upper = serial.toUpperCase();
    const missing = await raw(sbx, alex, `/devices/${upper}`);
    expect(missing.status).toBe(404);
    checkErrorBody(c.errors.client, missing, 'not found');
    expect(await status(`/devices/${held}`)).toBe(404);
    expect(await status(`/foot-traffic/devices/${upper}`)).toBe(404);
    const loc = { location_id: str(refLocations[0]?.id) };
    expect(await status(`/devices/${upper}/uninstall`, 'POST', loc)).toBe(404);
    expect(await status(`/devices/${upper}/install`, 'POST', loc)).toBe(404);
    expect(await status(`/devices/${upper}`, 'PUT', { name: 'x' })).toBe(404);
    // A conflict names the device as the dialect spells it.
    const conflict = await raw(sbx, alex, `/devices/${serial}/install`, {
      method: 'POST',
      body: {
        location_id: str(
          refLocations.find(
            (l) => l.id !== obj(refDevices.find((d) => d.serial_number === held)?.location).id,
          )?.id,
        ),
      },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.text).toContain(serial);
  });
});
