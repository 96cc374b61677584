/**
 * The data folder holds store names, serials, the queue and the activity log: every folder the
 * app uses in it is 0700, so no other user of the laptop can reach the files inside (SQLite
 * creates its files with the process umask; the folders are what keep others out). Folders
 * an older version left 0755 (the data folder, logs, accounts, training) are made 0700 too.
 */
import { chmod, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';

let sandbox: RunningSandbox;
let harness: CoreHarness;
let root: string;
let dataDir: string;
const OLD_FOLDERS = ['', 'logs', 'accounts', 'training'];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  // mkdtemp makes its folder 0700 already: the data dir is a folder inside it, left 0755 as
  // an older install (or a umask of 022) would have made it.
  root = await mkdtemp(join(tmpdir(), 'fi-perm-'));
  dataDir = join(root, 'data');
  for (const folder of OLD_FOLDERS) {
    await mkdir(join(dataDir, folder), { recursive: true });
    await chmod(join(dataDir, folder), 0o755);
  }
  harness = await startCoreHarness({ dataDir });
});

afterAll(async () => {
  await harness.close();
  await sandbox.close();
  await rm(root, { recursive: true, force: true });
});

describe('the data folder', () => {
  it.skipIf(process.platform === 'win32')('is 0700 all the way down', async () => {
    expect(((await stat(join(dataDir, 'logs'))).mode & 0o777).toString(8)).toBe('700');
    const user = sandbox.users.find((u) => u.organizations.length === 1)!;
    await harness.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: user.api_key });
    await harness.call('syncNow');
    await harness.call('signOut');
    await harness.call('startTraining');
    const entries = await readdir(dataDir, { withFileTypes: true, recursive: true });
    const dirs = entries.filter((e) => e.isDirectory()).map((e) => join(e.parentPath, e.name));
    expect(dirs.length).toBeGreaterThanOrEqual(4); // accounts, a scope, logs, training
    for (const dir of [dataDir, ...dirs])
      expect(((await stat(dir)).mode & 0o777).toString(8), dir).toBe('700');
  });
});
