/**
 * One service function per contract operation. The mapped type makes a missing or
 * mistyped handler a compile error, so the contract and the core cannot drift apart.
 * A handler may answer with JSON text in place of (part of) its result (../json-text.ts).
 */
import type { OperationName, OperationResult, ParsedInput } from '../../contract';
import type { WithJsonText } from '../json-text';
import type { ServiceContext } from './context';
import { installDevice, moveDevice, uninstallDevice } from './device-actions';
import { deviceFootTraffic, locationsFootTraffic } from './foot-traffic';
import * as outbox from './outbox-service';
import * as reads from './read-service';
import type { SessionManager } from './session-manager';
import { createLocation, deleteLocation, updateDevice } from './write-service';

export type Handlers = {
  [K in OperationName]: (input: ParsedInput<K>) => Promise<WithJsonText<OperationResult<K>>>;
};

export function createHandlers(ctx: ServiceContext, session: SessionManager): Handlers {
  const status = async () => session.status(ctx.isOnline());
  const afterSessionChange = async () => {
    // A fresh session starts online; the first failing request says otherwise.
    ctx.reportOnline();
    return status();
  };
  return {
    sessionStatus: status,
    signIn: async ({ baseUrl, apiKey }) => {
      await session.signIn(baseUrl, apiKey);
      return afterSessionChange();
    },
    chooseOrganization: async ({ organizationId }) => {
      await session.chooseOrganization(organizationId);
      return afterSessionChange();
    },
    signOut: async () => {
      await session.signOut();
      return status();
    },
    startTraining: async () => {
      await session.startTraining();
      return afterSessionChange();
    },

    listOrganizations: () => reads.listOrganizations(ctx),
    getOrganization: ({ organizationId }) => reads.getOrganization(ctx, organizationId),
    listLocations: () => reads.listLocations(ctx),
    getLocation: ({ locationId }) => reads.getLocation(ctx, locationId),
    createLocation: (input) => createLocation(ctx, input),
    deleteLocation: ({ locationId }) => deleteLocation(ctx, locationId),
    listLocationDevices: ({ locationId }) => reads.listLocationDevices(ctx, locationId),

    listDevices: () => reads.listDevices(ctx),
    getDevice: ({ serial, fresh }) => reads.getDevice(ctx, serial, fresh ?? false),
    updateDevice: (input) => updateDevice(ctx, input),
    installDevice: ({ serial, locationId }) => installDevice(ctx, serial, locationId),
    uninstallDevice: ({ serial, locationId }) => uninstallDevice(ctx, serial, locationId),
    moveDevice: ({ serial, fromLocationId, toLocationId }) =>
      moveDevice(ctx, serial, fromLocationId, toLocationId),

    listInventory: () => reads.listInventory(ctx),

    locationsFootTraffic: (input) => locationsFootTraffic(ctx, input),
    deviceFootTraffic: (input) => deviceFootTraffic(ctx, input),

    listOutbox: async () => outbox.listOutbox(ctx),
    retryOutboxItem: ({ id }) => outbox.retryItem(ctx, id),
    discardOutboxItem: ({ id }) => outbox.discardItem(ctx, id),
    resolveConflict: ({ id, resolution }) => outbox.resolveItem(ctx, id, resolution),
    syncNow: () => ctx.sync(),

    listActivity: async () => ctx.activity.list(),
    recordVerification: (input) =>
      ctx.activity.add({
        action: 'verify',
        serial: input.serial,
        locationId: input.locationId,
        locationName: null,
        result: input.checkedIn ? 'verified' : 'not_verified',
        detail: [
          input.checkedIn ? 'Checked in after install.' : 'No check-in seen.',
          `Walk test counted ${input.walkTestCount}.`,
          input.note ?? '',
        ]
          .filter(Boolean)
          .join(' '),
      }),
  };
}
