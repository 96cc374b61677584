/** Shared by the contract (validation) and the renderer (which downsizes photos to fit). */

/** A placement photo's largest size: the browser-mode bridge takes bodies of up to 1 MB. */
export const MAX_PHOTO_BYTES = 600_000;

/**
 * A placement photo's longest side in pixels, as kept: enough for the receipt's pictures and a
 * printed page, small on disk. IT may set another (managed setting `PhotoMaxSide`) within the
 * bounds below.
 */
export const PHOTO_MAX_SIDE = 1024;
export const PHOTO_MAX_SIDE_MIN = 320;
export const PHOTO_MAX_SIDE_MAX = 4096;
/** Photos of one device in one visit: enough for any placement (and any policy's required
 * number), bounded for the disk. */
export const MAX_PHOTOS_PER_DEVICE = 10;
