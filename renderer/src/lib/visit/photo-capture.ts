/**
 * A frame of the camera as a photo of the size a receipt needs (and small enough to cross the
 * browser-mode bridge): at most `maxSide` px on its long side (PHOTO_MAX_SIDE, or what IT set:
 * managed setting PhotoMaxSide), JPEG, with the quality lowered until it fits.
 */
import { MAX_PHOTO_BYTES, PHOTO_MAX_SIDE } from '$shared/photo-limits';

/** Base64 length of `bytes` bytes. */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/** A frame's size scaled down (never up) to `maxSide` on its longest side. */
export const photoSize = (width: number, height: number, maxSide: number): [number, number] => {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
};

export function captureFrame(
  video: HTMLVideoElement,
  maxSide: number = PHOTO_MAX_SIDE,
): string | null {
  const { videoWidth: w, videoHeight: h } = video;
  if (w === 0 || h === 0) return null;
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = photoSize(w, h, maxSide);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const limit = base64Length(MAX_PHOTO_BYTES) + 'data:image/jpeg;base64,'.length;
  for (const quality of [0.85, 0.7, 0.55, 0.4, 0.25]) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (url.length <= limit) return url;
  }
  return null;
}
