import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ICON_SIZES, renderIcon } from '../../../build/make-icons';
import { crc32, encodePng, PNG_SIGNATURE } from '../../../build/png';

const BUILD = join(import.meta.dirname, '../../../build');

interface Chunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

/** Just enough of a PNG reader to check our encoder: chunks, CRCs, and filter-0 RGBA rows. */
const readPng = (png: Buffer) => {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const chunks: Chunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    chunks.push({
      type: typeAndData.subarray(0, 4).toString('ascii'),
      data: typeAndData.subarray(4),
      crcOk: png.readUInt32BE(at + 8 + length) === crc32(typeAndData),
    });
    at += 12 + length;
  }
  const header = chunks[0]?.data ?? Buffer.alloc(13);
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const raw = inflateSync(
    Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)),
  );
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 4 + 1)]).toBe(0);
    pixels.set(raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return { chunks, width, height, header, pixels };
};

describe('PNG encoder', () => {
  it('matches the standard CRC-32 check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('round-trips pixels through valid chunks', () => {
    const pixels = Uint8Array.from({ length: 3 * 2 * 4 }, (_, i) => (i * 37) % 256);
    const png = readPng(encodePng(3, 2, pixels));
    expect(png.chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(png.chunks.every((c) => c.crcOk)).toBe(true);
    expect([png.width, png.height]).toEqual([3, 2]);
    expect([...png.header.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
    expect(png.pixels).toEqual(pixels);
  });

  it('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow();
  });
});

describe('app icon', () => {
  it('has transparent corners, the teal tile and the white figure', () => {
    const size = 64;
    const px = renderIcon(size);
    const at = (x: number, y: number) => [
      ...px.subarray((y * size + x) * 4, (y * size + x) * 4 + 4),
    ];
    expect(at(0, 0)[3]).toBe(0);
    expect(at(10, 32)).toEqual([0x0f, 0x76, 0x6e, 255]);
    expect(at(32, 30)).toEqual([255, 255, 255, 255]);
  });

  it.each(ICON_SIZES.filter((s) => s <= 128))('checked-in %ipx PNG is current', (size) => {
    const png = readPng(readFileSync(join(BUILD, 'icons', `${size}x${size}.png`)));
    expect([png.width, png.height]).toEqual([size, size]);
    // Buffer.equals: toEqual over 65k bytes is needlessly slow.
    expect(Buffer.from(png.pixels).equals(Buffer.from(renderIcon(size)))).toBe(true);
  });

  it('has a 1024px build/icon.png for the .icns/.ico electron-builder derives', () => {
    const png = readFileSync(join(BUILD, 'icon.png'));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024]);
    for (const size of ICON_SIZES) {
      const file = readFileSync(join(BUILD, 'icons', `${size}x${size}.png`));
      expect(file.readUInt32BE(16)).toBe(size);
    }
  });
});
