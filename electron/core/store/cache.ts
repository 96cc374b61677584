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
import { openJsonFile, settledUnder } from './atomic-json-file';

export { readThrough, type ReadThroughOptions } from './read-through';

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
  set<T>(key: string, value: T, fetchedAt?: string): Promise<void>;
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
    const fileFor = <T>(key: string, schema: z.ZodType<T>) =>
      openJsonFile<CacheEntry<T> | null>(
        join(scopeDir, keyToFileName(key)),
        z
          .object({ value: schema, fetchedAt: z.string() })
          .nullable() as z.ZodType<CacheEntry<T> | null>,
        () => null,
        log,
      );
    return {
      id,
      get: (key, schema) => fileFor(key, schema).load(),
      set: (key, value, fetchedAt) =>
        fileFor(key, z.unknown()).save({ value, fetchedAt: fetchedAt ?? now().toISOString() }),
      delete: (key) => fileFor(key, z.unknown()).remove(),
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
