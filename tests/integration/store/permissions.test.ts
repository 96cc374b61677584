/**
 * The data folder holds store names, serials, the queue, the activity log and photos: every
 * folder the app uses in it is 0700 and every file 0600, so no other user of the laptop can
 * read them. The core sets the modes itself (a host that forgot its umask still gets private
 * files: this test runs under umask 022), and both hosts set umask 0077 for the files others
 * create for them. Folders and files an older version left 0755/0644 are made private too.
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index';
import { startBrowserMode } from '../../helpers/cli-process';
import { startCoreHarness, type CoreHarness } from '../../helpers/core-harness';
import { uninstalledSerials } from '../../helpers/store-world';
import { JPEG_8x6 } from '../../helpers/photo-bytes';

let sandbox: RunningSandbox;
let harness: CoreHarness;
let root: string;
let dataDir: string;
let umask: number;
const OLD_FOLDERS = ['', 'logs', 'accounts', 'training'];

const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

beforeAll(async () => {
  // A host that forgot its umask: what the core creates must be private all the same.
  umask = process.umask(0o022);
  sandbox = await startSandbox({ port: 0 });
  // mkdtemp makes its folder 0700 already: the data dir is a folder inside it, left 0755 as
  // an older install (or a umask of 022) would have made it.
  root = await mkdtemp(join(tmpdir(), 'fi-perm-'));
  dataDir = join(root, 'data');
  for (const folder of OLD_FOLDERS) {
    await mkdir(join(dataDir, folder), { recursive: true });
    await chmod(join(dataDir, folder), 0o755);
  }
  // A log an older version left readable by everyone.
  await writeFile(join(dataDir, 'logs', 'main.log'), '', { mode: 0o644 });
  harness = await startCoreHarness({ dataDir });
});

afterAll(async () => {
  await harness.close();
  await sandbox.close();
  await rm(root, { recursive: true, force: true });
  process.umask(umask);
});

const jpeg = `data:image/jpeg;base64,${JPEG_8x6.toString('base64')}`;

describe.skipIf(process.platform === 'win32')('the data folder', () => {
  it('is 0700 and 0600 all the way down after sign-in, sync, an install, a photo and training', async () => {
    expect(await modeOf(join(dataDir, 'logs'))).toBe('700');
    const user = sandbox.users.find((u) => u.organizations.length === 1)!;
    await harness.call('signIn', { baseUrl: sandbox.baseUrl, apiKey: user.api_key });
    await harness.call('syncNow');
    const [serial] = await uninstalledSerials(harness, 1);
    const at = (await harness.call('listLocations')).value[0]!.id;
    await harness.call('installDevice', { serial, locationId: at });
    await harness.call('addPhoto', { serial, locationId: at, dataUrl: jpeg });
    await harness.call('signOut');
    await harness.call('startTraining');
    // The training server writes its state a moment after a change.
    await new Promise((r) => setTimeout(r, 500));
    const entries = await readdir(dataDir, { withFileTypes: true, recursive: true });
    const dirs = entries.filter((e) => e.isDirectory()).map((e) => join(e.parentPath, e.name));
    const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    expect(dirs.length).toBeGreaterThanOrEqual(4); // accounts, a scope, logs, training
    // app.db, a scope's cache.db and work.db with their -wal and -shm, the log, training's.
    expect(files.filter((f) => /\.db(-wal|-shm)?$/.test(f)).length).toBeGreaterThanOrEqual(7);
    expect(files.some((f) => f.endsWith('main.log'))).toBe(true);
    for (const dir of [dataDir, ...dirs]) expect(await modeOf(dir), dir).toBe('700');
    for (const file of files) expect(await modeOf(file), file).toBe('600');
  });
});

/** The umask of the process in `pid`'s tree that holds `file` open (tsx runs the app in a child). */
const umaskOfHolder = (pid: number, file: string): string | undefined => {
  const children = (p: number): number[] =>
    readdirSync(`/proc/${p}/task`).flatMap((task) =>
      readFileSync(`/proc/${p}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number),
    );
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...children(tree[i]!));
  const holder = tree.find((p) =>
    readdirSync(`/proc/${p}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${p}/fd/${fd}`) === file;
      } catch {
        return false;
      }
    }),
  );
  if (holder === undefined) return undefined;
  return /^Umask:\s*(\d+)/m.exec(readFileSync(`/proc/${holder}/status`, 'utf8'))?.[1];
};

describe.skipIf(process.platform !== 'linux')('browser mode (the host)', () => {
  it('runs with umask 0077, so files created for it by others are private too', async () => {
    const dir = join(root, 'browser-mode');
    const app = await startBrowserMode({ dataDir: dir });
    try {
      // The process that holds app.db (the data folder's lock) is the app's.
      expect(umaskOfHolder(app.pid, join(dir, 'app.db'))).toBe('0077');
    } finally {
      await app.stop();
    }
  });
});
