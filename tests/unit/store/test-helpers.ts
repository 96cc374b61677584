/** Real temp directories and a logger that keeps what it was told, for store and sync tests. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../../../electron/core/core';

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  data: Record<string, unknown> | undefined;
}

export function recordingLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine['level']) =>
    (message: string, data?: Record<string, unknown>): void => {
      lines.push({ level, message, data });
    };
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'fi-store-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export async function quarantinedFiles(dir: string, name: string): Promise<string[]> {
  return (await readdir(dir))
    .filter((n) => n.startsWith(`${name}.corrupt-`))
    .map((n) => join(dir, n));
}
