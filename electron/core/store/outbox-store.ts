/**
 * The persisted, ordered outbox of actions taken while offline. An enqueue resolves only
 * once the item is on disk, so "queued" shown to the technician is a promise we can keep
 * after a crash or a pulled battery.
 */
import { randomUUID } from 'node:crypto';
import type { OutboxItem, OutboxKind } from '../../contract';
import { AppError } from '../app-error';
import type { Logger } from '../core';
import { openJsonFile, type QuarantineInfo } from './atomic-json-file';
import { countItemsIn, OutboxFileSchema, salvageItems } from './outbox-schema';

export interface EnqueueInput {
  kind: OutboxKind;
  serial: string;
  locationId: string | null;
  locationName: string | null;
  fromLocationId: string | null;
}

export type OutboxPatch = Partial<Omit<OutboxItem, 'id' | 'createdAt'>>;

export interface OutboxQuarantine {
  quarantinedPath: string;
  itemsMayHaveHeld: number;
  itemsRecovered: number;
}

export interface Outbox {
  /** In order, oldest first. A copy: mutate through the methods. */
  list(): OutboxItem[];
  enqueue(input: EnqueueInput): Promise<OutboxItem>;
  update(id: string, patch: OutboxPatch): Promise<OutboxItem>;
  remove(id: string): Promise<void>;
  /** Called with the new list after every change is on disk. */
  onChange(listener: (items: OutboxItem[]) => void): () => void;
  /** Set when the file was corrupt at open: the UI should tell the technician. */
  readonly quarantine: OutboxQuarantine | null;
}

export const outboxItemMissing = (): AppError =>
  new AppError({
    kind: 'not_found',
    message: 'That queued action is no longer in the outbox.',
    nextStep: 'Refresh the list of queued actions.',
  });

export async function openOutbox(
  path: string,
  log: Logger,
  now: () => Date = () => new Date(),
): Promise<Outbox> {
  const seen: { corrupt: QuarantineInfo | null } = { corrupt: null };
  const file = openJsonFile(
    path,
    OutboxFileSchema,
    () => ({ version: 1 as const, items: [] }),
    log,
    {
      onQuarantine: (info) => (seen.corrupt = info),
    },
  );
  let items = (await file.load()).items;
  let quarantine: OutboxQuarantine | null = null;
  const listeners = new Set<(items: OutboxItem[]) => void>();

  const snapshot = (): OutboxItem[] => items.map((i) => ({ ...i }));
  async function persist(): Promise<void> {
    await file.save({ version: 1, items });
    const current = snapshot();
    for (const listener of listeners) {
      try {
        listener(current);
      } catch (e) {
        log.error('Outbox listener failed', { error: String(e) });
      }
    }
  }

  if (seen.corrupt) {
    const info = seen.corrupt;
    const raw = info.raw.toString('utf8');
    items = salvageItems(raw);
    quarantine = {
      quarantinedPath: info.quarantinedPath,
      itemsMayHaveHeld: Math.max(countItemsIn(raw), items.length),
      itemsRecovered: items.length,
    };
    log.warn('Outbox file was corrupt and has been set aside; queued actions may be missing', {
      ...quarantine,
    });
    if (items.length > 0) await persist();
  }

  // A crash during a replay leaves items marked syncing; the replay re-checks the device
  // before acting, so putting them back in the queue is safe.
  if (items.some((i) => i.state === 'syncing')) {
    items = items.map((i) => (i.state === 'syncing' ? { ...i, state: 'queued' } : i));
    await persist();
  }

  return {
    get quarantine() {
      return quarantine;
    },
    list: snapshot,
    async enqueue(input) {
      const item: OutboxItem = {
        id: randomUUID(),
        ...input,
        createdAt: now().toISOString(),
        state: 'queued',
        attempts: 0,
        lastError: null,
        conflictLocation: null,
      };
      items = [...items, item];
      try {
        await persist();
      } catch (e) {
        items = items.filter((i) => i.id !== item.id);
        throw e;
      }
      return { ...item };
    },
    async update(id, patch) {
      const existing = items.find((i) => i.id === id);
      if (!existing) throw outboxItemMissing();
      const updated: OutboxItem = {
        ...existing,
        ...patch,
        id: existing.id,
        createdAt: existing.createdAt,
      };
      items = items.map((i) => (i.id === id ? updated : i));
      await persist();
      return { ...updated };
    },
    async remove(id) {
      if (!items.some((i) => i.id === id)) return;
      items = items.filter((i) => i.id !== id);
      await persist();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
