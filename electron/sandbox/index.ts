/**
 * The sandbox for tests, benches and the `npm run sandbox` CLI: a stateful, in-memory
 * implementation of the vendor API (docs/api/openapi.yaml) with the test kit plugged in —
 * fault injection, the /_sandbox control routes, optional TLS and a request log.
 * Training mode does not use this module: it ships ./training-server.ts, which leaves the
 * test kit (./test-kit) out of the app bundle.
 */
import { randomBytes } from 'node:crypto';
import { heldSerial } from './dialects/serials';
import { locationRef } from './render';
import { publicUser, serveSandbox } from './serve';
import { anyDevice, fillLocation } from './test-kit/control';
import { FaultEngine } from './test-kit/faults';
import { createTestKit, type TestKit } from './test-kit/kit';
import { tlsServer } from './test-kit/tls';
import { TRAINING_COUNT_ERROR_PERCENT } from './traffic';
import type { RunningSandbox, SandboxOptions } from './types';

export { DIALECTS, dialectNames, resolveDialect } from './dialects';
export { servedSerial } from './dialects/serials';
export { opaqueLocationId, opaqueOrganizationId } from './dialects/ids';
export type { Dialect } from './dialects';
export type {
  Faults,
  FaultKind,
  RequestLogEntry,
  RunningSandbox,
  SandboxOptions,
  SandboxUser,
} from './types';

export const startSandbox = async (options: SandboxOptions = {}): Promise<RunningSandbox> => {
  const faults = new FaultEngine(options.seed ?? 1, options.faults);
  let kit: TestKit | null = null;
  const served = await serveSandbox(options, {
    keepRequestLog: true,
    scheme: options.tls ? 'https' : 'http',
    ...(options.tls ? { createServer: tlsServer } : {}),
    kit: (state, dialect) => (kit = createTestKit(state, faults, dialect)),
    beforeClose: () => kit?.releaseStalled(),
  });
  const { state, origin } = served;
  // A test may name a device as the dialect spells it, or as held.
  const style = served.dialect.serials ?? 'as-held';
  const named = (serial: string) => anyDevice(state, heldSerial(style, serial) ?? serial);
  return {
    baseUrl: `${origin}/v1`,
    origin,
    dialect: served.dialect.name,
    users: served.users,
    setFaults: (f) => faults.merge(f),
    clearFaults: () => faults.clear(),
    walkThrough: (serial, count) => state.walkThrough(named(serial), count),
    peopleCross: (serial, people, errorPercent = TRAINING_COUNT_ERROR_PERCENT) =>
      state.peopleCross(named(serial), people, errorPercent),
    setMinuteBucketSeconds: (seconds) => state.setMinuteBucketMs(seconds * 1000),
    setSilent: (serial, silent) => state.setSilent(named(serial), silent),
    checkIn: (serial) => state.checkIn(named(serial)),
    deviceLocation: (serial) => {
      state.applyDue();
      const d = named(serial);
      const loc = d.locationId === null ? undefined : state.locationsById.get(d.locationId);
      return loc ? locationRef(loc) : null;
    },
    heldSerial: (serial) => heldSerial(style, serial) ?? serial,
    setAcceptedDelay: (ms) => state.setAcceptedDelayMs(ms),
    fillLocation: (locationId, count) => fillLocation(state, locationId, count),
    addUser: (name, organizationIds) => {
      const user = {
        id: `usr_${randomBytes(4).toString('hex')}`,
        name,
        apiKey: `sbx_${randomBytes(16).toString('hex')}`,
        orgIds: organizationIds.map((id) => {
          if (!state.orgs.has(id)) throw new Error(`No organization ${id}.`);
          return id;
        }),
      };
      state.addUser(user);
      const added = publicUser(state, user);
      served.users.push(added);
      return added;
    },
    requestLog: () => served.requests,
    close: () => served.close(),
  };
};
