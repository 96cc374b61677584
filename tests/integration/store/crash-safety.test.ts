/**
 * Kills a real writer process (SIGKILL: no cleanup, no flush) at random moments, many times,
 * and checks after each kill that the store opens cleanly and holds every acknowledged item.
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Device } from '../../../electron/core/api/wire';
import { createCache } from '../../../electron/core/store/cache';
import { openOutbox } from '../../../electron/core/store/outbox-store';
import { recordingLogger, tempDir } from '../../unit/store/test-helpers';

const WRITER = join(import.meta.dirname, '../../fixtures/store/crash-writer.ts');
const ROUNDS = 40;
const TIME_BUDGET_MS = 50_000;

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

/** Runs the writer, kills it `delayMs` after it is ready; resolves with the ids it acked. */
function runAndKill(delayMs: number): Promise<{ acked: string[]; complaints: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked: string[] = [];
    const complaints: string[] = [];
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'ready') setTimeout(() => child.kill('SIGKILL'), delayMs);
      else if (line.startsWith('acked ')) acked.push(line.slice(6));
      else complaints.push(line);
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (signal === 'SIGKILL') resolve({ acked, complaints });
      else reject(new Error(`writer exited on its own (${String(signal)}): ${stderr}`));
    });
  });
}

async function corruptFilesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true });
  return entries.filter((name) => name.includes('.corrupt-'));
}

describe('crash safety (real child process, SIGKILL)', () => {
  it(`keeps every acknowledged outbox item and never corrupts a file across ${ROUNDS} kills`, async () => {
    const started = Date.now();
    const allAcked: string[] = [];
    let rounds = 0;
    let found = 0;
    let quarantines = 0;
    let complaints = 0;

    while (rounds < ROUNDS && Date.now() - started < TIME_BUDGET_MS) {
      // Mostly early kills (in the middle of the first writes), some later ones.
      const delay =
        Math.random() < 0.5 ? Math.floor(Math.random() * 15) : Math.floor(Math.random() * 250);
      const run = await runAndKill(delay);
      rounds++;
      allAcked.push(...run.acked);
      complaints += run.complaints.length;

      const log = recordingLogger();
      const outbox = await openOutbox(join(dir, 'outbox.json'), log);
      const ids = new Set(outbox.list().map((i) => i.id));
      const missing = allAcked.filter((id) => !ids.has(id));
      found = allAcked.length - missing.length;
      const cache = createCache(join(dir, 'cache'), log).scope(
        'https://api.example.test/v1',
        'org-1',
      );
      await cache.get('inventory', z.array(Device));
      await cache.get('device:SN0', Device);
      quarantines += (await corruptFilesUnder(dir)).length;

      expect(outbox.quarantine, `round ${rounds}: outbox quarantined`).toBeNull();
      expect(missing, `round ${rounds}: acked items lost`).toEqual([]);
      expect(
        log.lines.filter((l) => l.level !== 'info'),
        `round ${rounds}: warnings`,
      ).toEqual([]);
    }

    console.warn(
      `crash safety: ${rounds} rounds in ${Math.round((Date.now() - started) / 1000)} s, ` +
        `${allAcked.length} items acked, ${found} found, ${quarantines} quarantines, ` +
        `${complaints} writer warnings`,
    );
    expect(rounds).toBeGreaterThanOrEqual(20);
    expect(allAcked.length).toBeGreaterThan(0);
    expect(quarantines).toBe(0);
    expect(complaints).toBe(0);
    // No temp files survive a reopen.
    expect((await readdir(dir)).filter((n) => /\.json\.\d+$/.test(n))).toEqual([]);
  }, 90_000);
});
