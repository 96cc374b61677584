/**
 * Training mode: the sandbox API in-process on a random loopback port, with its state kept
 * in the data dir so a practice session survives a restart. Imported lazily: the sandbox's
 * seed data is only built when someone starts training. Only the shipped part of the sandbox
 * (electron/sandbox/training-server.ts): the test kit — fault injection, /_sandbox control
 * routes, TLS — is never imported from here, so it stays out of the app bundle.
 */
import { join } from 'node:path';
import { ensurePrivateDir } from '../../common/private-dir';
import type { TrainingSandbox } from '../../sandbox/training-server';
import { AppError } from '../app-error';

/** The training sandbox as the core uses it: the sandbox's own calls, and the seeded key. */
export type TrainingServer = Pick<
  TrainingSandbox,
  'baseUrl' | 'walkThrough' | 'peopleCross' | 'close'
> & {
  /** The sandbox's seeded key: a throwaway credential, kept in memory only. */
  apiKey: string;
};

export async function startTrainingServer(dir: string): Promise<TrainingServer> {
  ensurePrivateDir(dir);
  const { startTrainingSandbox } = await import('../../sandbox/training-server');
  const sandbox = await startTrainingSandbox({ dataFile: join(dir, 'sandbox.json') });
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
