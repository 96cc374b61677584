/** Placement photos are kept at the size a receipt needs: scaled down, never up. */
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_SIDE } from '../../../electron/shared/photo-limits';
import { photoSize } from '../../../renderer/src/lib/visit/photo-capture';

describe('photoSize', () => {
  it('scales a camera frame down to the longest side, keeping its shape', () => {
    expect(photoSize(1920, 1080, PHOTO_MAX_SIDE)).toEqual([1024, 576]);
    expect(photoSize(1080, 1920, 800)).toEqual([450, 800]);
    expect(photoSize(4000, 3000, 4096)).toEqual([4000, 3000]);
  });

  it('never scales a small frame up', () => {
    expect(photoSize(640, 480, PHOTO_MAX_SIDE)).toEqual([640, 480]);
  });
});
