/**
 * The state-changing operations of the reliability matrix, each set up on fresh devices:
 * what to send, which request the fault hits, and the device's intended history on the server.
 */
import type { Pools } from './reliability-pools';
import type { Target } from './reliability-faults';

export type ActionName = 'installDevice' | 'uninstallDevice' | 'moveDevice';

export interface PreparedAction {
  name: ActionName;
  serial: string;
  input: Record<string, string>;
  /** Where the device is on the server before, then after each change the action makes. */
  history: (string | null)[];
  /** The request the fault is armed on (a move's first step: the uninstall). */
  target: Target;
  /** Requests the action needs when nothing goes wrong. */
  steps: number;
}

const devicePath = (serial: string, op: string) => `^/v1/devices/${serial}/${op}$`;

export const ACTIONS: Record<ActionName, (pools: Pools) => PreparedAction> = {
  installDevice: (pools) => {
    const serial = pools.uninstalled();
    const to = pools.locations[0] ?? '';
    return {
      name: 'installDevice',
      serial,
      input: { serial, locationId: to },
      history: [null, to],
      target: { path: devicePath(serial, 'install'), method: 'POST' },
      steps: 1,
    };
  },
  uninstallDevice: (pools) => {
    const { serial, locationId } = pools.installed();
    return {
      name: 'uninstallDevice',
      serial,
      input: { serial, locationId },
      history: [locationId, null],
      target: { path: devicePath(serial, 'uninstall'), method: 'POST' },
      steps: 1,
    };
  },
  moveDevice: (pools) => {
    const { serial, locationId } = pools.installed();
    const to = pools.otherThan(locationId);
    return {
      name: 'moveDevice',
      serial,
      input: { serial, fromLocationId: locationId, toLocationId: to },
      history: [locationId, null, to],
      target: { path: devicePath(serial, '(un)?install'), method: 'POST' },
      steps: 2,
    };
  },
};

export const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];

/** A move whose fault hits its second step: the uninstall has already happened. */
export const moveFaultOnInstallStep = (pools: Pools): PreparedAction => {
  const move = ACTIONS.moveDevice(pools);
  return { ...move, target: { path: devicePath(move.serial, 'install'), method: 'POST' } };
};

/** Any install/uninstall request for this serial. */
export const actionRequests = (serial: string): Target => ({
  path: devicePath(serial, '(un)?install'),
  method: 'POST',
});
