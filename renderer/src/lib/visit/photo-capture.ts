/**
 * A frame of the camera as a photo small enough to keep (and to cross the browser-mode bridge):
 * at most 1280 px on its long side, JPEG, with the quality lowered until it fits.
 */
import { MAX_PHOTO_BYTES } from '../../../../electron/shared/photo-limits';

const LONG_SIDE = 1280;

/** Base64 length of `bytes` bytes. */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

export function captureFrame(video: HTMLVideoElement): string | null {
  const { videoWidth: w, videoHeight: h } = video;
  if (w === 0 || h === 0) return null;
  const scale = Math.min(1, LONG_SIDE / Math.max(w, h));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
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
