/**
 * Files from outside the app — the policy file and the checklist file a policy names — on real
 * files of this machine: a FIFO with no writer, a link to /dev/zero, a file past its limit. Each
 * is refused with its reason at once; none holds the core's thread (the event loop's longest
 * delay stays under a generous bound) or reads more than the limit plus one byte. Before, the
 * checklist file was read with readFileSync: a FIFO froze the thread until a writer came (here a
 * child process writes after 2 s), /dev/zero grew without end; the policy's readFile waited for
 * the FIFO for ever.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_MANAGED } from '../../../electron/common/managed/policy';
import {
  MAX_POLICY_BYTES,
  readManagedSettings,
} from '../../../electron/common/managed/read-policy';
import { readOutsideFile } from '../../../electron/common/outside-file';
import type { ManagedSettings } from '../../../electron/shared';
import { startCoreHarness } from '../../helpers/core-harness';
import { longestBlock } from '../../helpers/longest-block';

let root: string;
let fifo: string;
let zero: string;
let big: string;
const POSIX = process.platform !== 'win32';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fi-outside-'));
  fifo = join(root, 'fifo.json');
  zero = join(root, 'zero.json');
  big = join(root, 'big.json');
  if (POSIX) {
    const made = spawnSync('mkfifo', [fifo]);
    if (made.status !== 0) throw new Error(`mkfifo: ${made.stderr.toString()}`);
    await symlink('/dev/zero', zero);
  }
  await writeFile(
    big,
    `{"deviceTypes": {}, "otherDeviceTypes": [], "pad": "${'x'.repeat(300_000)}"}`,
  );
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** A writer that opens the FIFO after 2 s and writes a checklist into it: the old read waited. */
function writerLater(path: string) {
  const child = spawn('sh', ['-c', `sleep 2; printf '{}' > '${path}'`], { stdio: 'ignore' });
  return () => child.kill('SIGKILL');
}

const managed = (checklistFile: string): ManagedSettings => ({
  ...NOT_MANAGED,
  source: { kind: 'linux-file', where: join(root, 'policy.json') },
  quality: { ...NOT_MANAGED.quality, checklistFile },
});

/** What is put where a file is expected, and the reason each is refused with. */
const HOSTILE: [string, () => string, string][] = [
  ['a FIFO', () => fifo, 'not_a_file'],
  ['a link to /dev/zero', () => zero, 'not_a_file'],
  ['a file past its limit', () => big, 'too_large'],
];

describe.runIf(POSIX)('files from outside', () => {
  it.each(HOSTILE)(
    'the checklist file as %s is refused at once; the shipped lists stay in use',
    async (_, file, problem) => {
      const harness = await startCoreHarness({ managed: managed(file()) });
      const stopWriter = writerLater(fifo);
      try {
        const { result, blockMs } = await longestBlock(() =>
          harness.call('mountingChecklist', { deviceType: 'Overhead 3D Sensor' }),
        );
        expect(result.source).toEqual({
          file: null,
          problem: {
            code: 'checklist_file_unreadable',
            params: { file: file(), at: '', problem },
          },
        });
        expect(result.checks.length).toBeGreaterThan(0);
        expect(blockMs).toBeLessThan(1_000);
      } finally {
        stopWriter();
        await harness.close();
        await rm(harness.dataDir, { recursive: true, force: true });
      }
    },
    30_000,
  );

  it.each(HOSTILE)(
    'the policy file as %s is a problem line at once, not a start that waits',
    async (_, file, problem) => {
      const { result, blockMs } = await longestBlock(() =>
        Promise.race([
          readManagedSettings({ platform: 'linux', bundleId: 'x', linuxFile: file() }),
          new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 5_000)),
        ]),
      );
      expect(result).not.toBe('waiting');
      if (result === 'waiting') return;
      expect(result.settings.source).toBeNull();
      expect(result.problems).toEqual([`${file()}: could not be read: file not used: ${problem}`]);
      expect(blockMs).toBeLessThan(1_000);
    },
    30_000,
  );

  it('reads a regular file up to its limit, and refuses one byte more', async () => {
    const exact = join(root, 'exact.json');
    await writeFile(exact, 'x'.repeat(MAX_POLICY_BYTES));
    expect((await readOutsideFile(exact, MAX_POLICY_BYTES)).length).toBe(MAX_POLICY_BYTES);
    await writeFile(exact, 'x'.repeat(MAX_POLICY_BYTES + 1));
    await expect(readOutsideFile(exact, MAX_POLICY_BYTES)).rejects.toMatchObject({
      problem: 'too_large',
    });
    await expect(readOutsideFile(join(root, 'missing.json'), 10)).rejects.toMatchObject({
      problem: 'ENOENT',
    });
  });
});
