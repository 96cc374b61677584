import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../electron/shared';
import {
  buildDiagnosticsZip,
  diagnosticsFileName,
  gatherCoreFacts,
  summarizeQueue,
  type DiagnosticsInput,
} from '../../../electron/common/diagnostics/diagnostics-zip';
import { longestBlock } from '../../helpers/longest-block';
import { outboxItem } from '../../helpers/outbox-item';

const item = (over: Partial<OutboxItem>): OutboxItem =>
  outboxItem({
    id: 'i1',
    serial: 'CNT-1',
    locationId: 'loc-1',
    locationName: 'Store 1',
    createdAt: '2026-01-01T10:00:00.000Z',
    ...over,
  });

describe('diagnostics zip (real files, real zip)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fi-diag-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const input = (over: Partial<DiagnosticsInput> = {}): DiagnosticsInput => ({
    versions: {
      app: '0.1.0',
      electron: '45.4.1',
      chrome: '140.0.0.0',
      node: '22.20.0',
      os: 'Linux 6.1 (linux x64)',
    },
    session: {
      signedIn: true,
      training: false,
      baseUrl: 'https://api.example.com/v1',
      user: { name: 'Ada' },
      organizations: [],
      organization: { id: 'org-1', name: 'Acme' } as never,
      online: true,
      queued: 2,
      storage: { outboxDamage: null, cacheRebuilt: false, imported: null, settingsDamage: null },
    },
    managed: null,
    sync: {
      running: false,
      sending: false,
      tasks: [],
      lastCompletedAt: '2026-01-01T09:00:00.000Z',
      nextAttemptAt: null,
      held: null,
    },
    queue: [
      item({}),
      item({
        id: 'i2',
        kind: 'move',
        state: 'failed',
        attempts: 3,
        lastError: { kind: 'server', message: 'm', nextStep: 'n', status: 503 },
      }),
    ],
    connectionReport: null,
    logsDir: join(dir, 'logs'),
    crashDumpsDir: join(dir, 'Crashpad'),
    now: new Date('2026-02-03T04:05:06.789Z'),
    ...over,
  });

  it('builds the archive of a full set of logs (4 × 5 MB) without holding the thread', async () => {
    // Export diagnostics runs on the thread of the app's core (the main process); redacted and
    // compressed at once, these logs held it 5 s.
    mkdirSync(join(dir, 'logs'));
    const line = JSON.stringify({
      t: '2026-02-03T04:05:06.789Z',
      level: 'info',
      msg: 'GET /v1/devices?page=12 200 api_key=sk-live-1',
    });
    const log = Array.from({ length: Math.ceil(5_000_000 / line.length) }, () => line).join('\n');
    for (const name of ['main.log', 'main.1.log', 'main.2.log', 'main.3.log'])
      writeFileSync(join(dir, 'logs', name), log);
    const { result, blockMs } = await longestBlock(() => buildDiagnosticsZip(input()));
    const files = unzipSync(result);
    expect(files['logs/main.3.log']?.length).toBeGreaterThan(4_000_000);
    expect(strFromU8(files['logs/main.log']!)).not.toContain('sk-live-1');
    expect(blockMs).toBeLessThan(1_000);
  }, 60_000);

  it('holds versions, settings, sync, queue summary, report, logs and a crash-dump list', async () => {
    mkdirSync(join(dir, 'logs'));
    writeFileSync(
      join(dir, 'logs', 'main.log'),
      '{"msg":"Starting"}\n{"msg":"x api_key=sk-live-123456 y"}\n',
    );
    writeFileSync(join(dir, 'logs', 'main.1.log'), '{"msg":"older"}\n');
    writeFileSync(join(dir, 'logs', 'notes.txt'), 'not a log');
    mkdirSync(join(dir, 'Crashpad', 'completed'), { recursive: true });
    writeFileSync(join(dir, 'Crashpad', 'completed', 'abc.dmp'), Buffer.alloc(1234, 7));

    const files = unzipSync(await buildDiagnosticsZip(input()));
    // Files only (fflate also stores the logs/ folder entry).
    expect(
      Object.keys(files)
        .filter((name) => !name.endsWith('/'))
        .sort(),
    ).toEqual([
      'README.txt',
      'connection-report.json',
      'crash-dumps.json',
      'logs/main.1.log',
      'logs/main.log',
      'queue.json',
      'settings.json',
      'sync.json',
      'versions.json',
    ]);
    const read = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>;
    expect(read('versions.json')).toMatchObject({
      app: '0.1.0',
      electron: '45.4.1',
      chrome: '140.0.0.0',
    });
    expect(read('settings.json')).toMatchObject({
      session: { baseUrl: 'https://api.example.com/v1', queued: 2 },
    });
    expect(read('queue.json')).toMatchObject({
      total: 2,
      byState: { queued: 1, failed: 1 },
      byKind: { install: 1, move: 1 },
    });
    expect(read('sync.json')).toMatchObject({ lastCompletedAt: '2026-01-01T09:00:00.000Z' });
    // Crash dumps: listed with size and date, never included (a dump can hold memory).
    expect(read('crash-dumps.json')).toEqual([
      { name: join('completed', 'abc.dmp'), bytes: 1234, modified: expect.any(String) },
    ]);
    expect(Object.keys(files).some((name) => name.endsWith('.dmp'))).toBe(false);
    // A secret that slipped into a log line is redacted again on the way into the zip.
    const log = strFromU8(files['logs/main.log']!);
    expect(log).toContain('Starting');
    expect(log).not.toContain('sk-live-123456');
  });

  it('leaves personal names out: the signed-in user and the home folder in paths', async () => {
    const home = join(dir, 'home', 'ada.lovelace');
    mkdirSync(join(dir, 'logs'));
    writeFileSync(
      join(dir, 'logs', 'main.log'),
      `${JSON.stringify({ msg: 'queue database was unreadable; moved aside', keptAt: join(home, '.config', 'work.db.damaged-1') })}\n`,
    );
    const step = {
      step: 'organizations' as const,
      endpoint: 'GET /organizations',
      outcome: 'ok' as const,
      ms: 12,
      status: 200,
      paging: 'page' as const,
      items: 1,
      total: 1,
      fields: ['id', 'name'],
      unknownFields: [],
      problem: null,
      facts: [
        { kind: 'signed_in_as' as const, name: 'Ada Lovelace' },
        { kind: 'organizations_visible' as const, count: 1 },
      ],
      notes: ['Signed in as Ada Lovelace.', 'The key gives access to 1 organization.'],
    };
    const files = unzipSync(
      await buildDiagnosticsZip(
        input({
          home,
          session: { ...input().session!, user: { name: 'Ada Lovelace' } },
          connectionReport: {
            at: '2026-02-03T04:00:00.000Z',
            baseUrl: 'https://api.example.com/v1',
            organization: { id: 'org-1', name: 'Acme' },
            steps: [step],
            outcome: 'ok',
          },
        }),
      ),
    );
    for (const [name, bytes] of Object.entries(files)) {
      const text = strFromU8(bytes);
      expect(text, name).not.toContain('Ada Lovelace');
      expect(text, name).not.toContain('ada.lovelace');
    }
    // What support needs stays: the report's facts (without the name), the organization, the path.
    const report = strFromU8(files['connection-report.json']!);
    expect(report).toContain('signed_in_as');
    expect(report).toContain('Acme');
    expect(strFromU8(files['logs/main.log']!)).toContain('work.db.damaged-1');
    expect(strFromU8(files['README.txt']!)).toMatch(/no person's name/);
  });

  it('holds the update state when the app has one (updates.json)', async () => {
    const updates = {
      currentVersion: '0.1.0',
      enabled: true,
      offReason: null,
      feed: { url: 'https://updates.example.com/fi', source: 'build' },
      lastCheck: { at: '2026-01-01T10:00:00.000Z', result: 'failed', version: null, error: 'x' },
      downloading: null,
      ready: null,
    };
    const files = unzipSync(await buildDiagnosticsZip({ ...input(), updates }));
    expect(JSON.parse(strFromU8(files['updates.json']!))).toEqual(updates);
    expect(strFromU8(files['README.txt']!)).toContain('updates.json');
  });

  it('still builds without logs, dumps or core answers', async () => {
    const files = unzipSync(
      await buildDiagnosticsZip(
        input({
          session: null,
          sync: null,
          queue: null,
          crashDumpsDir: null,
          logsDir: join(dir, 'none'),
        }),
      ),
    );
    expect(strFromU8(files['queue.json']!)).toBe('null\n');
    expect(JSON.parse(strFromU8(files['crash-dumps.json']!))).toEqual([]);
  });

  it('summarises the queue without serials or locations', () => {
    const summary = summarizeQueue([item({ state: 'conflict' })]);
    expect(JSON.stringify(summary)).not.toContain('CNT-1');
    expect(summary.problems).toEqual([
      { kind: 'install', state: 'conflict', attempts: 0, error: null },
    ]);
  });

  it('gathers the core’s answers through its operations; a failing one becomes null', async () => {
    const asked: string[] = [];
    const facts = await gatherCoreFacts(async (name) => {
      asked.push(name);
      if (name === 'syncStatus') throw new Error('boom');
      if (name === 'listOutbox')
        return { ok: false, error: { kind: 'not_signed_in', code: 'not_signed_in' } };
      if (name === 'mountingChecklist')
        return { ok: true, value: { checks: [], source: { file: null, problem: { from: name } } } };
      return { ok: true, value: { from: name } };
    });
    expect(asked.sort()).toEqual([
      'lastConnectionReport',
      'listOutbox',
      'managedSettings',
      'mountingChecklist',
      'sessionStatus',
      'syncStatus',
    ]);
    expect(facts).toEqual({
      session: { from: 'sessionStatus' },
      managed: { from: 'managedSettings' },
      sync: null,
      queue: null,
      connectionReport: { from: 'lastConnectionReport' },
      // Why IT's checklist file is not used, for support.
      checklists: { file: null, problem: { from: 'mountingChecklist' } },
    });
  });

  it('names the file after the time, without characters Windows refuses', () => {
    expect(diagnosticsFileName(new Date('2026-02-03T04:05:06.789Z'))).toBe(
      'field-installer-diagnostics-2026-02-03T04-05-06-789Z.zip',
    );
  });
});
