/**
 * What a page asks of the core and what it logs, watched from Playwright: every operation sent
 * on the bridge's socket (`/api/socket`, one frame per request) with its time, and every
 * console error and uncaught exception. A renderer error the page reports to the core is an
 * operation too (`reportRendererError`), so it is counted with the errors.
 */
import type { Page } from '@playwright/test';

export interface BridgeWatch {
  /** Operation names sent since `from` (ms since the epoch; default: since watching began). */
  ops(from?: number): string[];
  /** Console errors, uncaught exceptions and reported renderer errors so far. */
  errors(): string[];
  /** How many operation sockets closed so far: the bridge closes one that floods it (more
   * than 64 requests in flight), and every call on it then says "not answering". */
  socketsClosed(): number;
}

export function watchBridge(page: Page): BridgeWatch {
  const sent: { at: number; op: string }[] = [];
  const errors: string[] = [];
  let closed = 0;
  page.on('websocket', (socket) => {
    socket.on('close', () => (closed += 1));
    socket.on('framesent', ({ payload }) => {
      try {
        const { op } = JSON.parse(String(payload)) as { op?: string };
        if (typeof op !== 'string') return;
        sent.push({ at: Date.now(), op });
        if (op === 'reportRendererError') errors.push(`reported: ${String(payload).slice(0, 300)}`);
      } catch {
        // not a request
      }
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return {
    ops: (from = 0) => sent.filter((s) => s.at >= from).map((s) => s.op),
    errors: () => [...errors],
    socketsClosed: () => closed,
  };
}

/** "getAudit ×3, readVerification ×20": what a list of operations holds, for a message. */
export const countedOps = (ops: readonly string[]): string =>
  Object.entries(
    ops.reduce<Record<string, number>>((n, op) => ({ ...n, [op]: (n[op] ?? 0) + 1 }), {}),
  )
    .map(([op, n]) => `${op} ×${n}`)
    .join(', ');

/**
 * A screen with nothing left to do is watched for "fewer than 10 requests a minute" over 20 s,
 * as at most 3 (10 × 20/60, rounded down), so that a test waits 20 s instead of a minute. The
 * storms these watches were written for sent some 2,000 requests a second: any window of
 * seconds catches them. Measured on this machine: 0 operations in such a minute.
 */
export const QUIET_WINDOW = { ms: 20_000, atMost: 3 } as const;
