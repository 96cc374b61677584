/**
 * What the Electron main process and the browser-mode bridge talk to: `invokeJson`, which
 * validates input against the contract and answers with the envelope as JSON text (never
 * throws across the boundary), and a push-event subscription. `invoke` is the same answer as
 * objects, for Node callers (tests, benchmarks).
 */
import type { Timers } from './sync/connectivity';
import type { StartTrainingSandbox } from './service/training';
import type {
  Envelope,
  ManagedSettings,
  OperationName,
  OperationResult,
  PushEvent,
} from '../shared';
import type { Logger } from '../common/logger';

export interface Core {
  invoke<K extends OperationName>(name: K, input: unknown): Promise<Envelope<OperationResult<K>>>;
  /**
   * The envelope as JSON text. Both transports carry text anyway (HTTP for the bridge; a
   * string crosses Electron's IPC and context bridge without a deep copy).
   */
  invokeJson(name: OperationName, input: unknown): Promise<string>;
  onEvent(listener: (event: PushEvent) => void): () => void;
  close(): Promise<void>;
}

/** Facilities the host (Electron main, browser-mode CLI, tests) injects into the core. */
export interface CoreOptions {
  /** Holds the databases (app.db, accounts/<scope>/cache.db + work.db) and logs. */
  dataDir: string;
  /** Electron's net.fetch in the app (system proxy), Node's fetch elsewhere. */
  fetch: typeof globalThis.fetch;
  /** Where the API key lives; keytar-backed in production and tests. */
  credentials: CredentialStore;
  log: Logger;
  /** Settings the IT department manages (electron/common/managed); none when absent. */
  managed?: ManagedSettings;
  /** Electron main: restart into a downloaded update; false when none is ready. */
  installUpdate?: () => boolean;
  /** The OS's preferred languages (Electron: app.getPreferredSystemLanguages); absent: []. */
  systemLanguages?: () => readonly string[];
  /**
   * Starts training mode's sandbox: the entry points pass electron/sandbox's
   * `startTrainingLazily`, so the core imports no sandbox code. Absent: training cannot start.
   */
  startTrainingSandbox?: StartTrainingSandbox;
  /** The connectivity probe's pace (defaults in create-core.ts); tests shorten it. */
  probe?: { idleMs?: number; offlineMaxMs?: number };
  /** How long an action waits for its own send before answering "queued" (send-within.ts). */
  actionWaitMs?: number;
  /**
   * How long a change the server accepted for later may take to show before it becomes a
   * conflict for the technician (sync/replay.ts ACCEPTED_PATIENCE_MS); tests shorten it.
   */
  acceptedPatienceMs?: number;
  /**
   * The schedule's timers (the sync engine's runs, the connectivity probe): a test or the
   * bench passes a clock of its own to compress hours. Real timers when absent.
   */
  timers?: Timers;
}

/** The OS keychain seen through the smallest possible window (see core/credentials). */
export interface CredentialStore {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
  /**
   * Every account under the service, whichever data folder stored it (tests read it). The core
   * deletes only the accounts its own folder recorded (credentials/owned-keys.ts).
   */
  accounts(): Promise<string[]>;
}

export type CreateCore = (options: CoreOptions) => Promise<Core>;
