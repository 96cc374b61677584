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

/**
 * A device's fields that the sandbox serves as they are held, in the vendor's names (wire.ts
 * Device): render.ts passes them through, so a plain field needs no edit here, only a value
 * where devices are seeded. Loose: a field this list does not name is kept and served.
 */
const Served = z.looseObject({
  name: z.string().nullable(),
  device_type_name: z.string(),
  board_id: z.string(),
  firmware_version_name: z.string(),
});

/** The fields the sandbox has logic for (the serial as held, the check-in schedule, where and
 * since when it is installed) keep names of their own; `served` holds the rest. */
const DeviceRec = z.object({
  serial: z.string(),
  orgId: z.string(),
  served: Served,
  intervalS: z.number().int(),
  locationId: z.string().nullable(),
  installedAt: z.number().nullable(),
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
  /**
   * People crossing for an accuracy audit: [time, counted in, counted out] (what the device
   * counted of them, a few short). Absent in files written before audits.
   */
  crossings: z.array(z.tuple([z.number(), z.number().int(), z.number().int()])).optional(),
  /**
   * From the first simulated crossing on, the device counts only simulated people: generated
   * customers would be people nobody doing the audit can see.
   */
  simulatedSince: z.number().optional(),
});

/** A device as files written before `served` held it: the plain fields in names of the sandbox's
 * own. Read into today's form, so old --data files and training folders still load. */
const DeviceRecBeforeServed = DeviceRec.omit({ served: true })
  .extend({
    typeName: z.string(),
    boardId: z.string(),
    firmware: z.string(),
    name: z.string().nullable(),
  })
  .transform(({ typeName, boardId, firmware, name, ...rest }): DeviceRec => ({
    ...rest,
    served: {
      name,
      device_type_name: typeName,
      board_id: boardId,
      firmware_version_name: firmware,
    },
  }));

export const Snapshot = z.object({
  version: z.literal(1),
  seed: z.number(),
  /** Next number for created resources, so ids stay unique and deterministic. */
  counter: z.number().int(),
  orgs: z.array(OrgRec),
  users: z.array(UserRec),
  locations: z.array(LocationRec),
  devices: z.array(z.union([DeviceRec, DeviceRecBeforeServed])),
});

export type Snapshot = z.infer<typeof Snapshot>;
export type OrgRec = z.infer<typeof OrgRec>;
export type UserRec = z.infer<typeof UserRec>;
export type LocationRec = z.infer<typeof LocationRec>;
export type DeviceRec = z.infer<typeof DeviceRec>;
export type AddressRec = z.infer<typeof AddressRec>;
