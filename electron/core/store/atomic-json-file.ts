/**
 * A JSON file bound to a zod schema, written crash-safely. Every other persisted thing in the
 * core (cache entries, outbox, activity log) goes through this one piece, so "a write is
 * either fully there or not there at all" and "a corrupt file never takes the app down" are
 * solved once.
 */
import {
  access,
  mkdir,
  open,
  readFile,
  readdir,
  rename,
  unlink,
  type FileHandle,
} from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { z } from 'zod';
import type { Logger } from '../core';

export interface JsonFile<T> {
  /** Missing file → fallback; corrupt file → quarantined, logged, fallback. Never throws for those. */
  load(): Promise<T>;
  /** Resolves once the new content is durably on disk (file and directory entry fsynced). */
  save(value: T): Promise<void>;
  /** Removes the file (missing is fine); ordered with saves like any other write. */
  remove(): Promise<void>;
  /**
   * The file's bytes without parsing them, for content passed on as is (store/cache.ts).
   * `check` returns why the bytes are unusable, or null; unusable → quarantined, null.
   * Missing → null.
   */
  loadBytes(check: (bytes: Buffer) => string | null): Promise<Buffer | null>;
  /**
   * Saves bytes that are already the JSON of a T, built by a caller that has them as such.
   * A function is called in the file's turn, so the write is ordered from the moment of
   * this call even when the bytes are still to be gathered.
   */
  saveBytes(json: Buffer | (() => Promise<Buffer>)): Promise<void>;
  /**
   * The file opened for reading in place, for content too big to load (store/cache.ts).
   * `check` looks at the open file and returns why it is unusable, or null; unusable →
   * closed, quarantined, null. Missing → null. The caller must close the handle.
   */
  openChecked(
    check: (file: FileHandle, size: number) => Promise<string | null>,
  ): Promise<FileHandle | null>;
}

export interface QuarantineInfo {
  path: string;
  quarantinedPath: string;
  reason: string;
  /** The bytes that were in the file (also kept on disk at quarantinedPath). */
  raw: Buffer;
}

export interface JsonFileOptions {
  /** Lets the owner say what was lost (e.g. how many queued actions the file may have held). */
  onQuarantine?: (info: QuarantineInfo) => void;
}

// Keyed by absolute path, module-wide: two handles on one file must still never reorder writes.
const queues = new Map<string, Promise<unknown>>();

function enqueue<R>(path: string, job: () => Promise<R>): Promise<R> {
  const previous = queues.get(path) ?? Promise.resolve();
  const run = previous.then(job, job);
  const tail = run.catch(() => undefined);
  queues.set(path, tail);
  void tail.then(() => {
    if (queues.get(path) === tail) queues.delete(path);
  });
  return run;
}

/** Resolves when every write queued so far for a path under `prefix` has settled. */
export async function settledUnder(prefix: string): Promise<void> {
  const root = resolve(prefix);
  const pending = [...queues.entries()].filter(([p]) => p.startsWith(root)).map(([, q]) => q);
  await Promise.allSettled(pending);
}

// Windows forbids ':' in file names, so the ISO time is written with '-' instead.
const fileSafeIsoTime = (d: Date): string => d.toISOString().replace(/:/g, '-');

// write-file-atomic names its temp files `<file>.<uint32>`; after a hard kill they stay behind.
const isOurTempFile = (name: string, target: string): boolean =>
  name.startsWith(`${target}.`) && /^\d+$/.test(name.slice(target.length + 1));

async function removeStaleTempFiles(path: string): Promise<void> {
  const target = basename(path);
  const names = await readdir(dirname(path)).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((n) => isOurTempFile(n, target))
      .map((n) => unlink(join(dirname(path), n)).catch(() => undefined)),
  );
}

// rename() is only durable once the directory entry itself is flushed; write-file-atomic
// fsyncs the file but not the directory. Windows cannot open a directory: nothing to do there.
async function fsyncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some filesystems refuse fsync on directories; the rename is still atomic.
  } finally {
    await handle.close();
  }
}

export function openJsonFile<T>(
  path: string,
  schema: z.ZodType<T>,
  fallback: () => T,
  log: Logger,
  options: JsonFileOptions = {},
): JsonFile<T> {
  const absolute = resolve(path);

  async function quarantine(reason: string, raw: Buffer): Promise<void> {
    let quarantinedPath = `${absolute}.corrupt-${fileSafeIsoTime(new Date())}`;
    for (let n = 2; await exists(quarantinedPath); n++) {
      quarantinedPath = `${absolute}.corrupt-${fileSafeIsoTime(new Date())}-${n}`;
    }
    try {
      await rename(absolute, quarantinedPath);
    } catch (e) {
      log.error('Could not move a corrupt file aside', { path: absolute, error: String(e) });
      return;
    }
    log.warn('Corrupt file quarantined; starting from an empty one', {
      path: absolute,
      quarantinedPath,
      reason,
      bytes: raw.length,
    });
    options.onQuarantine?.({ path: absolute, quarantinedPath, reason, raw });
  }

  /** The file's bytes; null when missing or unreadable (the latter is quarantined). */
  async function readNow(): Promise<Buffer | null> {
    await removeStaleTempFiles(absolute);
    try {
      return await readFile(absolute);
    } catch (e) {
      if (!isNotFound(e)) await quarantine(`unreadable: ${String(e)}`, Buffer.alloc(0));
      return null;
    }
  }

  async function loadBytesNow(check: (bytes: Buffer) => string | null): Promise<Buffer | null> {
    const raw = await readNow();
    if (raw === null) return null;
    const problem = check(raw);
    if (problem === null) return raw;
    await quarantine(problem, raw);
    return null;
  }

  async function openCheckedNow(
    check: (file: FileHandle, size: number) => Promise<string | null>,
  ): Promise<FileHandle | null> {
    await removeStaleTempFiles(absolute);
    let file: FileHandle;
    try {
      file = await open(absolute, 'r');
    } catch (e) {
      if (!isNotFound(e)) await quarantine(`unreadable: ${String(e)}`, Buffer.alloc(0));
      return null;
    }
    let problem: string | null;
    try {
      problem = await check(file, (await file.stat()).size);
    } catch (e) {
      problem = `unreadable: ${String(e)}`;
    }
    if (problem === null) return file;
    await file.close();
    // Only now is the whole file read: the quarantine report keeps what it held.
    await quarantine(problem, await readFile(absolute).catch(() => Buffer.alloc(0)));
    return null;
  }

  async function loadNow(): Promise<T> {
    const raw = await readNow();
    if (raw === null) return fallback();
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch (e) {
      await quarantine(`invalid JSON: ${(e as Error).message}`, raw);
      return fallback();
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      await quarantine(
        `schema mismatch at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
        raw,
      );
      return fallback();
    }
    return parsed.data;
  }

  async function saveNow(value: T): Promise<void> {
    await saveBytesNow(JSON.stringify(value));
  }

  async function saveBytesNow(text: string | Buffer): Promise<void> {
    await mkdir(dirname(absolute), { recursive: true });
    await writeFileAtomic(absolute, text, { fsync: true, mode: 0o600 });
    await fsyncDirectory(dirname(absolute));
  }

  async function removeNow(): Promise<void> {
    await unlink(absolute).catch((e: unknown) => {
      if (!isNotFound(e)) throw e;
    });
  }

  return {
    load: () => enqueue(absolute, loadNow),
    save: (value) => enqueue(absolute, () => saveNow(value)),
    remove: () => enqueue(absolute, removeNow),
    loadBytes: (check) => enqueue(absolute, () => loadBytesNow(check)),
    saveBytes: (json) =>
      enqueue(absolute, async () => saveBytesNow(typeof json === 'function' ? await json() : json)),
    openChecked: (check) => enqueue(absolute, () => openCheckedNow(check)),
  };
}

const isNotFound = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'ENOENT';

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );
