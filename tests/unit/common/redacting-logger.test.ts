import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createFileLogger,
  createRedactingLogger,
  formatLogLine,
  redactData,
  redactText,
  REDACTED,
} from '../../../electron/common/redacting-logger';

const KEY = 'sk_live_9f8e7d6c5b4a';
const BASIC = Buffer.from(`org-42:${KEY}`).toString('base64');

describe('redacting logger', () => {
  it.each([
    [`Authorization: Basic ${BASIC}`, 'Authorization: '],
    [`authorization=Basic ${BASIC}`, 'authorization='],
    [`{"Authorization":"Basic ${BASIC}"}`, '"Authorization":'],
    [`request failed (Bearer ${KEY}) after 3 tries`, 'after 3 tries'],
    [`GET https://org-42:${KEY}@api.example.com/v1/devices`, 'api.example.com/v1/devices'],
    [
      `{"apiKey":"${KEY}","baseUrl":"https://api.example.com"}`,
      '"baseUrl":"https://api.example.com"',
    ],
    [`api_key=${KEY}&serial=ABC`, '&serial=ABC'],
    [`x-api-key: ${KEY}`, 'x-api-key'],
    [`password: ${KEY}`, 'password'],
    [`client_secret='${KEY}' next`, ' next'],
    [`/api/events?token=${KEY}`, '/api/events?token='],
  ])('removes the secret from %s and keeps the context', (text, kept) => {
    const out = redactText(text);
    expect(out).not.toContain(KEY);
    expect(out).not.toContain(BASIC);
    expect(out).toContain(REDACTED);
    expect(out).toContain(kept);
  });

  it('leaves ordinary text alone', () => {
    const text = 'Installed ABC-123 at Store 12 (3 devices, 200 OK)';
    expect(redactText(text)).toBe(text);
  });

  it('never lets a Basic credential through, whatever it is', () => {
    fc.assert(
      fc.property(fc.base64String({ minLength: 12, maxLength: 200 }), (secret) => {
        fc.pre(!'Authorization: Basic [REDACTED]'.includes(secret));
        expect(redactText(`Authorization: Basic ${secret}`)).not.toContain(secret);
        expect(redactText(`failed: Basic ${secret}`)).not.toContain(secret);
      }),
    );
  });

  it('redacts secret-named fields at any depth, including headers and arrays', () => {
    const data = {
      organizationId: 'org-42',
      apiKey: KEY,
      request: { headers: { Authorization: `Basic ${BASIC}`, Accept: 'application/json' } },
      attempts: [{ api_key: KEY }, { password: KEY, ok: true }],
      nested: { deeper: { clientSecret: KEY, note: `retry with Bearer ${KEY}` } },
    };
    const out = redactData(data);
    const text = JSON.stringify(out);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(BASIC);
    expect(out).toMatchObject({
      organizationId: 'org-42',
      apiKey: REDACTED,
      request: { headers: { Authorization: REDACTED, Accept: 'application/json' } },
      attempts: [{ api_key: REDACTED }, { password: REDACTED, ok: true }],
    });
  });

  it('keeps only name and redacted message of errors, and survives cycles', () => {
    const error = new Error(`401 for https://org:${KEY}@api.example.com`);
    const cyclic: Record<string, unknown> = { error };
    cyclic.self = cyclic;
    const out = redactData(cyclic) as Record<string, unknown>;
    expect(out.self).toBe('[Circular]');
    expect(out.error).toEqual({ name: 'Error', message: expect.not.stringContaining(KEY) });
    expect(JSON.stringify(out)).not.toContain('at ');
  });

  it('writes one JSON line per entry with time and level', () => {
    const lines: string[] = [];
    const log = createRedactingLogger(
      (line) => lines.push(line),
      () => new Date('2025-01-02T03:04:05Z'),
    );
    log.warn(`sign-in failed for Basic ${BASIC}`, { apiKey: KEY, status: 401 });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '');
    expect(entry).toEqual({
      t: '2025-01-02T03:04:05.000Z',
      level: 'warn',
      msg: `sign-in failed for Basic ${REDACTED}`,
      data: { apiKey: REDACTED, status: 401 },
    });
    expect(formatLogLine('info', 'plain', undefined, new Date(0))).not.toContain('data');
  });

  it('redacts a message holding a 1 MB word in linear time, secrets after it included', () => {
    // The old key=value pattern retried every position of a long word: this took hours.
    const word = 'y'.repeat(1024 * 1024);
    const out = redactText(`${word} token=${KEY} ${word}-apikey: "${KEY}"`);
    expect(out).not.toContain(KEY);
    expect(out).toContain(`token=${REDACTED}`);
    expect(out.length).toBeGreaterThan(2 * word.length);
  });

  it('rotates while running once the file passes 5 MB, and writes after close by reopening', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fi-logs-'));
    try {
      const log = createFileLogger(dir);
      const long = 'y'.repeat(64 * 1024);
      for (let i = 0; i < 90; i++) log.info(long);
      log.info('after the limit');
      const current = await readFile(join(dir, 'main.log'), 'utf8');
      expect(current.trim().split('\n').length).toBeLessThan(90);
      expect(current).toContain('after the limit');
      expect((await readFile(join(dir, 'main.1.log'), 'utf8')).length).toBeGreaterThan(
        5 * 1024 * 1024,
      );
      log.close();
      log.info('reopened');
      expect(await readFile(join(dir, 'main.log'), 'utf8')).toContain('reopened');
      log.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps the last N rotated files (main.1.log newest) and deletes older ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fi-logs-'));
    try {
      const log = createFileLogger(dir, undefined, { maxBytes: 100, keep: 2 });
      for (let i = 1; i <= 5; i++) log.info(`round ${i} ${'z'.repeat(120)}`);
      log.info('now');
      log.close();
      expect((await readdir(dir)).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log']);
      expect(await readFile(join(dir, 'main.log'), 'utf8')).toContain('now');
      expect(await readFile(join(dir, 'main.1.log'), 'utf8')).toContain('round 5');
      expect(await readFile(join(dir, 'main.2.log'), 'utf8')).toContain('round 4');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('appends redacted lines to logs/main.log and rotates a large file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fi-logs-'));
    try {
      await writeFile(join(dir, 'main.log'), 'x'.repeat(5 * 1024 * 1024 + 1));
      const log = createFileLogger(dir);
      log.info('signed in', { apiKey: KEY });
      log.error(`GET failed: Authorization: Basic ${BASIC}`);
      const text = await readFile(join(dir, 'main.log'), 'utf8');
      expect(text.trim().split('\n')).toHaveLength(2);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(BASIC);
      expect((await readFile(join(dir, 'main.1.log'), 'utf8')).length).toBe(5 * 1024 * 1024 + 1);
      log.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
