/**
 * The core with managed settings (real core, real files): the contract op reports them, and a
 * locked API base URL is the only one sign-in accepts (refused before any request is made).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ManagedSettings } from '../../../electron/shared';
import type { Core } from '../../../electron/core/core';
import { createCore } from '../../../electron/core/create-core';
import { createKeychainCredentials } from '../../../electron/core/credentials/keychain';
import { createFileLogger } from '../../../electron/common/redacting-logger';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { fieldProblem } from '../../../renderer/src/lib/words/field-issues';

const LOCKED: ManagedSettings = {
  source: { kind: 'linux-file', where: '/etc/field-installer/policy.json' },
  apiBaseUrl: 'https://api.example.com/v1',
  apiBaseUrlLocked: true,
  updateUrl: null,
  updatesEnabled: false,
  photoMaxSide: null,
  quality: { rules: null, organizations: null, checklistFile: null },
  auditPercent: null,
  auditMinCrossings: null,
  auditMinMinutes: null,
  auditPassRule: null,
};

describe('managed settings in the core', () => {
  let dir: string;
  let core: Core | null = null;
  let closeLog = () => undefined as void;
  afterEach(async () => {
    await core?.close();
    closeLog();
    await rm(dir, { recursive: true, force: true });
  });

  const start = async (managed?: ManagedSettings) => {
    dir = await mkdtemp(join(tmpdir(), 'fi-managed-'));
    const log = createFileLogger(join(dir, 'logs'));
    closeLog = () => log.close();
    const requests: string[] = [];
    core = await createCore({
      dataDir: join(dir, 'data'),
      fetch: (input) => {
        requests.push(String(input));
        return Promise.reject(new Error('no network in this test'));
      },
      credentials: createKeychainCredentials('field-installer-test-managed'),
      log,
      ...(managed ? { managed } : {}),
    });
    return { core, requests };
  };

  it('reports the managed values and their source', async () => {
    const { core } = await start(LOCKED);
    expect(await core.invoke('managedSettings', {})).toEqual({ ok: true, value: LOCKED });
  });

  it('reports nothing managed when the host gave none (and has no update to install)', async () => {
    const { core } = await start();
    expect(await core.invoke('installUpdate', {})).toEqual({ ok: true, value: { started: false } });
    const answer = await core.invoke('managedSettings', {});
    expect(answer).toMatchObject({ ok: true, value: { source: null, apiBaseUrlLocked: false } });
  });

  it('refuses another base URL than the locked one, before any request', async () => {
    const { core, requests } = await start(LOCKED);
    const answer = await core.invoke('signIn', {
      baseUrl: 'https://evil.example/v1',
      apiKey: 'key-key-key-key',
    });
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.error.kind).toBe('validation');
      expect(answer.error.fields).toEqual({
        baseUrl: { rule: 'base_url_managed', code: 'invalid' },
      });
      expect(fieldProblem(answer.error, 'baseUrl')).toBe('Set by your IT department');
      expect(errorWords(answer.error).nextStep).toContain('https://api.example.com/v1');
    }
    expect(requests).toEqual([]);
  });
});
