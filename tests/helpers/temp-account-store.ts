/** A real account store (cache.db and work.db) in a fresh temp folder for each test of a file. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { Logger } from '../../electron/common/logger';
import { openAccountStore, type AccountStore } from '../../electron/core/store/account-store';
import { memoryRecordKey } from './record-key';

export const quietLog: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** The store of the running test (`current.store`), its integrity check settled; closed after. */
export function useTempAccountStore(prefix: string): { store: AccountStore; dir: string } {
  const current = {} as { store: AccountStore; dir: string };
  beforeEach(async () => {
    current.dir = await mkdtemp(join(tmpdir(), prefix));
    current.store = openAccountStore(join(current.dir, 'scope'), quietLog, {
      recordKey: memoryRecordKey(),
    });
    await current.store.checked;
  });
  afterEach(async () => {
    current.store.close();
    await rm(current.dir, { recursive: true, force: true });
  });
  return current;
}
