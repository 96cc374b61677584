/**
 * The offline cache: what the server last said, kept per server + organization so a
 * technician in a back office without signal can still read locations, inventory and
 * what is installed where. One file per resource key, so a 100,000-device inventory is
 * written on its own and does not rewrite the small entries.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../core';
import { JsonText } from '../json-text';
import { openJsonFile, settledUnder } from './atomic-json-file';
import { entryBytes, HEAD_MAX_BYTES, parseEntryHead, splitEntry } from './cache-entry-layout';
import { crc32OfRegion, fileRegionSource } from './file-region';

export {
  jsonTextEntry,
  parsedEntry,
  readThrough,
  type EntryAccess,
  type ReadThroughOptions,
} from './read-through';

export interface CacheEntry<T> {
  value: T;
  /** When the server sent this value (ISO). */
  fetchedAt: string;
}

export interface CacheScope {
  /** Folder name of this scope; stable for one base URL + organization. */
  readonly id: string;
  /** null when nothing usable is cached (a corrupt or outdated entry is quarantined). */
  get<T>(key: string, schema: z.ZodType<T>): Promise<CacheEntry<T> | null>;
  /**
   * The value's JSON as stored, checked against its checksum only and read from the file when
   * consumed (once): never parsed, decoded or loaded whole.
   */
  getJson<T>(key: string): Promise<CacheEntry<JsonText<T>> | null>;
  set<T>(key: string, value: T, fetchedAt?: string): Promise<void>;
  /** Stores JSON as it is (it must be the JSON of a value this key's readers accept). */
  setJson<T>(key: string, value: JsonText<T>, fetchedAt?: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Forgets everything cached for this server + organization. */
  clear(): Promise<void>;
}

export interface Cache {
  scope(baseUrl: string, organizationId: string | null): CacheScope;
  /** Forgets every scope (sign-out). */
  clearAll(): Promise<void>;
}

/**
 * Injective and traversal-proof: only [A-Za-z0-9_-] pass through, everything else
 * (including '.', '/', '\\' and '~' itself) becomes ~XX, so no key can name '..' or a
 * sub-path. Very long keys are shortened with a hash so file names stay within OS limits.
 */
export function keyToFileName(key: string): string {
  const encoded = Array.from(new TextEncoder().encode(key), (b) => {
    const c = String.fromCharCode(b);
    return /[A-Za-z0-9_-]/.test(c) ? c : `~${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
  const name =
    encoded.length <= 120 ? encoded : `${encoded.slice(0, 80)}~~${sha256(key).slice(0, 32)}`;
  return `${name}.json`;
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** The folder name reveals neither the server nor the organization. */
export const scopeId = (baseUrl: string, organizationId: string | null): string =>
  sha256(`${baseUrl.replace(/\/+$/, '')}\n${organizationId ?? ''}`).slice(0, 32);

export function createCache(dir: string, log: Logger, now: () => Date = () => new Date()): Cache {
  function scope(baseUrl: string, organizationId: string | null): CacheScope {
    const id = scopeId(baseUrl, organizationId);
    const scopeDir = join(dir, id);
    // Only the byte operations are used: the layout (cache-entry-layout.ts) is checked here.
    const fileFor = (key: string) =>
      openJsonFile(join(scopeDir, keyToFileName(key)), z.unknown(), () => null, log);

    type Decoded<T> = { value: T } | { problem: string };
    async function read<T>(
      key: string,
      decode: (valueJson: Buffer) => Decoded<T>,
    ): Promise<CacheEntry<T> | null> {
      let entry: CacheEntry<T> | null = null;
      await fileFor(key).loadBytes((bytes) => {
        const split = splitEntry(bytes);
        if ('problem' in split) return split.problem;
        const decoded = decode(split.value);
        if ('problem' in decoded) return decoded.problem;
        entry = { value: decoded.value, fetchedAt: split.fetchedAt };
        return null;
      });
      return entry;
    }

    const setJson = <T>(key: string, value: JsonText<T>, fetchedAt?: string) => {
      const at = fetchedAt ?? now().toISOString();
      return fileFor(key).saveBytes(async () => entryBytes(await value.pieces(), at));
    };

    /** The value as a region of its file, checked against its checksum, never loaded whole. */
    async function getJson<T>(key: string): Promise<CacheEntry<JsonText<T>> | null> {
      let region: { fetchedAt: string; start: number; length: number } | null = null;
      const file = await fileFor(key).openChecked(async (handle, size) => {
        const first = Buffer.alloc(Math.min(HEAD_MAX_BYTES, size));
        await handle.read(first, 0, first.length, 0);
        const last = Buffer.alloc(1);
        if (size > 0) await handle.read(last, 0, 1, size - 1);
        const head = parseEntryHead(first, size, size > 0 ? last[0] : undefined);
        if ('problem' in head) return head.problem;
        if ((await crc32OfRegion(handle, head.valueStart, head.valueLength)) !== head.crc32)
          return 'checksum mismatch';
        region = { fetchedAt: head.fetchedAt, start: head.valueStart, length: head.valueLength };
        return null;
      });
      if (!file) return null;
      if (!region) {
        await file.close(); // not reached: the check sets region whenever it accepts
        return null;
      }
      const { fetchedAt, start, length } = region;
      return { value: JsonText.fromSource<T>(fileRegionSource(file, start, length)), fetchedAt };
    }

    return {
      id,
      get: (key, schema) => read(key, (json) => decodeWith(schema, json.toString('utf8'))),
      getJson,
      set: (key, value, fetchedAt) =>
        setJson(key, JsonText.fromString(JSON.stringify(value)), fetchedAt),
      setJson,
      delete: (key) => fileFor(key).remove(),
      clear: async () => {
        await settledUnder(scopeDir);
        await rm(scopeDir, { recursive: true, force: true });
      },
    };
  }
  return {
    scope,
    clearAll: async () => {
      await settledUnder(dir);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function decodeWith<T>(schema: z.ZodType<T>, json: string): { value: T } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (e) {
    return { problem: `invalid JSON: ${(e as Error).message}` };
  }
  const result = schema.safeParse(parsed);
  if (result.success) return { value: result.data };
  const issue = result.error.issues[0];
  return { problem: `schema mismatch at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}` };
}
