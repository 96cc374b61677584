/** Deterministic initial data: same seed + same clock = same organizations, keys, locations and devices. */
import { STORE_PREFIXES, randomAddress } from './places';
import { createRng, type Rng } from './prng';
import type { DeviceRec, LocationRec, OrgRec, Snapshot, UserRec } from './snapshot';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const ORGS = [
  { name: 'Northwind Retail Group', timezone: 'America/Chicago' },
  { name: 'Alpenblick Handels GmbH', timezone: 'Europe/Berlin' },
  { name: 'Maison Lumière SA', timezone: 'Europe/Paris' },
] as const;

const BRANDS = ['Northwind', 'Alpenblick', 'Lumière'] as const;

const DEVICE_TYPES = [
  { name: 'Door Counter DC-200', board: 'DC2', firmware: ['2.4.1', '2.5.0', '2.5.3'] },
  { name: 'Overhead 3D Sensor', board: 'O3D', firmware: ['4.0.7', '4.1.2'] },
  { name: 'Thermal Counter T5', board: 'TH5', firmware: ['1.9.8', '1.10.0', '1.10.2'] },
] as const;

const INTERVALS = [60, 300, 300, 600, 900] as const;
const LABELS = [
  'Main entrance',
  'Side door',
  'Entrance left',
  'Entrance right',
  'Mall gate',
  'Back door',
] as const;

/** Serial alphabet without look-alikes (0/O, 1/I) because people type serials off labels. */
export const SERIAL_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const serial = (rng: Rng): string => {
  let s = 'FTC-';
  for (let i = 0; i < 8; i++) s += SERIAL_CHARS[rng.int(0, SERIAL_CHARS.length - 1)];
  return s;
};

const idChars = (rng: Rng, n: number): string => {
  let s = '';
  for (let i = 0; i < n; i++) s += 'abcdefghjkmnpqrstuvwxyz23456789'[rng.int(0, 30)];
  return s;
};

const seedLocations = (rng: Rng, org: OrgRec, brand: string, now: number): LocationRec[] => {
  const count = rng.int(24, 40);
  const out: LocationRec[] = [];
  for (let i = 0; i < count; i++) {
    const { timezone, ...address } = randomAddress(rng);
    out.push({
      id: `loc_${idChars(rng, 10)}`,
      orgId: org.id,
      name: `${brand} ${address.city} ${rng.pick(STORE_PREFIXES)}`,
      address,
      timezone,
      createdAt: now - rng.int(30, 900) * DAY,
    });
  }
  return out;
};

/**
 * One object literal with every field in the same order: spreading a base object here left
 * V8 with slow dictionary-mode objects and made 100k-device seeds and scans 10× slower.
 */
const seedDevice = (
  rng: Rng,
  sn: string,
  orgId: string,
  locs: LocationRec[],
  now: number,
): DeviceRec => {
  const type = rng.pick(DEVICE_TYPES);
  const intervalS = rng.pick(INTERVALS);
  const boardId = `${type.board}-${rng.hex(6).toUpperCase()}`;
  const firmware = rng.pick(type.firmware);
  let locationId: string | null = null;
  let installedAt: number | null = null;
  let name: string | null = null;
  let silent = false;
  let anchorMs: number | null = null;
  let frozenCheckinMs: number | null = null;
  if (rng.chance(1 / 3) || locs.length === 0) {
    // In the warehouse: new from the factory (never checked in) or back from a store.
    frozenCheckinMs = rng.chance(0.4) ? now - rng.int(2, 200) * DAY : null;
  } else {
    const loc = rng.pick(locs);
    locationId = loc.id;
    installedAt = Math.max(loc.createdAt, now - rng.int(1, 600) * DAY) + rng.int(0, DAY);
    name = rng.chance(0.3) ? rng.pick(LABELS) : null;
    if (rng.chance(0.06)) {
      silent = true;
      frozenCheckinMs = now - rng.int(2, 24 * 20) * HOUR;
      installedAt = Math.min(installedAt, frozenCheckinMs);
    } else {
      // Phase each device differently so check-ins are spread out, like real fleets.
      anchorMs = Math.min(installedAt, now - intervalS * 1000) - rng.int(0, intervalS * 1000);
      installedAt = Math.min(installedAt, anchorMs);
    }
  }
  return {
    serial: sn,
    orgId,
    served: {
      name,
      device_type_name: type.name,
      board_id: boardId,
      firmware_version_name: firmware,
    },
    intervalS,
    locationId,
    installedAt,
    silent,
    anchorMs,
    frozenCheckinMs,
    walkThroughs: [],
    // Seeded records are older than any refresh of a client started since.
    updatedMs: Math.min(installedAt ?? now, now - DAY),
  };
};

export const seedSnapshot = (seed: number, devicesPerOrg: number, now: number): Snapshot => {
  const rng = createRng(seed);
  const orgs: OrgRec[] = ORGS.map((o) => ({
    id: `org_${idChars(rng, 8)}`,
    name: o.name,
    timezone: o.timezone,
    createdAt: now - rng.int(400, 2000) * DAY,
  }));
  const [o1, o2, o3] = orgs as [OrgRec, OrgRec, OrgRec];
  const users: UserRec[] = [
    {
      id: `usr_${idChars(rng, 8)}`,
      name: 'Alex Morgan',
      apiKey: `sbx_${rng.hex(32)}`,
      orgIds: [o1.id, o2.id],
    },
    {
      id: `usr_${idChars(rng, 8)}`,
      name: 'Sam Becker',
      apiKey: `sbx_${rng.hex(32)}`,
      orgIds: [o3.id],
    },
  ];
  const locations: LocationRec[] = [];
  const devices: DeviceRec[] = [];
  const taken = new Set<string>();
  orgs.forEach((org, i) => {
    const locs = seedLocations(rng, org, BRANDS[i] ?? 'Store', now);
    locations.push(...locs);
    const orgDevices: DeviceRec[] = [];
    for (let d = 0; d < devicesPerOrg; d++) {
      let sn = serial(rng);
      while (taken.has(sn)) sn = serial(rng);
      taken.add(sn);
      orgDevices.push(seedDevice(rng, sn, org.id, locs, now));
    }
    // Stable API order by serial, sorted once here so list requests never sort.
    orgDevices.sort((a, b) => (a.serial < b.serial ? -1 : a.serial > b.serial ? 1 : 0));
    for (const dev of orgDevices) devices.push(dev); // spread would overflow the stack at 100k
  });
  return { version: 1, seed, counter: 1, orgs, users, locations, devices };
};
