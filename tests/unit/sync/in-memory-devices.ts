/**
 * An in-memory stand-in for the server behind a replay (ReplayApi), so hundreds of replay
 * cases run in a second. It follows the API's rules that matter to replay: 404 for unknown
 * serials, 409 with the current location when installing a device that is elsewhere. Faults
 * can be injected per call, including the nasty ones: the server applies the change but the
 * answer never arrives, or a gateway answers 502 after the server applied it.
 */
import type { LocationRefView as LocationRef } from '../../../electron/shared';
import type { Device, Location } from '../../../electron/core/api/wire';
import { AppError } from '../../../electron/core/app-error';
import type { ReplayApi } from '../../../electron/core/sync/replay';

export type Op = 'getDevice' | 'install' | 'uninstall';
/**
 * - offline: the request never reached the server.
 * - lost_answer: the server applied it, the answer was lost (offline).
 * - server_error: a 502 before the server did anything.
 * - applied_then_502: the server applied it, then a gateway answered 502.
 * - rate_limited: a 429 with Retry-After 30, nothing applied.
 * - an AppError: thrown instead of applying.
 * - { acceptedAfterReads: n }: answered "accepted for later" (202); applied once the device has
 *   been read n more times (Infinity: never).
 */
export type Fault =
  | 'offline'
  | 'lost_answer'
  | 'server_error'
  | 'applied_then_502'
  | 'rate_limited'
  | AppError
  | { acceptedAfterReads: number };

export interface Call {
  op: Op;
  serial: string;
  locationId?: string;
}

export const offlineError = (): AppError =>
  new AppError({
    kind: 'offline',
    code: 'offline',
    params: { host: 'in-memory' },
  });

const badGateway = (): AppError =>
  new AppError({
    kind: 'server',
    code: 'server',
    params: { status: 502 },
    status: 502,
  });

const rateLimited = (retryAfterS = 30): AppError =>
  new AppError({
    kind: 'rate_limited',
    code: 'rate_limited',
    status: 429,
    retryAfterS,
  });

export class InMemoryDevices implements ReplayApi {
  readonly where = new Map<string, string | null>();
  readonly locations = new Map<string, string>();
  /** Every request, whether or not a fault stopped it. */
  readonly calls: Call[] = [];
  /** Mutations that the server actually carried out, in order. */
  readonly applied: Call[] = [];
  /** Install/uninstall requests that found nothing to do: a replay sent an action twice. */
  redundantMutations = 0;
  /** What a test says the server answered moments ago (none: every try reads). */
  recentDevice?: (serial: string) => Device | null;
  private readonly faults: { op: Op; serial?: string; fault: Fault }[] = [];
  /** Changes accepted for later: applied when their serial has been read `reads` more times. */
  private readonly later: { serial: string; reads: number; apply: () => unknown }[] = [];

  constructor(locations: Record<string, string>, devices: Record<string, string | null>) {
    for (const [id, name] of Object.entries(locations)) this.locations.set(id, name);
    for (const [serial, at] of Object.entries(devices)) this.where.set(serial, at);
  }

  /** The next matching call fails this way (once). */
  failNext(op: Op, fault: Fault, serial?: string): this {
    this.faults.push(serial === undefined ? { op, fault } : { op, serial, fault });
    return this;
  }

  mutations(): Call[] {
    return this.calls.filter((c) => c.op !== 'getDevice');
  }

  async getDevice(serial: string): Promise<Device> {
    for (const waiting of this.later.filter((l) => l.serial === serial)) {
      waiting.reads -= 1;
      if (waiting.reads < 0) {
        this.later.splice(this.later.indexOf(waiting), 1);
        waiting.apply();
      }
    }
    return this.call('getDevice', serial, undefined, () => this.device(serial));
  }

  async install(serial: string, locationId: string): Promise<Device> {
    return this.call('install', serial, locationId, () => {
      const at = this.device(serial).location;
      if (!this.locations.has(locationId)) throw notFound();
      if (at && at.id !== locationId) {
        throw new AppError({
          kind: 'conflict',
          code: 'installed_elsewhere',
          status: 409,
          location: at,
        });
      }
      if (at?.id === locationId) this.redundantMutations++;
      this.where.set(serial, locationId);
      this.applied.push({ op: 'install', serial, locationId });
      return this.device(serial);
    });
  }

  async uninstall(serial: string, locationId?: string): Promise<Device> {
    return this.call('uninstall', serial, locationId, () => {
      const at = this.device(serial).location;
      if (at && locationId !== undefined && at.id !== locationId) {
        throw new AppError({
          kind: 'conflict',
          code: 'installed_elsewhere',
          status: 409,
          location: at,
        });
      }
      if (!at) this.redundantMutations++;
      this.where.set(serial, null);
      this.applied.push(
        locationId === undefined
          ? { op: 'uninstall', serial }
          : { op: 'uninstall', serial, locationId },
      );
      return this.device(serial);
    });
  }

  // Device placement is all these tests replay; the location and edit calls are not expected.
  updateDevice(): Promise<Device> {
    return Promise.reject(new Error('updateDevice is not part of these tests'));
  }
  createLocation(): Promise<Location> {
    return Promise.reject(new Error('createLocation is not part of these tests'));
  }
  findLocation(): Promise<Location | null> {
    return Promise.reject(new Error('findLocation is not part of these tests'));
  }
  deleteLocation(): Promise<void> {
    return Promise.reject(new Error('deleteLocation is not part of these tests'));
  }
  getLocation(): Promise<Location> {
    return Promise.reject(new Error('getLocation is not part of these tests'));
  }

  private device(serial: string): Device {
    const at = this.where.get(serial);
    if (at === undefined) throw notFound(serial);
    const location: LocationRef | null =
      at === null ? null : { id: at, name: this.locations.get(at) ?? at };
    return { serial_number: serial, device_type_name: 'Counter', location };
  }

  private async call(
    op: Op,
    serial: string,
    locationId: string | undefined,
    apply: () => Device,
  ): Promise<Device> {
    this.calls.push(locationId === undefined ? { op, serial } : { op, serial, locationId });
    await Promise.resolve();
    const index = this.faults.findIndex(
      (f) => f.op === op && (f.serial === undefined || f.serial === serial),
    );
    const fault = index >= 0 ? this.faults.splice(index, 1)[0]?.fault : undefined;
    if (fault === 'offline') throw offlineError();
    if (fault === 'server_error') throw badGateway();
    if (fault === 'rate_limited') throw rateLimited();
    if (fault instanceof AppError) throw fault;
    if (typeof fault === 'object') {
      this.later.push({ serial, reads: fault.acceptedAfterReads, apply });
      throw new AppError({ kind: 'bad_response', code: 'write_accepted', status: 202 });
    }
    const device = apply();
    if (fault === 'lost_answer') throw offlineError();
    if (fault === 'applied_then_502') throw badGateway();
    return device;
  }
}

/** `serial`: the device's, for a device not found (as the API client names it). */
const notFound = (serial?: string): AppError =>
  new AppError({
    kind: 'not_found',
    ...(serial === undefined
      ? { code: 'location_not_found' }
      : { code: 'device_not_found', params: { serial } }),
    status: 404,
  });
