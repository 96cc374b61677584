/**
 * JSON that is already text, carried through the core unparsed.
 *
 * A 100,000-device list is about 23 MB of JSON. Parsing it into objects only to serialise it
 * again for the bridge or IPC cost ~200 ms per read and ~100 MB of short-lived objects in the
 * core, so device lists travel as the text they were validated into (page by page, from the
 * server) or stored as (in the offline cache), and are parsed once, in the renderer.
 * `T` records what the text decodes to, so the contract's types still hold end to end.
 *
 * JSON.rawJSON would do the splicing for us, but Node 20 (browser mode, tests) lacks it.
 */
import { randomUUID } from 'node:crypto';

export class JsonText<T> {
  /** Type-level only: what `json` decodes to. */
  declare readonly decodesTo: T;

  constructor(readonly json: string) {}

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

/** JSON.stringify, with each JsonText's text spliced in as it is. */
export function stringifyWithJsonText(value: unknown): string {
  const texts: string[] = [];
  // A marker no real string can contain by chance: fresh random per call.
  const marker = `json-text-${randomUUID()}-`;
  const json = JSON.stringify(
    replaceShallow(value, (text) => {
      texts.push(text.json);
      return `${marker}${texts.length - 1}`;
    }),
  );
  if (texts.length === 0) return json;
  let out = json;
  texts.forEach((text, i) => {
    const quoted = `"${marker}${i}"`;
    const at = out.indexOf(quoted);
    out = out.slice(0, at) + text + out.slice(at + quoted.length);
  });
  return out;
}

/** An envelope as text: a result's JsonText sits one level down, in `value`. */
export function stringifyEnvelope(
  envelope: { ok: true; value: unknown } | { ok: false; error: unknown },
): string {
  if (!envelope.ok || envelope.value === undefined) return JSON.stringify(envelope);
  return `{"ok":true,"value":${stringifyWithJsonText(envelope.value)}}`;
}
