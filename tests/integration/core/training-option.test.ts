/**
 * Training reaches the core as an option: the core starts the sandbox its entry point passed
 * (`CoreOptions.startTrainingSandbox`; here the real one, electron/sandbox's, watched), with
 * its practice state in the data dir, and signs in with its seeded key; a core given none
 * says training could not start. Real core, real sandbox over loopback HTTP, real keychain.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../electron/common/logger';
import type { StartTrainingSandbox } from '../../../electron/core/service/training';
import { createCore } from '../../../electron/core/create-core';
import { createKeychainCredentials } from '../../../electron/core/credentials/keychain';
import { startTrainingLazily } from '../../../electron/sandbox/training-lazy';

const log: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'fi-training-option-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

const coreWith = (startTrainingSandbox?: StartTrainingSandbox) =>
  createCore({
    dataDir: dir,
    fetch: globalThis.fetch,
    credentials: createKeychainCredentials(`field-installer-test-${randomUUID()}`),
    log,
    ...(startTrainingSandbox ? { startTrainingSandbox } : {}),
  });

describe('training mode as an option of the core', () => {
  it('starts the sandbox it was given, its state in the data dir, and signs in to it', async () => {
    const asked: string[] = [];
    const core = await coreWith((options) => {
      asked.push(options.dataFile);
      return startTrainingLazily(options);
    });
    try {
      expect(await core.invoke('startTraining', {})).toMatchObject({ ok: true });
      expect(asked).toEqual([join(dir, 'training', 'sandbox.json')]);
      const session = await core.invoke('sessionStatus', {});
      expect(session).toMatchObject({ ok: true, value: { training: true } });
      expect(await core.invoke('listLocations', {})).toMatchObject({ ok: true });
    } finally {
      await core.close();
    }
  });

  it('cannot start training without one', async () => {
    const core = await coreWith();
    try {
      expect(await core.invoke('startTraining', {})).toMatchObject({
        ok: false,
        error: { kind: 'internal', code: 'training_failed' },
      });
    } finally {
      await core.close();
    }
  });
});
