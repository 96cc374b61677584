/**
 * The one door every operation goes through: its input checked against the contract, the
 * managed policy applied, its handler run, and any failure turned into the contract's error
 * shape. Never throws, and answers before it logs: the operation's log line is written on the
 * next turn, so a search keystroke does not wait for a synchronous write to the log file.
 */
import type { z } from 'zod';
import {
  operations,
  type Envelope,
  type ManagedSettings,
  type OperationName,
  type OperationResult,
} from '../shared';
import { NOT_MANAGED } from '../common/managed/policy';
import { describeError, type Logger } from '../common/logger';
import { AppError } from './app-error';
import type { Core } from './core';
import { isDamage, isSqliteError, storageError } from './db/storage-error';
import type { Handlers } from './service/handlers';
import { enforceManagedBaseUrl } from './service/managed-lock';
import { validationError } from './validation-error';

export interface InvokeOptions {
  handlers: Handlers;
  log: Logger;
  managed?: ManagedSettings | undefined;
  /** A handler met SQLite damage: the cache is checked off the main thread. */
  damaged(): void;
}

export function createInvoke(options: InvokeOptions): Pick<Core, 'invoke' | 'invokeJson'> {
  const { handlers, log } = options;
  const managed = options.managed ?? NOT_MANAGED;

  async function run<K extends OperationName>(
    name: K,
    input: unknown,
  ): Promise<Envelope<OperationResult<K>>> {
    const schema: z.ZodType | undefined = Object.hasOwn(operations, name)
      ? operations[name].input
      : undefined;
    if (!schema) return failure(new AppError(unknownOperation));
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const refused = validationError(parsed.error, input);
      const fields = Object.keys(refused.fields ?? {});
      afterAnswer(() => log.warn('operation input rejected', { operation: name, fields }));
      return failure(refused);
    }
    const started = performance.now();
    // Inputs are never logged: signIn's carries the key.
    // A failure is logged by its code and parameters (the words are the catalog's).
    const done = (outcome: string, failed?: AppError) => {
      const ms = Math.round(performance.now() - started);
      afterAnswer(() =>
        log.info('operation', {
          operation: name,
          outcome,
          ...(failed ? { code: failed.code, params: failed.params } : {}),
          ms,
        }),
      );
    };
    try {
      // Before any handler runs, so no request reaches a server the policy does not allow.
      enforceManagedBaseUrl(managed, parsed.data);
      const handler = handlers[name] as (
        input: unknown,
      ) => Promise<OperationResult<K>> | OperationResult<K>;
      const value = await handler(parsed.data);
      done('ok');
      return { ok: true, value };
    } catch (error) {
      if (error instanceof AppError) {
        done(error.kind, error);
        return failure(error);
      }
      if (isSqliteError(error)) {
        // Damage met mid-work: the cache is checked off the main thread and rebuilt if so.
        if (isDamage(error)) options.damaged();
        done('storage');
        return failure(storageError(error));
      }
      log.error('operation failed unexpectedly', { operation: name, error: describeError(error) });
      return failure(new AppError(internal));
    }
  }

  return {
    invoke: (name, input) => run(name, input),
    async invokeJson(name, input) {
      const envelope = await run(name, input);
      try {
        return JSON.stringify(envelope);
      } catch (error) {
        // "Never throws" holds for any value too: one JSON cannot write (a BigInt, a cycle,
        // nesting past the stack) becomes an internal failure instead of a rejected call.
        log.error('operation answer could not be sent', {
          operation: name,
          error: describeError(error),
        });
        return JSON.stringify(failure(new AppError(internal)));
      }
    },
  };
}

/** On the next turn, once the answer is on its way: a log write never delays it. */
const afterAnswer = (write: () => void) => setImmediate(write);

const failure = (error: AppError): { ok: false; error: ReturnType<AppError['toShape']> } => ({
  ok: false,
  error: error.toShape(),
});

const unknownOperation = { kind: 'validation', code: 'unknown_operation' } as const;

const internal = { kind: 'internal', code: 'internal' } as const;
