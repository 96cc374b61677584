/**
 * The UI side of decode-worker: starts it, sends one frame at a time, and ends it.
 * Importing this module does not start anything; the worker (and zxing + its wasm) load only
 * when createFrameDecoder() runs, i.e. when the camera opens.
 */
import type { DecodeReply, DecodeRequest, FrameOutcome } from './decode-protocol';

export interface FrameDecoder {
  /** Resolves when the wasm decoder is loaded; rejects with a reason when it cannot be. */
  readonly ready: Promise<void>;
  /** Decodes one frame (transferred to the worker). Callers keep one frame in flight. */
  decode(frame: ImageBitmap): Promise<FrameOutcome>;
  terminate(): void;
}

export function createFrameDecoder(): FrameDecoder {
  const worker = new Worker(new URL('./decode-worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<
    number,
    { resolve: (o: FrameOutcome) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  let failure: Error | null = null;
  let settleReady: { resolve: () => void; reject: (e: Error) => void } | null = null;
  const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }));

  const fail = (error: Error): void => {
    failure ??= error;
    settleReady?.reject(failure);
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };

  worker.onmessage = (event: MessageEvent<DecodeReply>) => {
    const message = event.data;
    if (message.type === 'ready') settleReady?.resolve();
    else if (message.type === 'failed') fail(new Error(message.message));
    else {
      pending.get(message.id)?.resolve({ hit: message.hit, decodeMs: message.decodeMs });
      pending.delete(message.id);
    }
  };
  // Script load failures (blocked by CSP, missing file) arrive here, not as a message.
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    fail(new Error(event.message || 'The decoder worker could not load'));
  };

  return {
    ready,
    decode(frame) {
      if (failure) {
        frame.close();
        return Promise.reject(failure);
      }
      const id = nextId++;
      const request: DecodeRequest = { type: 'decode', id, frame };
      return new Promise<FrameOutcome>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage(request, [frame]);
      });
    },
    terminate() {
      worker.terminate();
      fail(new Error('The decoder was stopped'));
    },
  };
}
