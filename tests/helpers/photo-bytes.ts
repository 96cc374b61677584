/**
 * Real pictures for photo tests: an 8×6 canvas encoded by Chromium (the renderer's own
 * encoder), and the same with location metadata put in as a camera or a phone writes it (an
 * EXIF block with a GPS directory: JPEG APP1, PNG eXIf, WebP EXIF chunk).
 */
import { crc32 } from 'node:zlib';

export const JPEG_8x6 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAcEAACAgIDAAAAAAAAAAAAAAABAgADERIhMYH/xAAVAQEBAAAAAAAAAAAAAAAAAAAFB//EABsRAAICAwEAAAAAAAAAAAAAAAECEbEAITFB/9oADAMBAAIRAxEAPwCSCuLmY2ZrI4TXr2IiCO5eJ81oAVfT7lVVAkxZN1zP/9k=',
  'base64',
);

export const PNG_8x6 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAYAAAD+Bd/7AAAAN0lEQVR4AYSLwQ0AIAwCSVfqUJ3JndxJX+L5sU1IChwxM9dPoeYMlIaOuDHAkL+Buy/2MvCkMBsAAP//KHJvBwAAAAZJREFUAwBwiheVtBm2+QAAAABJRU5ErkJggg==',
  'base64',
);

export const WEBP_8x6 = Buffer.from(
  'UklGRj4CAABXRUJQVlA4WAoAAAAgAAAABwAABQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggUAAAANABAJ0BKggABgABQCYlsAJ0ugB+AAOwAP7vNdFF0p/tWPIsLDpmGojjex+8M9nn9f7Ofxn/PW6KQ//ZZ/4Ds7P9IDOP67//7Bx/2Dj90wAA',
  'base64',
);

/** A TIFF-structured EXIF block with a GPS IFD pointer and a latitude, as cameras write. */
const EXIF_WITH_GPS = Buffer.concat([
  Buffer.from('Exif\0\0', 'latin1'),
  Buffer.from('MM\0\x2a\0\0\0\x08', 'latin1'),
  // IFD0: one entry, GPSInfo (0x8825) → offset 26.
  Buffer.from([0, 1, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 26, 0, 0, 0, 0]),
  // GPS IFD: GPSLatitudeRef "N".
  Buffer.from([0, 1, 0, 1, 0, 2, 0, 0, 0, 2, 0x4e, 0, 0, 0, 0, 0, 0, 0]),
  Buffer.from('GPS 52.5200 N 13.4050 E', 'latin1'),
]);

/** The JPEG with an APP1 EXIF segment (and a comment) right after its start. */
export const jpegWithGps = (jpeg: Buffer = JPEG_8x6): Buffer => {
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(EXIF_WITH_GPS.length + 2, 2);
  const text = Buffer.from('Shot at 52.52 N', 'latin1');
  const com = Buffer.alloc(4);
  com.writeUInt16BE(0xfffe, 0);
  com.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), app1, EXIF_WITH_GPS, com, text, jpeg.subarray(2)]);
};

const pngChunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
};

/** The PNG with an eXIf chunk and a text chunk after its header. */
export const pngWithGps = (png: Buffer = PNG_8x6): Buffer =>
  Buffer.concat([
    png.subarray(0, 33),
    pngChunk('eXIf', EXIF_WITH_GPS.subarray(6)),
    pngChunk('tEXt', Buffer.from('Location\x0052.52 N', 'latin1')),
    png.subarray(33),
  ]);

/** The WebP with an EXIF chunk at its end and the extended header's EXIF flag set. */
export const webpWithGps = (webp: Buffer = WEBP_8x6): Buffer => {
  const exif = EXIF_WITH_GPS.subarray(6);
  const chunk = Buffer.alloc(8 + exif.length + (exif.length % 2));
  chunk.write('EXIF', 0, 'latin1');
  chunk.writeUInt32LE(exif.length, 4);
  exif.copy(chunk, 8);
  const out = Buffer.concat([webp, chunk]);
  out.writeUInt32LE(out.length - 8, 4);
  out[20] = out[20]! | 0x08;
  return out;
};
