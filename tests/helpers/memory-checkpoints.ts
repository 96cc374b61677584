/** Download checkpoints kept in memory, with the same rules for a pass as the store's. */
import {
  freshProgress,
  type Checkpoint,
  type Checkpoints,
} from '../../electron/core/store/checkpoints';

export const memoryCheckpoints = (): Checkpoints & { restarted: number } => {
  const rows = new Map<string, Checkpoint>();
  const store = {
    restarted: 0,
    get: (resource: string) => rows.get(resource) ?? null,
    begin(resource: string, now: string) {
      const previous = rows.get(resource);
      const started: Checkpoint = {
        resource,
        pass: (previous?.pass ?? 0) + 1,
        progress: freshProgress(),
        resumed: false,
        startedAt: now,
        completedAt: null,
      };
      rows.set(resource, started);
      return started;
    },
    save: (c: Checkpoint) => void rows.set(c.resource, c),
    complete(c: Checkpoint, now: string) {
      c.completedAt = now;
    },
    restart(c: Checkpoint) {
      store.restarted += 1;
      c.progress = freshProgress();
    },
    completedAt: (resource: string) => rows.get(resource)?.completedAt ?? null,
  };
  return store;
};
