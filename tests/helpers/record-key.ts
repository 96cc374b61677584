/**
 * A record key held in memory, for tests that open an account store directly and are not about
 * the record's keying (those run the real core on the real keychain: credentials/record-key.ts).
 */
import { randomBytes } from 'node:crypto';
import type { RecordKey } from '../../electron/core/credentials/record-key';

export const memoryRecordKey = (): RecordKey => {
  const sealed = new Set<string>();
  return {
    secret: randomBytes(32),
    sealed: (scope) => sealed.has(scope),
    markSealed: (scope) => {
      sealed.add(scope);
      return Promise.resolve();
    },
  };
};
