/** List envelopes: where a list's items, its paging information and its other facts go. */
import type { PagingInfo } from './paging';

export type ListEnvelope =
  /** `{data, meta}` (the default). */
  | 'data-meta'
  /** `{items, …paging and other fields flat}`. */
  | 'items'
  /** `{results, …other fields flat, links?}`. */
  | 'results'
  /** A bare JSON array; paging can then only travel in headers. */
  | 'bare';

const present = (o: Record<string, unknown>) => Object.keys(o).length > 0;

/**
 * The body of a list answer. `info` is null for lists that are not paged (a device's
 * foot-traffic series); `extras` are facts about the list (its user, its time range).
 */
export const listBody = (
  envelope: ListEnvelope,
  items: unknown[],
  info: PagingInfo | null,
  extras: Record<string, unknown> = {},
): unknown => {
  const meta = info?.meta ?? {};
  const links = info?.links ?? null;
  switch (envelope) {
    case 'data-meta':
      return { data: items, meta: { ...meta, ...links, ...extras } };
    case 'items':
      return { items, ...meta, ...extras, ...(links ? { links } : {}) };
    case 'results':
      return { results: items, ...meta, ...extras, ...(links ? { links } : {}) };
    case 'bare':
      return items;
  }
};

/**
 * GET /locations/{loc_id}/devices: the spec fixes `{data, meta?}` there, so every dialect keeps
 * that envelope and puts its paging fields (offset/limit/total, next, next_cursor) in `meta`.
 */
export const specListBody = (items: unknown[], info: PagingInfo): unknown => {
  const meta = { ...info.meta, ...info.links };
  return present(meta) ? { data: items, meta } : { data: items };
};
