/**
 * The data folder holds store names, serials, the queue and the activity log: every folder the
 * app creates in it is 0700, so no other user of the laptop can reach the files inside (SQLite
 * creates its files with the process umask; the folders are what keep others out).
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';

let sandbox: RunningSandbox;
let harness: CoreHarness;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  harness = await startCoreHarness();
});

afterAll(async () => {
  await harness.close();
  await sandbox.close();
});

describe('the data folder', () => {
  it.skipIf(process.platform === 'win32')('is 0700 all the way down', async () => {
    const user = sandbox.users.find((u) => u.organizations.length === 1)!;
    await harness.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: user.api_key });
    await harness.call('syncNow');
    await harness.call('signOut');
    await harness.call('startTraining');
    const entries = await readdir(harness.dataDir, { withFileTypes: true, recursive: true });
    const dirs = entries.filter((e) => e.isDirectory()).map((e) => join(e.parentPath, e.name));
    expect(dirs.length).toBeGreaterThanOrEqual(4); // accounts, a scope, logs, training
    for (const dir of [harness.dataDir, ...dirs])
      expect(((await stat(dir)).mode & 0o777).toString(8), dir).toBe('700');
  });
});
