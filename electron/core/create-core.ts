/**
 * Builds the core: session, cache, outbox, activity log, connectivity monitor and the one
 * `invoke` that validates every input against the contract before a service function runs.
 * Hosts: Electron main (electron/main/app.ts) and browser mode (electron/web/cli.ts).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  operations,
  type Envelope,
  type OperationName,
  type OperationResult,
  type PushEvent,
  type SyncReport,
} from '../contract';
import { AppError } from './app-error';
import { materialize, stringifyEnvelope, type WithJsonText } from './json-text';
import type { Core, CreateCore } from './core';
import type { ServiceContext } from './service/context';
import { createHandlers } from './service/handlers';
import { replay } from './service/outbox-service';
import { SessionManager } from './service/session-manager';
import { createCache } from './store/cache';
import { settledUnder } from './store/atomic-json-file';
import { openActivityLog } from './store/activity-log';
import { createConnectivityMonitor } from './sync/connectivity';
import { validationError } from './validation-error';

export const createCore: CreateCore = async (options) => {
  await mkdir(options.dataDir, { recursive: true });
  const listeners = new Set<(event: PushEvent) => void>();
  const emit = (event: PushEvent) => {
    for (const listener of listeners) listener(event);
  };

  const activity = await openActivityLog(join(options.dataDir, 'activity.json'), options.log);
  const cache = createCache(join(options.dataDir, 'cache'), options.log);
  let online = true;
  let running: Promise<SyncReport> | null = null;

  const session: SessionManager = new SessionManager(options, cache, () => {
    const status = session.status(online);
    emit({ type: 'session', status });
    emit({ type: 'outbox', items: session.current()?.outbox.list() ?? [] });
  });

  const setOnline = (value: boolean) => {
    if (online === value) return;
    online = value;
    emit({ type: 'connectivity', online });
    emit({ type: 'session', status: session.status(online) });
  };

  const monitor = createConnectivityMonitor({
    // The cross-organization list is the cheapest call every key may make.
    probe: async () => {
      const scope = session.current();
      if (!scope) return true;
      try {
        await scope.api.listOrganizations();
        return true;
      } catch (error) {
        return !(
          error instanceof AppError && ['offline', 'dns', 'timeout', 'tls'].includes(error.kind)
        );
      }
    },
    onChange: (isOnline) => {
      setOnline(isOnline);
      if (isOnline) void ctx.sync().catch(() => undefined);
    },
  });

  const ctx: ServiceContext = {
    options,
    activity,
    emit,
    isOnline: () => online,
    reportOffline: () => {
      setOnline(false);
      monitor.reportOffline();
    },
    reportOnline: () => {
      setOnline(true);
      monitor.reportOnline();
    },
    current: () => session.current(),
    sync: () => {
      // One replay at a time; a second caller joins the first.
      running ??= replay(ctx).finally(() => (running = null));
      return running;
    },
  };

  const handlers = createHandlers(ctx, session);
  await session.restore().catch((error: unknown) => {
    options.log.warn('could not restore the last session', { kind: kindOf(error) });
  });

  /** Validates, runs, logs; the answer may still carry JSON text (json-text.ts). */
  async function run<K extends OperationName>(
    name: K,
    input: unknown,
  ): Promise<Envelope<WithJsonText<OperationResult<K>>>> {
    const schema: z.ZodType | undefined = Object.hasOwn(operations, name)
      ? operations[name]
      : undefined;
    if (!schema) return failure(new AppError(unknownOperation));
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      options.log.warn('operation input rejected', {
        operation: name,
        fields: Object.keys(validationError(parsed.error).fields ?? {}),
      });
      return failure(validationError(parsed.error));
    }
    const started = performance.now();
    // Inputs are never logged: signIn's carries the key.
    const done = (outcome: string) =>
      options.log.info('operation', {
        operation: name,
        outcome,
        ms: Math.round(performance.now() - started),
      });
    try {
      const handler = handlers[name] as (
        input: unknown,
      ) => Promise<WithJsonText<OperationResult<K>>>;
      const value = await handler(parsed.data);
      done('ok');
      return { ok: true, value };
    } catch (error) {
      if (error instanceof AppError) {
        done(error.kind);
        return failure(error);
      }
      options.log.error('operation failed unexpectedly', {
        operation: name,
        error: describe(error),
      });
      return failure(new AppError(internal));
    }
  }

  const core: Core = {
    async invoke<K extends OperationName>(
      name: K,
      input: unknown,
    ): Promise<Envelope<OperationResult<K>>> {
      const envelope = await run(name, input);
      return envelope.ok ? { ok: true, value: await materialize(envelope.value) } : envelope;
    },
    async invokeJson(name, input) {
      return stringifyEnvelope(await run(name, input));
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      monitor.stop();
      await running?.catch(() => undefined);
      await session.close();
      // Background refreshes may still be writing the cache; let them land before we go.
      await settledUnder(options.dataDir);
      listeners.clear();
    },
  };
  return core;
};

const failure = (error: AppError): { ok: false; error: ReturnType<AppError['toShape']> } => ({
  ok: false,
  error: error.toShape(),
});

const kindOf = (error: unknown) => (error instanceof AppError ? error.kind : 'internal');

/** Name and message only: a stack or a cause chain could carry request details. */
const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

const unknownOperation = {
  kind: 'validation' as const,
  message: 'The app asked for something it does not know.',
  nextStep: 'Restart the app. If it happens again, report it.',
};

const internal = {
  kind: 'internal' as const,
  message: 'Something went wrong inside the app.',
  nextStep: 'Try again. If it keeps happening, restart the app and report it.',
};
