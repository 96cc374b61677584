/**
 * What a placement photo's bytes must be before they are kept (decision record 68): the image
 * type they claim (JPEG, PNG or WebP, by their own structure, not the data: URL's word for
 * it), no wider or taller than the photo size IT allows, and with no metadata that could carry
 * where or when it was taken (EXIF and its GPS block, XMP, comments, text chunks), which is
 * removed. Written here rather than taken from an image library: the three containers are
 * walked by their chunk or segment lengths in a few lines each, whereas decoding pixels in the
 * core (sharp's native libvips, or a JavaScript decoder) would cost megabytes and put a
 * decoder of untrusted input in the process that holds the record's secret.
 */

export type ImageRefusal = 'photo_not_a_photo' | 'photo_too_wide';

export interface CheckedImage {
  width: number;
  height: number;
  /** The bytes as kept: the same picture without its metadata. */
  data: Buffer;
}

class Refused extends Error {
  constructor(readonly code: ImageRefusal) {
    super(code);
  }
}

const need = (ok: boolean): void => {
  if (!ok) throw new Refused('photo_not_a_photo');
};

/** JPEG: markers up to the scan; APPn other than JFIF (APP0), the colour profile (APP2) and
 * Adobe's colour transform (APP14) dropped, and comments (COM). */
function jpeg(data: Buffer): CheckedImage {
  need(data.length > 4 && data[0] === 0xff && data[1] === 0xd8);
  const kept: Buffer[] = [data.subarray(0, 2)];
  let at = 2;
  let size: { width: number; height: number } | null = null;
  for (;;) {
    need(at + 4 <= data.length && data[at] === 0xff);
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    need(length >= 2 && at + 2 + length <= data.length);
    const segment = data.subarray(at, at + 2 + length);
    const isSof = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isSof) {
      need(length >= 7);
      size = { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    const app = marker >= 0xe0 && marker <= 0xef;
    const label = data.subarray(at + 4, at + 4 + 12).toString('latin1');
    const keep =
      (!app && marker !== 0xfe) ||
      (marker === 0xe0 && label.startsWith('JFIF\0')) ||
      (marker === 0xe2 && label === 'ICC_PROFILE\0') ||
      (marker === 0xee && label.startsWith('Adobe'));
    if (marker === 0xda) {
      // Start of scan: the entropy-coded data and the rest of the file as they are.
      need(size !== null && data.subarray(-2).equals(Buffer.from([0xff, 0xd9])));
      kept.push(data.subarray(at));
      break;
    }
    if (keep) kept.push(segment);
    at += 2 + length;
  }
  return { ...size!, data: Buffer.concat(kept) };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Chunks that draw the picture; every other ancillary chunk (eXIf, tEXt, iTXt, zTXt, tIME…) goes. */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'pHYs',
  'bKGD',
]);

function png(data: Buffer): CheckedImage {
  need(data.length > 33 && data.subarray(0, 8).equals(PNG_SIGNATURE));
  need(data.subarray(12, 16).toString('latin1') === 'IHDR');
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  let ended = false;
  while (at < data.length) {
    need(at + 12 <= data.length);
    const length = data.readUInt32BE(at);
    need(at + 12 + length <= data.length);
    const type = data.subarray(at + 4, at + 8).toString('latin1');
    if (PNG_KEPT.has(type)) kept.push(data.subarray(at, at + 12 + length));
    at += 12 + length;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  need(ended);
  return { width, height, data: Buffer.concat(kept) };
}

/** WebP: RIFF chunks; EXIF and XMP dropped and the extended header's flags for them cleared. */
function webp(data: Buffer): CheckedImage {
  need(
    data.length > 30 &&
      data.subarray(0, 4).toString('latin1') === 'RIFF' &&
      data.subarray(8, 12).toString('latin1') === 'WEBP',
  );
  const kept: Buffer[] = [];
  let size: { width: number; height: number } | null = null;
  let at = 12;
  while (at < data.length) {
    need(at + 8 <= data.length);
    const type = data.subarray(at, at + 4).toString('latin1');
    const length = data.readUInt32LE(at + 4);
    const whole = 8 + length + (length % 2);
    need(at + 8 + length <= data.length);
    const chunk = Buffer.from(data.subarray(at, Math.min(at + whole, data.length)));
    if (type === 'VP8X') {
      need(length >= 10);
      chunk[8] = chunk[8]! & ~(0x08 | 0x04); // EXIF and XMP flags
      size = { width: chunk.readUIntLE(12, 3) + 1, height: chunk.readUIntLE(15, 3) + 1 };
    } else if (type === 'VP8 ' && size === null) {
      need(length >= 10 && chunk[11] === 0x9d && chunk[12] === 0x01 && chunk[13] === 0x2a);
      size = { width: chunk.readUInt16LE(14) & 0x3fff, height: chunk.readUInt16LE(16) & 0x3fff };
    } else if (type === 'VP8L' && size === null) {
      need(length >= 5 && chunk[8] === 0x2f);
      const bits = chunk.readUInt32LE(9);
      size = { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (type !== 'EXIF' && type !== 'XMP ') kept.push(chunk);
    at += whole;
  }
  need(size !== null);
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return { ...size!, data: Buffer.concat([header, body]) };
}

const READERS = { 'image/jpeg': jpeg, 'image/png': png, 'image/webp': webp } as const;
export type PhotoMime = keyof typeof READERS;

/** The picture as kept, or why not: not the type it claims, or larger than `maxSide`. */
export function checkImage(
  data: Buffer,
  mime: PhotoMime,
  maxSide: number,
): CheckedImage | { refused: ImageRefusal } {
  try {
    const image = READERS[mime](data);
    if (image.width < 1 || image.height < 1) return { refused: 'photo_not_a_photo' };
    if (image.width > maxSide || image.height > maxSide) return { refused: 'photo_too_wide' };
    return image;
  } catch (error) {
    if (error instanceof Refused) return { refused: error.code };
    // A length that runs past the end, a read out of range: not the image it claims to be.
    if (error instanceof RangeError) return { refused: 'photo_not_a_photo' };
    throw error;
  }
}
