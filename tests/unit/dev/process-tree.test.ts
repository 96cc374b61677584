import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { stopProcessTree, taskkillCommand, treeSpawnOptions } from '../../helpers/process-tree';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A node child that starts a grandchild and prints the grandchild's pid. */
const startParentOfOne = async (ignoreTerm: boolean) => {
  const trap = ignoreTerm ? "process.on('SIGTERM', () => {});" : '';
  const grandchild = `${trap} setInterval(() => {}, 1000);`;
  const parent = `${trap}
    const { spawn } = require('node:child_process');
    const g = spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: 'ignore' });
    console.log(g.pid);
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', parent], {
    ...treeSpawnOptions(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout }).once('line', resolve),
  );
  return { child, grandchild: Number(line) };
};

describe.skipIf(process.platform === 'win32')('stopping a process tree on POSIX (for real)', () => {
  it('ends the child and the grandchild it started', async () => {
    const { child, grandchild } = await startParentOfOne(false);
    expect(alive(grandchild)).toBe(true);
    await stopProcessTree(child);
    expect(alive(child.pid!)).toBe(false);
    expect(alive(grandchild)).toBe(false);
  });

  it('a tree that ignores SIGTERM is killed after the grace period', async () => {
    const { child, grandchild } = await startParentOfOne(true);
    await stopProcessTree(child, { graceMs: 300 });
    expect(child.signalCode).toBe('SIGKILL');
    expect(alive(grandchild)).toBe(false);
  });

  it('a child that is already gone is fine', async () => {
    const child = spawn(process.execPath, ['-e', ''], treeSpawnOptions());
    await new Promise((resolve) => child.once('exit', resolve));
    await expect(stopProcessTree(child)).resolves.toBeUndefined();
  });

  it('a failure other than "no such process" is thrown, not taken as already gone', async () => {
    const child = { pid: 4242, exitCode: null, signalCode: null, once: () => child };
    const denied = Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
    await expect(
      stopProcessTree(child as unknown as ChildProcess, {
        platform: 'linux',
        kill: () => {
          throw denied;
        },
      }),
    ).rejects.toBe(denied);
  });
});

describe('stopping a process tree on Windows, with a mocked spawn (taskkill cannot run here)', () => {
  /** A fake taskkill that exits with `code` and writes `stderr`. */
  const fakeTaskkill = (code: number, stderr = '') => {
    const calls: { file: string; args: string[] }[] = [];
    const spawnFake = (file: string, args: string[]) => {
      calls.push({ file, args });
      const proc = Object.assign(new EventEmitter(), { stderr: new PassThrough() });
      setImmediate(() => {
        proc.stderr.end(stderr);
        proc.emit('exit', code);
      });
      return proc as unknown as ChildProcess;
    };
    return { calls, spawnFake };
  };
  const child = () => {
    const emitter = Object.assign(new EventEmitter(), {
      pid: 4242,
      exitCode: null as number | null,
      signalCode: null,
    });
    return emitter as unknown as ChildProcess & EventEmitter;
  };
  const env = { SystemRoot: 'C:\\Windows' };

  it('runs %SystemRoot%\\System32\\taskkill.exe /pid N /T /F and waits for the child', async () => {
    const { calls, spawnFake } = fakeTaskkill(0);
    const target = child();
    let done = false;
    const stopping = stopProcessTree(target, { platform: 'win32', spawn: spawnFake, env }).then(
      () => (done = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false); // not before the child has exited
    target.emit('exit', 1);
    await stopping;
    expect(calls).toEqual([
      { file: 'C:\\Windows\\System32\\taskkill.exe', args: ['/pid', '4242', '/T', '/F'] },
    ]);
    expect(taskkillCommand(7, {}).file).toBe('C:\\Windows\\System32\\taskkill.exe');
  });

  it('"not found" (exit 128) means already gone', async () => {
    const { spawnFake } = fakeTaskkill(128, 'ERROR: The process "4242" not found.');
    await expect(
      stopProcessTree(child(), { platform: 'win32', spawn: spawnFake, env }),
    ).resolves.toBeUndefined();
  });

  it('any other failure is thrown with what taskkill said', async () => {
    const { spawnFake } = fakeTaskkill(1, 'ERROR: Access is denied.');
    await expect(
      stopProcessTree(child(), { platform: 'win32', spawn: spawnFake, env }),
    ).rejects.toThrow(/exited with 1: ERROR: Access is denied/);
  });

  it('is not started detached on Windows (that would open a console window)', () => {
    expect(treeSpawnOptions('win32')).toEqual({ detached: false, windowsHide: true });
    expect(treeSpawnOptions('darwin').detached).toBe(true);
  });
});
