/**
 * Every read and write of work.db's rows goes through this guard, so a read that fails with
 * damage (SQLITE_CORRUPT, SQLITE_NOTADB: "database disk image is malformed") is never taken
 * for an empty queue, log or photo list anywhere in the core: the owner moves the file aside
 * and says so (account-store.ts). The guard always calls the rows of the database open now,
 * so code that kept a reference (a replay in progress) reaches the new file after a swap.
 */
import { isDamage } from '../db/storage-error';

/** `current()`'s functions (and nested objects' functions), each reporting damage it meets. */
export function guardRows<T extends object>(
  current: () => T,
  onDamage: (error: unknown) => never,
): T {
  return new Proxy(current(), {
    get(_target, property) {
      const value: unknown = Reflect.get(current(), property);
      if (typeof value === 'function') {
        return (...args: unknown[]): unknown => {
          try {
            return (value as (...a: unknown[]) => unknown).apply(current(), args);
          } catch (error) {
            if (isDamage(error)) onDamage(error);
            throw error;
          }
        };
      }
      // Bytes (the record's secret) are data, not rows: handed over as they are.
      if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
        return guardRows(() => Reflect.get(current(), property) as object, onDamage);
      }
      return value;
    },
  }) as T;
}
