/**
 * Writes a YUV4MPEG2 (.y4m) video for Chromium's fake camera
 * (--use-file-for-fake-video-capture). 4:2:0 planar (I420), progressive, square pixels.
 */
import { writeFile } from 'node:fs/promises';

export interface RgbaFrame {
  width: number;
  height: number;
  /** width * height * 4 bytes, row-major RGBA. */
  data: Uint8Array;
}

const clamp = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** BT.601 full-range RGBA → I420; chroma is the average of each 2×2 block. */
function rgbaToI420({ width, height, data }: RgbaFrame): Uint8Array {
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('I420 needs even dimensions');
  const ySize = width * height;
  const cWidth = width / 2;
  const out = new Uint8Array(ySize + ySize / 2);
  const uOffset = ySize;
  const vOffset = ySize + ySize / 4;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((y + dy) * width + (x + dx)) * 4;
        const pr = data[i] ?? 0;
        const pg = data[i + 1] ?? 0;
        const pb = data[i + 2] ?? 0;
        out[(y + dy) * width + (x + dx)] = clamp(0.299 * pr + 0.587 * pg + 0.114 * pb);
        r += pr;
        g += pg;
        b += pb;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const c = (y / 2) * cWidth + x / 2;
      out[uOffset + c] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      out[vOffset + c] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  return out;
}

export async function writeY4m(file: string, frames: RgbaFrame[], fps = 30): Promise<void> {
  const first = frames[0];
  if (!first) throw new Error('A video needs at least one frame');
  const header = Buffer.from(
    `YUV4MPEG2 W${first.width} H${first.height} F${fps}:1 Ip A1:1 C420jpeg\n`,
  );
  const parts: Uint8Array[] = [header];
  for (const frame of frames) {
    if (frame.width !== first.width || frame.height !== first.height)
      throw new Error('Frame sizes differ');
    parts.push(Buffer.from('FRAME\n'), rgbaToI420(frame));
  }
  await writeFile(file, Buffer.concat(parts));
}

/** A few frames of a colour gradient, 320×240: something a photo of a door frame could look like. */
export function doorFrames(shifts: readonly number[] = [0, 40, 80]): RgbaFrame[] {
  const width = 320;
  const height = 240;
  return shifts.map((shift) => {
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        data[i] = (x + shift) % 256;
        data[i + 1] = (y * 2) % 256;
        data[i + 2] = 160;
        data[i + 3] = 255;
      }
    return { width, height, data };
  });
}
