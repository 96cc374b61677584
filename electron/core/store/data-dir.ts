/**
 * The data folder as the core opens it: its lock and app.db, and an earlier version's files
 * imported into it at start.
 */
import { describeError, type Logger } from '../../common/logger';
import { AppError } from '../app-error';
import type { CoreOptions } from '../core';
import type { RecordKey } from '../credentials/record-key';
import { scopeDir } from '../db/account-scope';
import { isStorageFailure, storageError } from '../db/storage-error';
import { openAccountStore } from './account-store';
import { openAppStore, type AppStore } from './app-store';
import { importLegacyFiles } from './legacy-import';

/**
 * The data dir and its lock, or why not in words: a read-only or full disk refuses the folder
 * (chmod/mkdir) or app.db, and the host shows this error's message instead of an OS error.
 */
export function openDataDir(dataDir: string, log: Logger): AppStore {
  try {
    return openAppStore(dataDir, log);
  } catch (error) {
    if (error instanceof AppError || !isStorageFailure(error)) throw error;
    log.error('the data folder could not be opened', { error: describeError(error) });
    throw storageError(error);
  }
}

/** An earlier version's files, imported once; they stay where they are when that fails. */
export async function importEarlierFiles(
  options: CoreOptions,
  app: AppStore,
  recordKey: () => Promise<RecordKey>,
) {
  try {
    return await importLegacyFiles({
      dataDir: options.dataDir,
      app,
      keyFor: (baseUrl) => options.credentials.get(baseUrl).catch(() => null),
      openScope: async (record) =>
        openAccountStore(scopeDir(options.dataDir, record), options.log, {
          recordKey: await recordKey(),
        }),
      log: options.log,
    });
  } catch (error) {
    // The import runs again at the next start.
    options.log.error("could not import the earlier version's files", { error: String(error) });
    return null;
  }
}
