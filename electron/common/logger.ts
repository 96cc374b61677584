/** What every layer logs through (the core, main, browser mode); the host hands it one
 * (redacting-logger.ts), so every line is redacted in one place. */
export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/** An error as a log line may carry it: name and message only (a stack or a cause chain could
 * carry request details). */
export const describeError = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);
