/** What every layer logs through (the core, main, browser mode); the host hands it one
 * (redacting-logger.ts), so every line is redacted in one place. */
export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}
