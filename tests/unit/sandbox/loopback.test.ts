import { describe, expect, test } from 'vitest';
import { isLoopback } from '../../../electron/sandbox/test-kit/kit';

describe('sandbox control routes: loopback check', () => {
  test.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('%s is loopback', (a) =>
    expect(isLoopback(a)).toBe(true),
  );
  test.each(['10.0.0.5', '192.168.1.10', '::ffff:10.0.0.1', 'fe80::1', '128.0.0.1', undefined])(
    '%s is not',
    (a) => expect(isLoopback(a)).toBe(false),
  );
});
