/**
 * An in-memory stand-in for the server behind DeviceActions (the sandbox HTTP server was not
 * available yet when these tests were written). It follows the API's rules that matter to
 * replay: 404 for unknown serials, 409 with the current location when installing a device
 * that is elsewhere. Faults can be injected per call, including the nasty one: the server
 * applies the change but the answer never arrives.
 */
import type { LocationRef } from '../../../electron/contract';
import type { Device } from '../../../electron/core/api/wire';
import { AppError } from '../../../electron/core/app-error';
import type { DeviceActions } from '../../../electron/core/sync/replay';

export type Op = 'getDevice' | 'install' | 'uninstall';
export type Fault = 'offline' | 'lost_answer' | AppError;

export const offlineError = (): AppError =>
  new AppError({
    kind: 'offline',
    message: 'No connection to the server.',
    nextStep: 'Wait for a connection.',
  });

export class InMemoryDevices implements DeviceActions {
  readonly where = new Map<string, string | null>();
  readonly locations = new Map<string, string>();
  readonly calls: { op: Op; serial: string; locationId?: string }[] = [];
  /** Install/uninstall requests that found nothing to do: a replay sent an action twice. */
  redundantMutations = 0;
  private readonly faults: { op: Op; serial?: string; fault: Fault }[] = [];

  constructor(locations: Record<string, string>, devices: Record<string, string | null>) {
    for (const [id, name] of Object.entries(locations)) this.locations.set(id, name);
    for (const [serial, at] of Object.entries(devices)) this.where.set(serial, at);
  }

  /** The next matching call fails this way (once). */
  failNext(op: Op, fault: Fault, serial?: string): this {
    this.faults.push(serial === undefined ? { op, fault } : { op, serial, fault });
    return this;
  }

  mutations(): { op: Op; serial: string; locationId?: string }[] {
    return this.calls.filter((c) => c.op !== 'getDevice');
  }

  async getDevice(serial: string): Promise<Device> {
    return this.call('getDevice', serial, undefined, () => this.device(serial));
  }

  async install(serial: string, locationId: string): Promise<Device> {
    return this.call('install', serial, locationId, () => {
      const at = this.device(serial).location;
      if (!this.locations.has(locationId)) throw notFound('location');
      if (at && at.id !== locationId) {
        throw new AppError({
          kind: 'conflict',
          message: 'Installed elsewhere.',
          nextStep: 'Decide.',
          status: 409,
          location: at,
        });
      }
      if (at?.id === locationId) this.redundantMutations++;
      this.where.set(serial, locationId);
      return this.device(serial);
    });
  }

  async uninstall(serial: string, locationId?: string): Promise<Device> {
    return this.call('uninstall', serial, locationId, () => {
      const at = this.device(serial).location;
      if (at && locationId !== undefined && at.id !== locationId) {
        throw new AppError({
          kind: 'conflict',
          message: 'Installed elsewhere.',
          nextStep: 'Decide.',
          status: 409,
          location: at,
        });
      }
      if (!at) this.redundantMutations++;
      this.where.set(serial, null);
      return this.device(serial);
    });
  }

  private device(serial: string): Device {
    const at = this.where.get(serial);
    if (at === undefined) throw notFound('device');
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
    if (fault instanceof AppError) throw fault;
    const device = apply();
    if (fault === 'lost_answer') throw offlineError();
    return device;
  }
}

const notFound = (what: string): AppError =>
  new AppError({
    kind: 'not_found',
    message: `Unknown ${what}.`,
    nextStep: 'Check the serial number.',
    status: 404,
  });
