/**
 * The persisted form of the outbox. Kept strict about the fields the replay relies on, and
 * versioned so a future format change can migrate instead of quarantining.
 */
import { z } from 'zod';
import type { AppErrorShape, OutboxItem } from '../../contract';
import { LocationRef } from '../api/wire';

const ErrorKind = z.enum([
  'offline',
  'dns',
  'tls',
  'timeout',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'invalid',
  'rate_limited',
  'server',
  'bad_response',
  'keychain_unavailable',
  'not_signed_in',
  'validation',
]);

export const AppErrorShapeSchema: z.ZodType<AppErrorShape> = z.object({
  kind: ErrorKind,
  message: z.string(),
  nextStep: z.string(),
  status: z.number().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  location: LocationRef.nullable().optional(),
  retryAfterS: z.number().optional(),
});

export const OutboxItemSchema: z.ZodType<OutboxItem> = z.object({
  id: z.string().min(1),
  kind: z.enum(['install', 'uninstall', 'move']),
  serial: z.string().min(1),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  fromLocationId: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(['queued', 'syncing', 'failed', 'conflict', 'done']),
  attempts: z.number().int().nonnegative(),
  lastError: AppErrorShapeSchema.nullable(),
  conflictLocation: LocationRef.nullable(),
});

export const OutboxFileSchema = z.object({
  version: z.literal(1),
  items: z.array(OutboxItemSchema),
});
export type OutboxFile = z.infer<typeof OutboxFileSchema>;

/**
 * For a file that failed to load: how many queued actions it may have held. Counts the
 * action kinds in the raw text, so it also works on truncated JSON.
 */
export const countItemsIn = (raw: string): number =>
  raw.match(/"kind"\s*:\s*"(install|uninstall|move)"/g)?.length ?? 0;

/** Items of a file whose JSON parses but which fails the schema as a whole. */
export function salvageItems(raw: string): OutboxItem[] {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const items = (json as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((candidate: unknown) => {
    const parsed = OutboxItemSchema.safeParse(candidate);
    return parsed.success ? [parsed.data] : [];
  });
}
