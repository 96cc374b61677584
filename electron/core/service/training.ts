/**
 * Training mode: a sandbox API on a random loopback port, with its state kept in the data dir
 * so a practice session survives a restart. The core imports no sandbox code (a
 * dependency-cruiser rule holds it): the entry points — Electron main, browser mode's cli,
 * the test harness — pass `CoreOptions.startTrainingSandbox`, electron/sandbox's
 * `startTrainingLazily`, which loads the sandbox and its seed data only when someone starts
 * training, and never its test kit (fault injection, /_sandbox control routes, TLS).
 */
import { join } from 'node:path';
import { ensurePrivateDir } from '../../common/private-dir';
import { AppError } from '../app-error';

/** What the core uses of the training sandbox (electron/sandbox/training-server.ts serves it). */
export interface TrainingSandbox {
  /** e.g. 'http://127.0.0.1:PORT/v1' */
  baseUrl: string;
  /** The seeded users: the first one's key signs training in. */
  users: readonly { api_key: string }[];
  /**
   * `count` people walk past a device of `organizationId`, counted in its foot traffic from
   * now; false when the organization has no such device.
   */
  walkThrough(organizationId: string, serial: string, count: number): boolean;
  /**
   * People cross a device's line (an accuracy audit's practice); it counts a few of them short.
   * Null when the organization has no such device.
   */
  peopleCross(
    organizationId: string,
    serial: string,
    people: { in: number; out: number },
  ): { in: number; out: number } | null;
  close(): Promise<void>;
}

/** Starts the training sandbox with its practice state in `dataFile`. */
export type StartTrainingSandbox = (options: { dataFile: string }) => Promise<TrainingSandbox>;

/** The training sandbox as the core uses it: the sandbox's own calls, and the seeded key. */
export type TrainingServer = Pick<
  TrainingSandbox,
  'baseUrl' | 'walkThrough' | 'peopleCross' | 'close'
> & {
  /** The sandbox's seeded key: a throwaway credential, kept in memory only. */
  apiKey: string;
};

export async function startTrainingServer(
  dir: string,
  start: StartTrainingSandbox | undefined,
): Promise<TrainingServer> {
  // A core built without it (a test's offline core) says so as a sandbox that would not start.
  if (!start) throw new AppError({ kind: 'internal', code: 'training_failed' });
  ensurePrivateDir(dir);
  const sandbox = await start({ dataFile: join(dir, 'sandbox.json') });
  const user = sandbox.users[0];
  if (!user) {
    await sandbox.close();
    throw new AppError({
      kind: 'internal',
      code: 'training_failed',
    });
  }
  return {
    baseUrl: sandbox.baseUrl,
    apiKey: user.api_key,
    walkThrough: sandbox.walkThrough.bind(sandbox),
    peopleCross: sandbox.peopleCross.bind(sandbox),
    close: sandbox.close.bind(sandbox),
  };
}
