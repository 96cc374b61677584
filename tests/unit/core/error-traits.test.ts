import { describe, expect, it } from 'vitest';
import type { ErrorKind } from '../../../electron/shared';
import { ERROR_TRAITS, traitsOf } from '../../../electron/shared/error-traits';

describe('error traits', () => {
  it('keep an action queued only when the trouble passes by itself', () => {
    const waiting = (Object.keys(ERROR_TRAITS) as ErrorKind[]).filter(
      (k) => traitsOf(k).waitsInQueue,
    );
    expect(waiting.sort()).toEqual(
      ['bad_response', 'dns', 'offline', 'proxy', 'rate_limited', 'server', 'timeout'].sort(),
    );
  });

  it('retry GETs only for passing network and server trouble', () => {
    const retryable = (Object.keys(ERROR_TRAITS) as ErrorKind[]).filter(
      (k) => traitsOf(k).retryable,
    );
    expect(retryable.sort()).toEqual(['dns', 'offline', 'rate_limited', 'server', 'timeout']);
  });
});
