/**
 * The sandbox's live state: records from a Snapshot plus the indexes that keep every request
 * cheap at 100,000 devices (no per-request sorting; lists are slices or single scans).
 * Check-ins are computed lazily from the clock, so there are no timers per device.
 */
import { hashString, mix32 } from './prng';
import { utcOffsetMinutes } from './places';
import type { AddressRec, DeviceRec, LocationRec, OrgRec, Snapshot, UserRec } from './snapshot';

/** First index whose serial is ≥ `serial` (binary search; keeps ordered lists without sorting). */
const sortedIndex = (list: readonly DeviceRec[], serial: string): number => {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid]?.serial ?? '') < serial) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

export interface StateOptions {
  now: () => number;
  firstCheckinDelayS: number;
  /**
   * How long the buckets of a device's "minute" traffic are (default a minute): shorter
   * buckets let an accuracy audit be practised and tested in seconds.
   */
  minuteBucketMs?: number;
  /** Called after every mutation (persistence debounces it). */
  onChange: () => void;
  /**
   * How long a write the dialect accepts for later takes to be made, in wall-clock time
   * (default 1.5 s; Infinity: never). Not `now`: tests freeze that clock.
   */
  acceptedDelayMs?: number;
  /** The id a created store gets from its plain one (the dialect's id style). */
  nameLocation?: (plain: string, address: AddressRec) => string;
}

/** A write accepted for later: made at `due` (epoch ms, wall clock). */
interface Later {
  due: number;
  apply: () => void;
}

export class SandboxState {
  readonly seed: number;
  private counter: number;
  readonly orgs = new Map<string, OrgRec>();
  readonly users: UserRec[];
  private readonly usersByKey = new Map<string, UserRec>();
  readonly locationsByOrg = new Map<string, LocationRec[]>();
  readonly locationsById = new Map<string, LocationRec>();
  /** Per organization, ordered by serial (the order every device list uses). */
  readonly devicesByOrg = new Map<string, DeviceRec[]>();
  readonly devicesBySerial = new Map<string, DeviceRec>();
  /** Per organization, the devices not installed, ordered by serial: the inventory is the hot list. */
  readonly uninstalledByOrg = new Map<string, DeviceRec[]>();
  /** location id → devices installed there, in installation order. */
  readonly installed = new Map<string, Set<DeviceRec>>();
  private readonly offsets = new Map<string, number>();
  private readonly serialHashes = new Map<string, number>();
  private readonly later: Later[] = [];

  constructor(
    snap: Snapshot,
    private readonly opts: StateOptions,
  ) {
    this.seed = snap.seed;
    this.counter = snap.counter;
    this.users = snap.users;
    for (const u of snap.users) this.usersByKey.set(u.apiKey, u);
    for (const o of snap.orgs) {
      this.orgs.set(o.id, o);
      this.locationsByOrg.set(o.id, []);
      this.devicesByOrg.set(o.id, []);
      this.uninstalledByOrg.set(o.id, []);
    }
    for (const l of snap.locations) this.addLocation(l);
    for (const d of snap.devices) {
      this.devicesByOrg.get(d.orgId)?.push(d);
      this.devicesBySerial.set(d.serial, d);
      if (d.locationId !== null) this.installed.get(d.locationId)?.add(d);
      else this.uninstalledByOrg.get(d.orgId)?.push(d);
    }
  }

  toSnapshot(): Snapshot {
    const devices: DeviceRec[] = [];
    for (const list of this.devicesByOrg.values()) for (const d of list) devices.push(d);
    const locations = [...this.locationsByOrg.values()].flat();
    return {
      version: 1,
      seed: this.seed,
      counter: this.counter,
      orgs: [...this.orgs.values()],
      users: this.users,
      locations,
      devices,
    };
  }

  now(): number {
    return this.opts.now();
  }

  /** Takes a write on, to be made after the accepted delay (dialects that defer writes). */
  defer(apply: () => void): void {
    this.later.push({ due: Date.now() + (this.opts.acceptedDelayMs ?? 1_500), apply });
  }

  /** Makes the writes whose time has come, oldest first (before every request is answered). */
  applyDue(): void {
    const now = Date.now();
    const due = this.later.filter((l) => l.due <= now);
    if (due.length === 0) return;
    const waiting = this.later.filter((l) => l.due > now);
    this.later.splice(0, this.later.length, ...waiting);
    for (const l of due) l.apply();
  }

  setAcceptedDelayMs(ms: number): void {
    this.opts.acceptedDelayMs = ms;
  }

  /** The finest buckets of a device's foot traffic (see StateOptions.minuteBucketMs). */
  minuteBucketMs = (): number => this.opts.minuteBucketMs ?? 60_000;

  setMinuteBucketMs(ms: number): void {
    this.opts.minuteBucketMs = ms;
  }

  userByKey(key: string): UserRec | undefined {
    return this.usersByKey.get(key);
  }

  /**
   * Another person's key, for tests only (startSandbox's `addUser`; the training server does
   * not offer it): the seed gives no two users the same organization.
   */
  addUser(user: UserRec): void {
    if (this.usersByKey.has(user.apiKey)) throw new Error('That key is taken.');
    this.users.push(user);
    this.usersByKey.set(user.apiKey, user);
    this.opts.onChange();
  }

  /** Device lookup scoped to an organization: another organization's device does not exist here. */
  device(orgId: string, serial: string): DeviceRec | undefined {
    const d = this.devicesBySerial.get(serial);
    return d && d.orgId === orgId ? d : undefined;
  }

  location(orgId: string, id: string): LocationRec | undefined {
    const l = this.locationsById.get(id);
    return l && l.orgId === orgId ? l : undefined;
  }

  deviceCount(locationId: string): number {
    return this.installed.get(locationId)?.size ?? 0;
  }

  utcOffset(loc: LocationRec): number {
    let off = this.offsets.get(loc.id);
    if (off === undefined) {
      off = utcOffsetMinutes(loc.timezone, this.now());
      this.offsets.set(loc.id, off);
    }
    return off;
  }

  serialHash(serial: string): number {
    let h = this.serialHashes.get(serial);
    if (h === undefined) {
      h = hashString(serial);
      this.serialHashes.set(serial, h);
    }
    return h;
  }

  lastCheckin(d: DeviceRec, now = this.now()): number | null {
    if (d.anchorMs !== null && now >= d.anchorMs) {
      const period = d.intervalS * 1000;
      const scheduled = d.anchorMs + Math.floor((now - d.anchorMs) / period) * period;
      return Math.max(scheduled, d.frozenCheckinMs ?? scheduled);
    }
    return d.frozenCheckinMs;
  }

  createLocation(
    orgId: string,
    input: { name: string; address: AddressRec; timezone: string },
  ): LocationRec {
    const nextId = () => {
      const n = this.counter++;
      return `loc_${mix32(this.seed ^ Math.imul(n, 0x9e3779b1))
        .toString(36)
        .padStart(7, '0')}${n.toString(36)}`;
    };
    const named = () => {
      const plain = nextId();
      return this.opts.nameLocation?.(plain, input.address) ?? plain;
    };
    let id = named();
    while (this.locationsById.has(id)) id = named();
    const loc: LocationRec = {
      id,
      orgId,
      name: input.name,
      address: input.address,
      timezone: input.timezone,
      createdAt: this.now(),
    };
    this.addLocation(loc);
    this.opts.onChange();
    return loc;
  }

  deleteLocation(loc: LocationRec): void {
    const list = this.locationsByOrg.get(loc.orgId) ?? [];
    const i = list.indexOf(loc);
    if (i >= 0) list.splice(i, 1);
    this.locationsById.delete(loc.id);
    this.installed.delete(loc.id);
    this.opts.onChange();
  }

  install(d: DeviceRec, loc: LocationRec): void {
    const now = this.now();
    d.frozenCheckinMs = this.lastCheckin(d, now);
    d.locationId = loc.id;
    d.installedAt = now;
    d.updatedMs = now;
    d.anchorMs = d.silent ? null : now + this.opts.firstCheckinDelayS * 1000;
    this.installed.get(loc.id)?.add(d);
    const out = this.uninstalledByOrg.get(d.orgId) ?? [];
    const i = sortedIndex(out, d.serial);
    if (out[i] === d) out.splice(i, 1);
    this.opts.onChange();
  }

  uninstall(d: DeviceRec): void {
    if (d.locationId !== null) {
      this.installed.get(d.locationId)?.delete(d);
      const out = this.uninstalledByOrg.get(d.orgId) ?? [];
      out.splice(sortedIndex(out, d.serial), 0, d);
    }
    d.frozenCheckinMs = this.lastCheckin(d);
    d.anchorMs = null;
    d.locationId = null;
    d.installedAt = null;
    d.updatedMs = this.now();
    this.opts.onChange();
  }

  update(d: DeviceRec, changes: { name?: string | null; intervalS?: number }): void {
    d.updatedMs = this.now();
    if (changes.name !== undefined) d.served.name = changes.name;
    if (changes.intervalS !== undefined && changes.intervalS !== d.intervalS) {
      const now = this.now();
      const last = this.lastCheckin(d, now);
      // A device learns its new interval at its next check-in on the old schedule.
      if (d.anchorMs !== null && d.anchorMs <= now && last !== null)
        d.anchorMs = last + d.intervalS * 1000;
      d.frozenCheckinMs = last;
      d.intervalS = changes.intervalS;
    }
    this.opts.onChange();
  }

  checkIn(d: DeviceRec): void {
    const now = this.now();
    d.frozenCheckinMs = now;
    if (d.locationId !== null && !d.silent) d.anchorMs = now;
    this.opts.onChange();
  }

  setSilent(d: DeviceRec, silent: boolean): void {
    const now = this.now();
    if (silent && !d.silent) {
      d.frozenCheckinMs = this.lastCheckin(d, now);
      d.anchorMs = null;
    } else if (!silent && d.silent && d.locationId !== null) {
      // A device that comes back reports at once.
      d.anchorMs = now;
    }
    d.silent = silent;
    this.opts.onChange();
  }

  walkThrough(d: DeviceRec, count: number): void {
    d.walkThroughs.push([this.now(), count]);
    this.opts.onChange();
  }

  /**
   * `people` cross the device's line now; it counts them `errorPercent` short (rounded), as a
   * well-mounted counter misses a few. Answers what it counted.
   */
  peopleCross(d: DeviceRec, people: { in: number; out: number }, errorPercent: number) {
    const now = this.now();
    const counted = (n: number) => n - Math.round((n * errorPercent) / 100);
    const seen = { in: counted(people.in), out: counted(people.out) };
    d.simulatedSince ??= now;
    (d.crossings ??= []).push([now, seen.in, seen.out]);
    this.opts.onChange();
    return seen;
  }

  private addLocation(l: LocationRec): void {
    this.locationsByOrg.get(l.orgId)?.push(l);
    this.locationsById.set(l.id, l);
    this.installed.set(l.id, new Set());
  }
}
