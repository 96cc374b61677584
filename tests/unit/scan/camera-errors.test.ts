import { describe, expect, it } from 'vitest';
import {
  describeCameraError,
  describePhotoCameraError,
} from '../../../renderer/src/lib/scan/camera-errors';

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

describe('camera error messages for a placement photo', () => {
  // The photo panel said the scanner's next steps: "press Try again" (it has no such button)
  // "or use the handheld scanner or type the serial number" (no serial to enter for a photo).
  it.each([
    ['NotAllowedError', /Allow camera access/],
    ['NotFoundError', /Connect a camera/],
    ['NotReadableError', /Close other apps/],
    ['CameraUnsupported', /Restart/],
    ['SomethingElse', /./],
  ])('%s says what to do, then to press Add photo again', (name, step) => {
    const problem = describePhotoCameraError(new DOMException('raw browser text', name));
    expect(problem.message).toBe(
      describeCameraError(new DOMException('raw browser text', name)).message,
    );
    expect(problem.nextStep).toMatch(step);
    expect(problem.nextStep).toContain('Add photo');
    expect(problem.nextStep).not.toMatch(/serial|scanner|Try again/);
  });
});
