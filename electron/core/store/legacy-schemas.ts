/**
 * The JSON files of the version before SQLite, as that version wrote them (copied from its
 * service/session-manager.ts, store/outbox-schema.ts and store/activity-log.ts). Only
 * legacy-import.ts reads them. The file envelopes accept any array so that one bad item or
 * entry is skipped on its own instead of failing the whole file.
 */
import { z } from 'zod';
import {
  StoredLocationRef as LocationRef,
  StoredOrganization as Organization,
} from '../api/records';

export const LegacySessionFile = z.object({
  session: z
    .object({
      baseUrl: z.string(),
      training: z.boolean(),
      user: z.object({ name: z.string() }).nullable(),
      organizations: z.array(Organization),
      organizationId: z.string().nullable(),
    })
    .nullable(),
});
export type LegacySession = NonNullable<z.infer<typeof LegacySessionFile>['session']>;

// The old outbox schema left out 'internal', which the old contract had: accepted here so an
// item that failed that way is not dropped.
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
  'internal',
]);

const AppErrorShape = z.object({
  kind: ErrorKind,
  message: z.string(),
  nextStep: z.string(),
  status: z.number().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  location: LocationRef.nullable().optional(),
  retryAfterS: z.number().optional(),
});

export const LegacyOutboxItem = z.object({
  id: z.string().min(1),
  kind: z.enum(['install', 'uninstall', 'move']),
  serial: z.string().min(1),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  fromLocationId: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(['queued', 'syncing', 'failed', 'conflict', 'done']),
  attempts: z.number().int().nonnegative(),
  lastError: AppErrorShape.nullable(),
  conflictLocation: LocationRef.nullable(),
});
export type LegacyOutboxItem = z.infer<typeof LegacyOutboxItem>;

export const LegacyOutboxFile = z.object({ version: z.literal(1), items: z.array(z.unknown()) });

export const LegacyActivityEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(['install', 'uninstall', 'move', 'verify', 'create_location', 'delete_location']),
  serial: z.string().nullable(),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  result: z.enum(['done', 'queued', 'failed', 'conflict', 'verified', 'not_verified']),
  detail: z.string(),
});
export type LegacyActivityEntry = z.infer<typeof LegacyActivityEntry>;

export const LegacyActivityFile = z.object({
  version: z.literal(1),
  entries: z.array(z.unknown()),
});
