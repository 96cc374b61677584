/**
 * JSON-lines log file with secret redaction applied to every line, for browser mode and the
 * Electron main process alike. Redaction happens here, once, so no caller can forget it.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../core/core';
import { redact } from './redact';

export interface FileLoggerOptions {
  /** Also hand each (redacted) line to this, e.g. stderr in a terminal. */
  echo?: (line: string) => void;
}

export function createFileLogger(dir: string, options: FileLoggerOptions = {}): Logger {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'app.log');
  const write = (level: string, message: string, data?: Record<string, unknown>) => {
    const line = JSON.stringify(redact({ at: new Date().toISOString(), level, message, ...data }));
    try {
      // Synchronous on purpose: the last lines before a crash are the ones that matter.
      appendFileSync(file, `${line}\n`);
    } catch {
      // A full disk must not take the app down with it.
    }
    options.echo?.(line);
  };
  return {
    info: (message, data) => write('info', message, data),
    warn: (message, data) => write('warn', message, data),
    error: (message, data) => write('error', message, data),
  };
}
