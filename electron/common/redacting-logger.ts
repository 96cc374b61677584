/**
 * Every log line of the main process passes through here, so secrets are removed in one
 * place: Authorization headers, Basic/Bearer credentials, credentials in URLs, and fields
 * whose name says they hold a secret. Pure functions first; the file sink is at the bottom.
 */
import { closeSync, fchmodSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from './logger';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-dir';

export const REDACTED = '[REDACTED]';

/** Field names (case/separator-insensitive) whose values are never logged. */
const SENSITIVE_KEY = /api[-_]?key|password|passwd|secret|token|authorization|credential|cookie/i;

const isSensitiveKey = (key: string): boolean => SENSITIVE_KEY.test(key);

/** Names whose value is a secret when they appear as `name=value` or `"name": value` in text. */
const SECRET_NAME = /api[-_]?key|password|passwd|secret|token/i;

const TEXT_RULES: ((text: string) => string)[] = [
  // Header lines / objects dumped as text: everything after the header name to end of value.
  (text) =>
    text.replace(
      /\b(authorization|proxy-authorization|x-api-key)(["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\r\n,}]+)/gi,
      `$1$2${REDACTED}`,
    ),
  // Scheme credentials wherever they appear (also inside error messages).
  (text) => text.replace(/\b(Basic|Bearer)\s+[A-Za-z0-9+/._~-]+=*/g, `$1 ${REDACTED}`),
  // user:password@ in URLs.
  (text) => text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*:[^\s/@]*@/gi, `$1${REDACTED}@`),
  // key=value, "key": "value", key: value for secret-looking keys (JSON, query strings, YAML).
  // The key is matched as a whole word (the lookbehind stops a match starting mid-word) and
  // tested in the replacer: a pattern like [\w-]*(?:token)[\w-]* retried every position of
  // a long word, quadratic, and a 64 KB word in a message stalled the process for seconds.
  (text) =>
    text.replace(
      /(?<![\w-])(["']?)([\w-]+)\1(\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,&;}\]]+)/g,
      (match: string, quote: string, key: string, separator: string) =>
        SECRET_NAME.test(key) ? `${quote}${key}${quote}${separator}${REDACTED}` : match,
    ),
];

export const redactText = (text: string): string =>
  TEXT_RULES.reduce((acc, rule) => rule(acc), text);

const MAX_DEPTH = 6;

/** A redacted, JSON-safe copy. Cycles and very deep values are cut, never followed. */
export const redactData = (value: unknown, depth = 0, seen = new WeakSet<object>()): unknown => {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol'
      ? String(value)
      : value;
  }
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Truncated]';
  seen.add(value);
  if (value instanceof Error) {
    // Stacks stay out: they can carry request URLs, and they are no use to a technician.
    return { name: value.name, message: redactText(value.message) };
  }
  if (Array.isArray(value)) return value.map((item) => redactData(item, depth + 1, seen));
  // Object.fromEntries: a key spelled "__proto__" stays a key (an assignment would set the
  // prototype instead).
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      isSensitiveKey(key) ? REDACTED : redactData(inner, depth + 1, seen),
    ]),
  );
};

export type LogLevel = 'info' | 'warn' | 'error';

export const formatLogLine = (
  level: LogLevel,
  message: string,
  data: Record<string, unknown> | undefined,
  now: Date,
): string => {
  const entry: Record<string, unknown> = { t: now.toISOString(), level, msg: redactText(message) };
  if (data !== undefined) entry.data = redactData(data);
  return JSON.stringify(entry);
};

export const createRedactingLogger = (
  write: (line: string) => void,
  now: () => Date = () => new Date(),
): Logger => {
  const emit = (level: LogLevel) => (message: string, data?: Record<string, unknown>) =>
    write(formatLogLine(level, message, data, now()));
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
};

export interface LogRotation {
  /** main.log is rotated once it passes this size. */
  maxBytes: number;
  /** Rotated files kept: main.1.log (newest) … main.<keep>.log; older ones are deleted. */
  keep: number;
}

const DEFAULT_ROTATION: LogRotation = { maxBytes: 5 * 1024 * 1024, keep: 3 };

/** Shifts main.log → main.1.log → main.2.log …, dropping the oldest. */
const rotate = (dir: string, keep: number): void => {
  const numbered = (n: number) => join(dir, `main.${n}.log`);
  rmSync(numbered(keep), { force: true });
  for (let n = keep - 1; n >= 1; n--) {
    try {
      renameSync(numbered(n), numbered(n + 1));
    } catch {
      // not there yet
    }
  }
  renameSync(join(dir, 'main.log'), numbered(1));
};

/**
 * Appends JSON lines to dir/main.log (dir: Electron's `app.getPath('logs')`); past 5 MB the file
 * is rotated and the last 3 are kept (main.1.log newest), so a long-running install laptop never
 * fills its disk with logs and support still gets a few days of history.
 * Synchronous on purpose: few lines, and the last line before a crash is the useful one.
 * The file stays open: opening and closing it for every line (appendFileSync with a path)
 * was a measurable part of each operation's added time (`npm run bench`, proxy overhead).
 */
export const createFileLogger = (
  dir: string,
  mirror?: (line: string) => void,
  { maxBytes, keep }: LogRotation = DEFAULT_ROTATION,
): Logger & { close(): void } => {
  // Logs name stores and serials: readable by this user only, like the databases.
  try {
    ensurePrivateDir(dir);
  } catch {
    // A read-only or full disk: lines still go to the mirror, and the host says what is wrong
    // in words (a logger that threw here ended the app with a stack trace instead).
  }
  const file = join(dir, 'main.log');
  let fd: number | null = null;
  let size = 0;

  const open = (): number => {
    if (fd !== null) return fd;
    try {
      size = statSync(file).size;
    } catch {
      size = 0; // no log file yet
    }
    if (size > maxBytes) {
      rotate(dir, keep);
      size = 0;
    }
    fd = openSync(file, 'a', PRIVATE_FILE_MODE);
    // A log an older version created 0644 becomes private too.
    if (process.platform !== 'win32') fchmodSync(fd, PRIVATE_FILE_MODE);
    return fd;
  };

  const logger = createRedactingLogger((line) => {
    try {
      const text = `${line}\n`;
      writeSync(open(), text);
      size += Buffer.byteLength(text);
      if (size > maxBytes && fd !== null) {
        // Rotated at the next line.
        closeSync(fd);
        fd = null;
      }
    } catch {
      // A full or read-only disk must not take the app down with it.
      if (fd !== null) closeSync(fd);
      fd = null;
    }
    mirror?.(line);
  });
  return {
    ...logger,
    /** Lets the folder be removed (Windows refuses while a file in it is open). */
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
};
