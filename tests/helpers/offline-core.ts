/**
 * A core on a fresh data dir with no network and a real file log (logs/main.log under `dir`),
 * for tests that read what the core logged. `close` stops the core and removes the folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileLogger } from '../../electron/common/redacting-logger';
import type { Core } from '../../electron/core/core';
import { createCore } from '../../electron/core/create-core';
import { createKeychainCredentials } from '../../electron/core/credentials/keychain';

export interface OfflineCore {
  core: Core;
  dir: string;
  close(): Promise<void>;
}

export async function startOfflineCore(name: string): Promise<OfflineCore> {
  const dir = await mkdtemp(join(tmpdir(), `fi-${name}-`));
  const log = createFileLogger(join(dir, 'logs'));
  const core = await createCore({
    dataDir: join(dir, 'data'),
    fetch: () => Promise.reject(new Error('no network')),
    credentials: createKeychainCredentials(`field-installer-test-${name}`),
    log,
  });
  return {
    core,
    dir,
    async close() {
      await core.close();
      log.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
