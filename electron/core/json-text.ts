/**
 * JSON that is already serialised, carried through the core unparsed.
 *
 * A 100,000-device list is about 23 MB of JSON. Parsing it into objects only to serialise it
 * again for the bridge or IPC cost ~200 ms per read and ~100 MB of short-lived objects in the
 * core, so device lists travel as the JSON they were validated into (page by page, from the
 * server) or stored as (in the offline cache), and are parsed once, in the renderer.
 * They are held as UTF-8 bytes, not a string: a list read from its cache file goes out to the
 * bridge's socket without the core ever decoding it (a 23 MB string per read, which the heap
 * kept until its next full collection, was what pushed the core past its memory target).
 * `T` records what the JSON decodes to, so the contract's types still hold end to end.
 *
 * JSON.rawJSON would do the splicing for us, but Node 20 (browser mode, tests) lacks it.
 */
import { randomUUID } from 'node:crypto';

export class JsonText<T> {
  /** Type-level only: what the JSON decodes to. */
  declare readonly decodesTo: T;

  private constructor(readonly bytes: Buffer) {}

  static fromBytes<T>(bytes: Buffer): JsonText<T> {
    return new JsonText<T>(bytes);
  }

  static fromString<T>(json: string): JsonText<T> {
    return new JsonText<T>(Buffer.from(json, 'utf8'));
  }

  get json(): string {
    return this.bytes.toString('utf8');
  }

  parse(): T {
    return JSON.parse(this.json) as T;
  }
}

/** A value that is T, or carries its JSON text at the top level or as a direct property. */
export type WithJsonText<T> = T | JsonText<T> | { [K in keyof T]: T[K] | JsonText<T[K]> };

/**
 * JsonText is only ever produced as a whole result or as a direct property of one (the
 * `value` of a Cached answer), so only those two levels are looked at; walking a result's
 * whole tree would cost more than the parse this module saves.
 */
function replaceShallow(value: unknown, swap: (text: JsonText<unknown>) => unknown): unknown {
  if (value instanceof JsonText) return swap(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, inner] of Object.entries(value)) {
    if (!(inner instanceof JsonText)) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    copy[key] = swap(inner);
  }
  return copy ?? value;
}

/** The value with every JsonText parsed (for callers that want objects: tests, the sync). */
export function materialize<T>(value: WithJsonText<T>): T {
  return replaceShallow(value, (text) => text.parse()) as T;
}

/** Serialised JSON in pieces: strings and the UTF-8 bytes of spliced JsonText. */
export class JsonParts {
  constructor(readonly parts: readonly (string | Buffer)[]) {}

  get byteLength(): number {
    return this.parts.reduce((n, p) => n + Buffer.byteLength(p), 0);
  }

  toString(): string {
    return this.parts.map((p) => (typeof p === 'string' ? p : p.toString('utf8'))).join('');
  }
}

/** JSON.stringify, with each JsonText's bytes spliced in as they are. */
export function stringifyWithJsonText(value: unknown): JsonParts {
  const texts: Buffer[] = [];
  // A marker no real string can contain by chance: fresh random per call.
  const marker = `json-text-${randomUUID()}`;
  const json = JSON.stringify(
    replaceShallow(value, (text) => {
      texts.push(text.bytes);
      return marker;
    }),
  );
  if (texts.length === 0) return new JsonParts([json]);
  const pieces = json.split(`"${marker}"`);
  const parts: (string | Buffer)[] = [];
  pieces.forEach((piece, i) => {
    if (piece !== '') parts.push(piece);
    const text = texts[i];
    if (text && i < pieces.length - 1) parts.push(text);
  });
  return new JsonParts(parts);
}

/** An envelope as JSON parts: a result's JsonText sits one level down, in `value`. */
export function stringifyEnvelope(
  envelope: { ok: true; value: unknown } | { ok: false; error: unknown },
): JsonParts {
  if (!envelope.ok || envelope.value === undefined) {
    return new JsonParts([JSON.stringify(envelope)]);
  }
  const value = stringifyWithJsonText(envelope.value);
  return new JsonParts(['{"ok":true,"value":', ...value.parts, '}']);
}
