/** Messages between CameraScanner (via frame-decoder) and decode-worker. */

export interface DecodeHit {
  text: string;
  /** zxing's format name, e.g. "Code128", "QRCode", "DataMatrix". */
  format: string;
}

export interface DecodeRequest {
  type: 'decode';
  id: number;
  /** Transferred, and closed by the worker once drawn. */
  frame: ImageBitmap;
}

export type DecodeReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; hit: DecodeHit | null; decodeMs: number };

/** What the component learns about each frame (the benchmark reads decodeMs). */
export interface FrameOutcome {
  hit: DecodeHit | null;
  decodeMs: number;
}
