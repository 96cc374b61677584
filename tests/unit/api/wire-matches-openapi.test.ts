/**
 * docs/api/openapi.yaml is the vendor's API as this project documents it (what a server sends);
 * core/api/wire.ts is what the client reads of it (looser: most fields may be missing or null).
 * Both name every resource's fields, so this keeps them to the same names, and every type the
 * document promises for a field one the client accepts (decision 80): a field added to one and
 * not the other fails here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import * as wire from '../../../electron/core/api/wire';

type Schema = Record<string, unknown>;
const doc = parse(
  readFileSync(fileURLToPath(new URL('../../../docs/api/openapi.yaml', import.meta.url)), 'utf8'),
) as { components: { schemas: Record<string, Schema> } };

const RESOURCES = {
  Organization: wire.Organization,
  Location: wire.Location,
  LocationRef: wire.LocationRef,
  Device: wire.Device,
  FootTraffic: wire.FootTraffic,
  LocationMetric: wire.LocationMetric,
  PageMeta: wire.PageMeta,
  ErrorBody: wire.ErrorBody,
} satisfies Record<string, z.ZodObject>;

/** The JSON types a schema allows besides null ($ref'd and inline objects are 'object'). */
const types = (s: Schema): string[] => {
  const out = new Set<string>();
  const add = (n: Schema): void => {
    if (typeof n.$ref === 'string' || 'properties' in n) out.add('object');
    if (typeof n.type === 'string') out.add(n.type);
    if (Array.isArray(n.type)) for (const t of n.type) out.add(String(t));
    for (const key of ['anyOf', 'oneOf'] as const)
      if (Array.isArray(n[key])) for (const m of n[key] as Schema[]) add(m);
  };
  add(s);
  out.delete('null');
  return [...out].sort();
};

const properties = (s: Schema): Record<string, Schema> =>
  (s.properties ?? {}) as Record<string, Schema>;

describe('wire.ts and openapi.yaml name the same fields', () => {
  it.each(Object.entries(RESOURCES))('%s', (name, schema) => {
    const documented = properties(doc.components.schemas[name] ?? {});
    const read = properties(z.toJSONSchema(schema, { io: 'input' }) as Schema);
    expect(Object.keys(read).sort(), 'fields').toEqual(Object.keys(documented).sort());
    for (const [field, promised] of Object.entries(documented))
      expect(types(read[field] ?? {}), `${name}.${field}`).toEqual(types(promised));
  });
});
