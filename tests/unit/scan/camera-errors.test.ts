import { describe, expect, it } from 'vitest';
import { describeCameraError } from '../../../renderer/src/lib/scan/camera-errors';

describe('camera error messages', () => {
  it.each([
    ['NotAllowedError', /blocked/, /Allow camera access/],
    ['SecurityError', /blocked/, /Allow camera access/],
    ['NotFoundError', /No camera/, /Connect a camera/],
    ['OverconstrainedError', /No camera/, /Connect a camera/],
    ['NotReadableError', /in use by another app/, /Close other apps/],
    ['AbortError', /in use by another app/, /Close other apps/],
  ])('%s gets its own message and next step', (name, message, nextStep) => {
    const problem = describeCameraError(new DOMException('raw browser text', name));
    expect(problem.message).toMatch(message);
    expect(problem.nextStep).toMatch(nextStep);
    expect(problem.message + problem.nextStep).not.toContain('raw browser text');
  });

  it('always offers the other ways to enter a serial', () => {
    for (const error of [
      new DOMException('x', 'NotAllowedError'),
      new Error('boom'),
      'text',
      null,
    ]) {
      expect(describeCameraError(error).nextStep).toMatch(/type the serial number/);
    }
  });

  it('falls back to a generic message for unknown failures', () => {
    expect(describeCameraError(new TypeError('x')).message).toBe('The camera could not start.');
  });
});
