/**
 * JSON that is already serialised, carried through the core unparsed.
 *
 * A 100,000-device list is about 23 MB of JSON. Parsing it into objects only to serialise it
 * again for the bridge or IPC cost ~200 ms per read and ~100 MB of short-lived objects in the
 * core, so device lists travel as the JSON they were validated into (page by page, from the
 * server) or stored as (in the offline cache), and are parsed once, in the renderer.
 * The bytes come from a ByteSource: in memory, or a region of a cache file read in chunks
 * through one reused buffer (store/file-region.ts), so serving a cached list allocates
 * nothing its size; whole-file buffers per read were what kept the core's memory high
 * between garbage collections.
 * `T` records what the JSON decodes to, so the contract's types still hold end to end.
 *
 * JSON.rawJSON would do the splicing for us, but Node 20 (browser mode, tests) lacks it.
 */
import { randomUUID } from 'node:crypto';

export interface ByteSource {
  readonly byteLength: number;
  /** For bytes held in memory: the pieces themselves, stable (never reused). */
  readonly pieces?: readonly Buffer[];
  /**
   * The bytes, in order. A chunk is valid only until the next one is asked for (a source may
   * reuse one buffer). Consume it to the end or stop early with return() (for-await does
   * both); either releases what the source holds. A file source can be read once.
   */
  chunks(): AsyncIterableIterator<Uint8Array>;
}

const inMemory = (chunks: readonly Buffer[]): ByteSource => ({
  byteLength: chunks.reduce((n, c) => n + c.length, 0),
  pieces: chunks,
  async *chunks() {
    yield* chunks;
  },
});

export class JsonText<T> {
  /** Type-level only: what the JSON decodes to. */
  declare readonly decodesTo: T;

  private constructor(readonly source: ByteSource) {}

  static fromBytes<T>(bytes: Buffer): JsonText<T> {
    return new JsonText<T>(inMemory([bytes]));
  }

  /** JSON whose bytes are these pieces in order: a list built page by page is never joined. */
  static fromChunks<T>(chunks: readonly Buffer[]): JsonText<T> {
    return new JsonText<T>(inMemory(chunks));
  }

  static fromString<T>(json: string): JsonText<T> {
    return JsonText.fromBytes<T>(Buffer.from(json, 'utf8'));
  }

  static fromSource<T>(source: ByteSource): JsonText<T> {
    return new JsonText<T>(source);
  }

  /** The bytes as stable pieces (as they are for JSON in memory; copied from other sources). */
  async pieces(): Promise<readonly Buffer[]> {
    if (this.source.pieces) return this.source.pieces;
    const copies: Buffer[] = [];
    // Copied: a source may reuse its buffer for the next chunk.
    for await (const chunk of this.source.chunks()) copies.push(Buffer.from(chunk));
    return copies;
  }

  async text(): Promise<string> {
    return decode(this.source);
  }

  async parse(): Promise<T> {
    return JSON.parse(await this.text()) as T;
  }
}

async function decode(source: ByteSource): Promise<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const pieces: string[] = [];
  for await (const chunk of source.chunks()) pieces.push(decoder.decode(chunk, { stream: true }));
  pieces.push(decoder.decode());
  return pieces.join('');
}

/** A value that is T, or carries its JSON text at the top level or as a direct property. */
export type WithJsonText<T> = T | JsonText<T> | { [K in keyof T]: T[K] | JsonText<T[K]> };

/**
 * JsonText is only ever produced as a whole result or as a direct property of one (the
 * `value` of a Cached answer), so only those two levels are looked at; walking a result's
 * whole tree would cost more than the parse this module saves.
 */
async function replaceShallow(
  value: unknown,
  swap: (text: JsonText<unknown>) => unknown,
): Promise<unknown> {
  if (value instanceof JsonText) return swap(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, inner] of Object.entries(value)) {
    if (!(inner instanceof JsonText)) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    copy[key] = await swap(inner);
  }
  return copy ?? value;
}

/** The value with every JsonText parsed (for callers that want objects: tests, the sync). */
export async function materialize<T>(value: WithJsonText<T>): Promise<T> {
  return (await replaceShallow(value, (text) => text.parse())) as T;
}

/** Serialised JSON in pieces: strings, and the sources of spliced JsonText. */
export class JsonParts {
  constructor(readonly parts: readonly (string | ByteSource)[]) {}

  get byteLength(): number {
    return this.parts.reduce(
      (n, p) => n + (typeof p === 'string' ? Buffer.byteLength(p) : p.byteLength),
      0,
    );
  }

  /** Each piece in order; `write` must be done with a chunk before it resolves. */
  async writeTo(write: (chunk: string | Uint8Array) => Promise<void>): Promise<void> {
    for (const part of this.parts) {
      if (typeof part === 'string') await write(part);
      else for await (const chunk of part.chunks()) await write(chunk);
    }
  }

  async text(): Promise<string> {
    const pieces: string[] = [];
    for (const part of this.parts)
      pieces.push(typeof part === 'string' ? part : await decode(part));
    return pieces.join('');
  }
}

/** JSON.stringify, with each JsonText's bytes spliced in as they are. */
export async function stringifyWithJsonText(value: unknown): Promise<JsonParts> {
  const texts: ByteSource[] = [];
  // A marker no real string can contain by chance: fresh random per call.
  const marker = `json-text-${randomUUID()}`;
  const json = JSON.stringify(
    await replaceShallow(value, (text) => {
      texts.push(text.source);
      return marker;
    }),
  );
  if (texts.length === 0) return new JsonParts([json]);
  const pieces = json.split(`"${marker}"`);
  const parts: (string | ByteSource)[] = [];
  pieces.forEach((piece, i) => {
    if (piece !== '') parts.push(piece);
    const text = texts[i];
    if (text && i < pieces.length - 1) parts.push(text);
  });
  return new JsonParts(parts);
}

/** An envelope as JSON parts: a result's JsonText sits one level down, in `value`. */
export async function stringifyEnvelope(
  envelope: { ok: true; value: unknown } | { ok: false; error: unknown },
): Promise<JsonParts> {
  if (!envelope.ok || envelope.value === undefined) {
    return new JsonParts([JSON.stringify(envelope)]);
  }
  const value = await stringifyWithJsonText(envelope.value);
  return new JsonParts(['{"ok":true,"value":', ...value.parts, '}']);
}
