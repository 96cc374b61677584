/** The events the core pushes to its host (the renderer's bridge): one typed emit, many listeners. */
import type { PushEvent } from '../shared';

export interface PushEvents {
  emit(event: PushEvent): void;
  /** Listens until the returned function is called. */
  on(listener: (event: PushEvent) => void): () => boolean;
  clear(): void;
}

export function createPushEvents(): PushEvents {
  const listeners = new Set<(event: PushEvent) => void>();
  return {
    emit(event) {
      for (const listener of listeners) listener(event);
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => listeners.clear(),
  };
}
