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
