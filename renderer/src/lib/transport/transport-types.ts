import type { Envelope, OperationName, PushEvent } from '$shared';

/** The one seam between screens and the outside world (Electron preload or loopback bridge). */
export interface Transport {
  invoke(name: OperationName, input: unknown, signal?: AbortSignal): Promise<Envelope<unknown>>;
  onEvent(listener: (event: PushEvent) => void): () => void;
}
