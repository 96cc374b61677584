/**
 * What the Electron main process and the browser-mode bridge talk to: one `invoke` that
 * validates input against the contract and returns an envelope (never throws across the
 * boundary), and a push-event subscription.
 */
import type { Envelope, OperationName, OperationResult, PushEvent } from '../contract';

export interface Core {
  invoke<K extends OperationName>(name: K, input: unknown): Promise<Envelope<OperationResult<K>>>;
  onEvent(listener: (event: PushEvent) => void): () => void;
  close(): Promise<void>;
}

/** Logs go through this so every line is redacted in one place. */
export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/** Facilities the host (Electron main, browser-mode CLI, tests) injects into the core. */
export interface CoreOptions {
  /** Holds cache, outbox, activity and logs. */
  dataDir: string;
  /** Electron's net.fetch in the app (system proxy), Node's fetch elsewhere. */
  fetch: typeof globalThis.fetch;
  /** Where the API key lives; keytar-backed in production and tests. */
  credentials: CredentialStore;
  log: Logger;
}

/** The OS keychain seen through the smallest possible window (see core/credentials). */
export interface CredentialStore {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

export type CreateCore = (options: CoreOptions) => Promise<Core>;
