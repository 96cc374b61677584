/**
 * What each kind of intent carries, by kind, and the schemas that read it back from work.db.
 * A row is data on disk (a failing disk, a file copied mid-write, an earlier version): a
 * payload that does not read as its kind's is damage (db/storage-error.ts), which the store's
 * guard reports and sets aside (store/damage-guard.ts), never a crash further on (decision 75).
 */
import { z } from 'zod';
import type { OutboxKind } from '../../shared';
import type { DeviceChanges, NewLocation } from '../api/vendor-api';
import { damageError } from '../db/storage-error';
import type { PlacementPayload, ReplaceChanges, ReplacePayload } from '../sync/replay-plan';

interface PayloadByKind {
  /** A label given while installing; kept when a conflict turns the install into a move. */
  install: PlacementPayload | null;
  move: PlacementPayload | null;
  uninstall: null;
  update_device: DeviceChanges;
  create_location: NewLocation;
  delete_location: null;
  replace: ReplacePayload;
}

/** An intent's kind with its own payload: `intent.kind` narrows `intent.payload`. */
export type IntentPayload<K extends OutboxKind = OutboxKind> = {
  [P in K]: { kind: P; payload: PayloadByKind[P] };
}[K];

/** What a new intent gives: a payload may be left out only by a kind whose payload may be null. */
export type NewIntentPayload = {
  [K in OutboxKind]: null extends PayloadByKind[K]
    ? { kind: K; payload?: PayloadByKind[K] }
    : { kind: K; payload: PayloadByKind[K] };
}[OutboxKind];

// Loose objects: a field this version does not name is kept as it was queued, not dropped.
const Changes: z.ZodType<ReplaceChanges> = z.looseObject({
  name: z.string().nullable().optional(),
  update_interval_s: z.number().optional(),
});
const Placement: z.ZodType<PlacementPayload | null> = z
  .looseObject({ changes: Changes })
  .nullable();

const PAYLOADS: { readonly [K in OutboxKind]: z.ZodType<PayloadByKind[K]> } = {
  install: Placement,
  move: Placement,
  // Nothing is read from these: whatever an earlier version kept there is left unread.
  uninstall: z.unknown().transform(() => null),
  // An edit always has its changes; null reads as none, as it always did.
  update_device: Changes.nullable().transform((changes) => changes ?? {}),
  create_location: z.looseObject({
    name: z.string(),
    address: z.looseObject({
      line1: z.string(),
      line2: z.string().optional(),
      city: z.string(),
      region: z.string().optional(),
      postal_code: z.string().optional(),
      country: z.string(),
    }),
    timezone: z.string().optional(),
  }),
  delete_location: z.unknown().transform(() => null),
  replace: z.looseObject({ replaces: z.string(), changes: Changes }),
};

/** The payload column of intent `id` of `kind`, read as its kind's: anything else is damage. */
export function readPayload<K extends OutboxKind>(
  id: string,
  kind: K,
  text: string | null,
): IntentPayload<K> {
  let value: unknown = null;
  try {
    if (text !== null) value = JSON.parse(text);
  } catch {
    throw damageError(`work.db: the payload of intent ${id} is not JSON`);
  }
  const read = PAYLOADS[kind].safeParse(value);
  if (!read.success) throw damageError(`work.db: the payload of intent ${id} is not a ${kind}'s`);
  return withPayload(kind, read.data);
}

const withPayload = <K extends OutboxKind>(
  kind: K,
  payload: PayloadByKind[K],
): IntentPayload<K> => ({
  kind,
  payload,
});
