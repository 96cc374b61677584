/**
 * A photo's bytes are kept only as the picture they claim to be, within the size allowed, and
 * without location metadata: real Chromium encodings, and the same with an EXIF/GPS block as
 * a camera writes it.
 */
import { describe, expect, it } from 'vitest';
import { checkImage, type PhotoMime } from '../../../electron/core/service/photo-image';
import {
  JPEG_8x6,
  PNG_8x6,
  WEBP_8x6,
  jpegWithGps,
  pngWithGps,
  webpWithGps,
} from '../../helpers/photo-bytes';

const CASES: [PhotoMime, Buffer, Buffer][] = [
  ['image/jpeg', JPEG_8x6, jpegWithGps()],
  ['image/png', PNG_8x6, pngWithGps()],
  ['image/webp', WEBP_8x6, webpWithGps()],
];

/** Anything a location could be read from. */
const tells = (data: Buffer) => /Exif|GPS|52\.52|Location/.test(data.toString('latin1'));

describe('a photo as kept', () => {
  it.each(CASES)(
    '%s: its size read from its own header, kept as it is when clean',
    (mime, clean) => {
      const image = checkImage(clean, mime, 1024);
      expect(image).toMatchObject({ width: 8, height: 6 });
      expect('data' in image && image.data.equals(clean)).toBe(true);
    },
  );

  it.each(CASES)('%s: its EXIF, GPS and text metadata removed', (mime, clean, tagged) => {
    expect(tells(tagged)).toBe(true);
    const image = checkImage(tagged, mime, 1024);
    if (!('data' in image)) throw new Error(`refused: ${image.refused}`);
    expect(tells(image.data)).toBe(false);
    expect(image.data.equals(clean)).toBe(true);
  });

  it('refuses bytes that are not the type they claim, or are cut short', () => {
    expect(checkImage(PNG_8x6, 'image/jpeg', 1024)).toEqual({ refused: 'photo_not_a_photo' });
    expect(checkImage(JPEG_8x6, 'image/webp', 1024)).toEqual({ refused: 'photo_not_a_photo' });
    expect(checkImage(Buffer.from('<svg/>'), 'image/png', 1024)).toEqual({
      refused: 'photo_not_a_photo',
    });
    for (const [mime, clean] of CASES) {
      expect(checkImage(clean.subarray(0, clean.length - 9), mime, 1024)).toEqual({
        refused: 'photo_not_a_photo',
      });
    }
  });

  it.each(CASES)('%s: refuses one wider or taller than allowed', (mime, clean) => {
    expect(checkImage(clean, mime, 7)).toEqual({ refused: 'photo_too_wide' });
    expect(checkImage(clean, mime, 8)).toMatchObject({ width: 8 });
  });
});
