/**
 * Starts the real core (real keychain, real fetch, real files) against a real sandbox, for
 * integration tests. Each harness gets a fresh data dir and its own keychain service name so
 * tests never see each other's keys.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { OperationName, OperationResult } from '../../electron/shared';
import type { Core, CoreOptions, CredentialStore } from '../../electron/core/core';
import type { Logger } from '../../electron/common/logger';
import { createCore } from '../../electron/core/create-core';
import { startTrainingLazily } from '../../electron/sandbox/training-lazy';
import { createKeychainCredentials } from '../../electron/core/credentials/keychain';
import { createFileLogger } from '../../electron/common/redacting-logger';

export interface CoreHarness {
  core: Core;
  dataDir: string;
  log: Logger;
  /** Invokes and unwraps; a failure envelope fails the test with its message. */
  call<K extends OperationName>(name: K, input?: unknown): Promise<OperationResult<K>>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Reuse a data dir (a restart); the caller then removes it. */
  dataDir?: string;
  /** Reuse a keychain service (a restart keeps the stored key). */
  keychainService?: string;
  /** The connectivity probe's pace (CoreOptions.probe). */
  probe?: { idleMs?: number; offlineMaxMs?: number };
  /** How long an action waits for its own send (CoreOptions.actionWaitMs). */
  actionWaitMs?: number;
  /** How long an accepted change may take to show (CoreOptions.acceptedPatienceMs). */
  acceptedPatienceMs?: number;
  /** The schedule's timers (CoreOptions.timers), e.g. a CompressedClock. */
  timers?: CoreOptions['timers'];
  /** Managed settings (CoreOptions.managed). */
  managed?: CoreOptions['managed'];
  /** The core's fetch (default: globalThis.fetch), e.g. one that counts the traffic. */
  fetch?: typeof globalThis.fetch;
  /** Runs around each read of the real keychain, e.g. to know when one is in flight or to
   * hold it back as a prompt to the user would. */
  aroundKeychainRead?: (read: () => Promise<string | null>) => Promise<string | null>;
}

/** The keychain store, with `around` run around each of its reads (when given). */
function aroundReads(
  keychain: CredentialStore,
  around: HarnessOptions['aroundKeychainRead'],
): CredentialStore {
  if (!around) return keychain;
  return {
    get: (account) => around(() => keychain.get(account)),
    set: (account, secret) => keychain.set(account, secret),
    delete: (account) => keychain.delete(account),
    accounts: () => keychain.accounts(),
  };
}

export async function startCoreHarness(
  options: HarnessOptions = {},
): Promise<CoreHarness & { keychainService: string }> {
  const { dataDir } = options;
  const keychainService = options.keychainService ?? `field-installer-test-${randomUUID()}`;
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'fi-core-')));
  const log = createFileLogger(join(dir, 'logs'));
  const core = await createCore({
    dataDir: dir,
    fetch: options.fetch ?? globalThis.fetch,
    credentials: aroundReads(
      createKeychainCredentials(keychainService),
      options.aroundKeychainRead,
    ),
    log,
    startTrainingSandbox: startTrainingLazily,
    ...(options.probe ? { probe: options.probe } : {}),
    ...(options.actionWaitMs === undefined ? {} : { actionWaitMs: options.actionWaitMs }),
    ...(options.acceptedPatienceMs === undefined
      ? {}
      : { acceptedPatienceMs: options.acceptedPatienceMs }),
    ...(options.timers ? { timers: options.timers } : {}),
    ...(options.managed ? { managed: options.managed } : {}),
  });
  return {
    core,
    keychainService,
    dataDir: dir,
    log,
    async call(name, input = {}) {
      const result = await core.invoke(name, input);
      if (!result.ok) throw new Error(`${name} failed: ${result.error.kind}: ${result.error.code}`);
      return result.value;
    },
    async close() {
      await core.close();
      log.close();
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}
