/**
 * This visit's log of what the technician did (installs, verifications, queued and
 * discarded actions), persisted with the same crash-safe file machinery as the outbox.
 * Capped so a long-running install never grows it without bound.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ActivityEntry } from '../../contract';
import type { Logger } from '../core';
import { openJsonFile } from './atomic-json-file';

export const ACTIVITY_LOG_CAP = 5_000;

const ActivityEntrySchema: z.ZodType<ActivityEntry> = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(['install', 'uninstall', 'move', 'verify', 'create_location', 'delete_location']),
  serial: z.string().nullable(),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  result: z.enum(['done', 'queued', 'failed', 'conflict', 'verified', 'not_verified']),
  detail: z.string(),
});

const ActivityFileSchema = z.object({
  version: z.literal(1),
  entries: z.array(ActivityEntrySchema),
});

export type NewActivityEntry = Omit<ActivityEntry, 'id' | 'at'>;

export interface ActivityLog {
  /** Oldest first. */
  list(): ActivityEntry[];
  add(entry: NewActivityEntry): Promise<ActivityEntry>;
  /** A new visit starts with an empty log. */
  clear(): Promise<void>;
}

export async function openActivityLog(
  path: string,
  log: Logger,
  options: { cap?: number; now?: () => Date } = {},
): Promise<ActivityLog> {
  const cap = options.cap ?? ACTIVITY_LOG_CAP;
  const now = options.now ?? (() => new Date());
  const file = openJsonFile(
    path,
    ActivityFileSchema,
    () => ({ version: 1 as const, entries: [] }),
    log,
  );
  let entries = (await file.load()).entries;

  return {
    list: () => entries.map((e) => ({ ...e })),
    async add(input) {
      const entry: ActivityEntry = { ...input, id: randomUUID(), at: now().toISOString() };
      entries = [...entries, entry].slice(-cap);
      await file.save({ version: 1, entries });
      return { ...entry };
    },
    async clear() {
      entries = [];
      await file.save({ version: 1, entries });
    },
  };
}
