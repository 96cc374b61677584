/**
 * The sandbox: a stateful, in-memory implementation of the vendor API (docs/api/openapi.yaml)
 * for training mode, tests and the `npm run sandbox` CLI.
 */
import { createServer as createHttpServer, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { anyDevice, createControl } from './control';
import { resolveDialect } from './dialects';
import { FaultEngine } from './faults';
import { loadSnapshot, Saver } from './persistence';
import { locationRef } from './render';
import { seedSnapshot } from './seed-data';
import { createHandler } from './server';
import { SandboxState } from './state';
import type { RequestLogEntry, RunningSandbox, SandboxOptions, SandboxUser } from './types';

export { DIALECTS, UnknownDialectError, dialectNames, resolveDialect } from './dialects';
export type { Dialect } from './dialects';
export type {
  Faults,
  FaultKind,
  RequestLogEntry,
  RunningSandbox,
  SandboxOptions,
  SandboxUser,
} from './types';

export const DEFAULT_DEVICES_PER_ORG = 300;

const tlsServer = async (): Promise<Server> => {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return createHttpsServer({ key: pems.private, cert: pems.cert });
};

export const startSandbox = async (options: SandboxOptions = {}): Promise<RunningSandbox> => {
  // Before anything else starts: an unknown dialect name is a plain error listing the known ones.
  const dialect = resolveDialect(options.dialect);
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? 1;
  const file = options.dataFile;
  const loaded = file ? await loadSnapshot(file, log) : null;
  const snapshot = loaded ?? seedSnapshot(seed, options.devices ?? DEFAULT_DEVICES_PER_ORG, now());
  let saver: Saver | null = null;
  const state = new SandboxState(snapshot, {
    now,
    firstCheckinDelayS: options.firstCheckinDelayS ?? 5,
    onChange: () => saver?.schedule(),
  });
  if (file) {
    saver = new Saver(file, () => state.toSnapshot(), log);
    if (!loaded) saver.schedule();
  }
  const faults = new FaultEngine(seed, options.faults);
  const requests: RequestLogEntry[] = [];
  const stalled = new Set<ServerResponse>();
  let origin = '';
  const handler = createHandler({
    state,
    faults,
    control: createControl(state, faults),
    log,
    requests,
    stalled,
    dialect,
    scheme: options.tls ? 'https' : 'http',
    origin: () => origin,
  });

  const server = options.tls ? await tlsServer() : createHttpServer();
  server.on('request', (req, res) => void handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  origin = `${options.tls ? 'https' : 'http'}://${host}:${port}`;

  const users: SandboxUser[] = state.users.map((u) => ({
    name: u.name,
    api_key: u.apiKey,
    organizations: u.orgIds.flatMap((id) => {
      const o = state.orgs.get(id);
      return o ? [{ id: o.id, name: o.name }] : [];
    }),
  }));

  let closing: Promise<void> | null = null;
  return {
    baseUrl: `${origin}/v1`,
    origin,
    dialect: dialect.name,
    users,
    setFaults: (f) => faults.merge(f),
    clearFaults: () => faults.clear(),
    walkThrough: (serial, count) => state.walkThrough(anyDevice(state, serial), count),
    setSilent: (serial, silent) => state.setSilent(anyDevice(state, serial), silent),
    checkIn: (serial) => state.checkIn(anyDevice(state, serial)),
    deviceLocation: (serial) => {
      const d = anyDevice(state, serial);
      const loc = d.locationId === null ? undefined : state.locationsById.get(d.locationId);
      return loc ? locationRef(loc) : null;
    },
    requestLog: () => requests,
    close: () => {
      closing ??= (async () => {
        for (const res of stalled) res.destroy();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
        await saver?.flush();
      })();
      return closing;
    },
  };
};
