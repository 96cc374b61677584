/**
 * Renders a barcode (with zxing-wasm's own writer, in Node) onto camera-sized frames, the way a
 * label looks when held in front of a laptop camera: off-white background, dark-grey bars, not
 * centred, moving a little from frame to frame.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import type { RgbaFrame } from './camera-y4m';

const require = createRequire(import.meta.url);
let prepared: Promise<void> | null = null;

/** The writer's default locateFile points at a CDN; load the installed .wasm instead. */
function prepareWriter(): Promise<void> {
  prepared ??= readFile(require.resolve('zxing-wasm/writer/zxing_writer.wasm')).then((bytes) => {
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    prepareZXingModule({ overrides: { wasmBinary } });
  });
  return prepared;
}

export interface BarcodeVideoOptions {
  format: 'Code128' | 'QRCode' | 'DataMatrix';
  width?: number;
  height?: number;
  frames?: number;
  /** Pixels per module. */
  scale?: number;
}

export async function renderBarcodeFrames(
  text: string,
  options: BarcodeVideoOptions,
): Promise<RgbaFrame[]> {
  await prepareWriter();
  const { format, width = 1280, height = 720, frames = 4 } = options;
  const written = await writeBarcode(text, { format });
  if (written.error) throw new Error(`zxing writer: ${written.error}`);
  const { symbol } = written;
  const linear = format === 'Code128';
  const scale = options.scale ?? (linear ? 4 : 10);
  // A linear symbol is one row of modules in effect; give it a realistic label height.
  const symbolH = linear ? 160 : symbol.height * scale;
  const symbolW = symbol.width * scale;

  return Array.from({ length: frames }, (_, n) => {
    const data = new Uint8Array(width * height * 4).fill(235);
    const left = Math.round((width - symbolW) / 2) - 60 + n * 6;
    const top = Math.round((height - symbolH) / 2) + 40 - n * 4;
    for (let y = 0; y < symbolH; y++) {
      const row = linear ? 0 : Math.floor(y / scale);
      for (let x = 0; x < symbolW; x++) {
        const dark = (symbol.data[row * symbol.width + Math.floor(x / scale)] ?? 255) === 0;
        if (!dark) continue;
        const i = ((top + y) * width + left + x) * 4;
        data[i] = 30;
        data[i + 1] = 30;
        data[i + 2] = 40;
      }
    }
    for (let i = 3; i < data.length; i += 4) data[i] = 255;
    return { width, height, data };
  });
}
