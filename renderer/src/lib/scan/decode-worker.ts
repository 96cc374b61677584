/**
 * Module worker that decodes camera frames with zxing-wasm, off the UI thread.
 *
 * The .wasm is bundled by Vite (`?url`) and served from the app's own origin: the default
 * locateFile would fetch it from a CDN, which the CSP (connect-src 'self') forbids and which
 * does not exist offline in a store back office.
 */
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { DecodeHit, DecodeReply, DecodeRequest } from './decode-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: DecodeReply): void => scope.postMessage(message);

const READER_OPTIONS: ReaderOptions = {
  formats: ['Code128', 'QRCode', 'DataMatrix'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  tryDownscale: true,
  maxNumberOfSymbols: 1,
};

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? wasmUrl : prefix + path,
  },
  fireImmediately: true,
}).then(
  () => reply({ type: 'ready' }),
  (error: unknown) =>
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
);

let canvas: OffscreenCanvas | null = null;
let context: OffscreenCanvasRenderingContext2D | null = null;

function pixelsOf(frame: ImageBitmap): ImageData {
  if (!canvas || canvas.width !== frame.width || canvas.height !== frame.height) {
    canvas = new OffscreenCanvas(frame.width, frame.height);
    context = canvas.getContext('2d', { willReadFrequently: true });
  }
  if (!context) throw new Error('2D canvas is not available in the worker');
  context.drawImage(frame, 0, 0);
  return context.getImageData(0, 0, frame.width, frame.height);
}

async function decode(request: DecodeRequest): Promise<void> {
  const started = performance.now();
  let hit: DecodeHit | null = null;
  try {
    const results = await readBarcodes(pixelsOf(request.frame), READER_OPTIONS);
    const found = results.find((r) => r.isValid && r.text !== '');
    if (found) hit = { text: found.text, format: found.format };
  } catch (error) {
    // One bad frame must not stop scanning; the next frame gets a fresh try.
    console.warn('barcode decode failed', error);
  } finally {
    request.frame.close();
  }
  reply({ type: 'result', id: request.id, hit, decodeMs: performance.now() - started });
}

scope.onmessage = (event: MessageEvent<DecodeRequest>) => {
  if (event.data.type === 'decode') void decode(event.data);
};
