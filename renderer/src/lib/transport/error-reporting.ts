/**
 * Uncaught errors and unhandled rejections in the page reach the app's log through the
 * contract's `reportRendererError` (the core redacts and rate-limits). A report that cannot be
 * sent is dropped silently: reporting must never cause another error to report.
 */
import type { OperationInput } from '$shared';

type Report = OperationInput<'reportRendererError'>;

const clip = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);

const describeReason = (reason: unknown): { message: string; stack?: string } => {
  if (reason instanceof Error) {
    return {
      message: clip(`${reason.name}: ${reason.message}`, 2000),
      ...(reason.stack ? { stack: clip(reason.stack, 4000) } : {}),
    };
  }
  let message: string;
  try {
    message = typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason));
  } catch {
    message = String(reason);
  }
  return { message: clip(message, 2000) };
};

export const errorEventReport = (event: {
  message: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  error?: unknown;
}): Report => {
  const reason = event.error === undefined ? null : describeReason(event.error);
  return {
    kind: 'error',
    message: clip(event.message || reason?.message || 'Unknown error', 2000),
    ...(event.filename ? { source: clip(event.filename, 500) } : {}),
    ...(event.lineno ? { line: event.lineno } : {}),
    ...(event.colno ? { column: event.colno } : {}),
    ...(reason?.stack ? { stack: reason.stack } : {}),
  };
};

export const rejectionReport = (reason: unknown): Report => ({
  kind: 'unhandledrejection',
  ...describeReason(reason),
});

export const startErrorReporting = (
  target: Pick<Window, 'addEventListener'>,
  send: (report: Report) => Promise<unknown>,
): void => {
  const report = (value: Report) => void send(value).catch(() => undefined);
  target.addEventListener('error', (event) => report(errorEventReport(event)));
  target.addEventListener('unhandledrejection', (event) => report(rejectionReport(event.reason)));
};
