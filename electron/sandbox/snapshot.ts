/**
 * The sandbox's whole state as plain data: what the seed produces, what --data files hold,
 * and what the in-memory indexes (state.ts) are built from. Times are epoch milliseconds.
 */
import { z } from 'zod';

const AddressRec = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string(),
});

const OrgRec = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  createdAt: z.number(),
});

const UserRec = z.object({
  id: z.string(),
  name: z.string(),
  apiKey: z.string(),
  orgIds: z.array(z.string()),
});

const LocationRec = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  address: AddressRec,
  timezone: z.string(),
  createdAt: z.number(),
});

const DeviceRec = z.object({
  serial: z.string(),
  orgId: z.string(),
  typeName: z.string(),
  boardId: z.string(),
  firmware: z.string(),
  intervalS: z.number().int(),
  locationId: z.string().nullable(),
  installedAt: z.number().nullable(),
  name: z.string().nullable(),
  silent: z.boolean(),
  /** A check-in from which the device keeps checking in every intervalS; null = not scheduled. */
  anchorMs: z.number().nullable(),
  /** The last check-in known when the schedule stopped (or a manual one). */
  frozenCheckinMs: z.number().nullable(),
  /** [time, count] pairs added through the walk-through control route. */
  walkThroughs: z.array(z.tuple([z.number(), z.number().int()])),
  /**
   * When the device's record last changed (installed, uninstalled, renamed, a new interval):
   * what `updated_since` filters on. Check-ins are not changes. 0 in files written before.
   */
  updatedMs: z.number().default(0),
});

export const Snapshot = z.object({
  version: z.literal(1),
  seed: z.number(),
  /** Next number for created resources, so ids stay unique and deterministic. */
  counter: z.number().int(),
  orgs: z.array(OrgRec),
  users: z.array(UserRec),
  locations: z.array(LocationRec),
  devices: z.array(DeviceRec),
});

export type Snapshot = z.infer<typeof Snapshot>;
export type OrgRec = z.infer<typeof OrgRec>;
export type UserRec = z.infer<typeof UserRec>;
export type LocationRec = z.infer<typeof LocationRec>;
export type DeviceRec = z.infer<typeof DeviceRec>;
export type AddressRec = z.infer<typeof AddressRec>;
