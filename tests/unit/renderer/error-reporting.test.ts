import { describe, expect, it, vi } from 'vitest';
import { operations } from '../../../electron/shared';
import {
  errorEventReport,
  rejectionReport,
  startErrorReporting,
} from '../../../renderer/src/lib/transport/error-reporting';

describe('renderer error reports', () => {
  it('turns an error event into a report the contract accepts', () => {
    const error = new TypeError('x is undefined');
    const report = errorEventReport({
      message: 'Uncaught TypeError: x is undefined',
      filename: 'app://installer/assets/index.js',
      lineno: 10,
      colno: 5,
      error,
    });
    expect(report).toMatchObject({
      kind: 'error',
      source: 'app://installer/assets/index.js',
      line: 10,
      column: 5,
    });
    expect(report.stack).toContain('x is undefined');
    expect(operations.reportRendererError.input.safeParse(report).success).toBe(true);
  });

  it('describes rejections of any value, clipped to the contract’s limits', () => {
    expect(rejectionReport(new Error('boom'))).toMatchObject({
      kind: 'unhandledrejection',
      message: 'Error: boom',
    });
    expect(rejectionReport({ code: 7 }).message).toBe('{"code":7}');
    expect(rejectionReport(undefined).message).toBe('undefined');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(rejectionReport(cyclic).message).toBe('[object Object]');
    const long = rejectionReport('e'.repeat(10_000));
    expect(operations.reportRendererError.input.safeParse(long).success).toBe(true);
  });

  it('listens for both events and never throws when sending fails', async () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const target = {
      addEventListener: (name: string, l: (event: unknown) => void) => listeners.set(name, l),
    };
    const send = vi.fn((_report: unknown) => Promise.reject(new Error('offline')));
    startErrorReporting(target as never, send);
    listeners.get('error')?.({ message: 'oops' });
    listeners.get('unhandledrejection')?.({ reason: new Error('late') });
    await new Promise((r) => setTimeout(r, 0));
    expect(send.mock.calls.map(([r]) => (r as { kind: string }).kind)).toEqual([
      'error',
      'unhandledrejection',
    ]);
  });
});
