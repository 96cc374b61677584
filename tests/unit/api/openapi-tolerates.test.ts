/**
 * docs/api/openapi.yaml `info.x-client-tolerates` names what the API client accepts; this keeps
 * the names true: the paging styles it lists are exactly the list reader's style names
 * (wire.ts PAGING_STYLES, which the connection check reports), each one is what the reader
 * says for an answer in that style, and the refusals it quotes are the client's own sentences.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readListAnswer, type PageRequest } from '../../../electron/core/api/list-answer';
import { repeatedPage } from '../../../electron/core/api/list-walk';
import { unknownTrafficFormat } from '../../../electron/core/api/traffic-reader';
import { PAGING_STYLES, type PagingStyle } from '../../../electron/shared/contract/connection';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

type Obj = Record<string, unknown>;
const doc = parse(
  readFileSync(fileURLToPath(new URL('../../../docs/api/openapi.yaml', import.meta.url)), 'utf8'),
) as { info: Obj };
const tolerates = doc.info['x-client-tolerates'] as {
  also_accepts: { paging: Record<string, string> };
  refuses: string[];
};

const ORIGIN = 'https://api.example.com';
const FIRST: PageRequest = { style: 'page', page: 1, perPage: 2 };
const items = [{ id: 1 }, { id: 2 }];

/** One answer in each style, as a server in that style would send it. */
const EXAMPLES: Record<PagingStyle, { body: unknown; link?: string }> = {
  page: { body: { data: items, meta: { page: 1, per_page: 2, total_pages: 2 } } },
  offset: { body: { items, offset: 0, limit: 2, total: 4 } },
  cursor: { body: { data: items, meta: { next_cursor: 'c2' } } },
  'next-url': { body: { results: items, links: { next: '/v1/devices?c=2' } } },
  'link-header': { body: items, link: `<${ORIGIN}/v1/devices?c=2>; rel="next"` },
  none: { body: { data: items } },
};

describe('openapi.yaml x-client-tolerates', () => {
  it('lists exactly the paging styles the list reader names, in its order', () => {
    expect(Object.keys(tolerates.also_accepts.paging)).toEqual([...PAGING_STYLES]);
  });

  it.each([...PAGING_STYLES])('"%s" is what the reader calls an answer in that style', (style) => {
    const { body, link } = EXAMPLES[style];
    const read = readListAnswer(body, link ?? null, FIRST, `${ORIGIN}/v1/devices`, ORIGIN);
    expect(read.style).toBe(style);
    expect(typeof tolerates.also_accepts.paging[style]).toBe('string');
  });

  it('quotes the client’s own sentences for what it refuses', () => {
    const refuses = tolerates.refuses.join('\n');
    expect(refuses).toContain(errorWords(unknownTrafficFormat()).message);
    expect(refuses).toContain(errorWords(repeatedPage()).message.split(',')[0]);
  });
});
