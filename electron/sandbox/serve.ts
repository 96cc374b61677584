/**
 * Starts the shared, shipped part of the sandbox: seeded or loaded state, persistence, the /v1
 * API on a listening socket. Used by training mode (./training-server.ts) as is, and by the
 * test entry (./index.ts) with the test kit (./test-kit) plugged in.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveDialect, type Dialect } from './dialects';
import { loadSnapshot, Saver } from './persistence';
import { seedSnapshot } from './seed-data';
import { opaqueLocationId, withIds } from './dialects/ids';
import { createHandler, type SandboxKit } from './server';
import { SandboxState } from './state';
import type { UserRec } from './snapshot';
import type { RequestLogEntry, SandboxUser } from './types';

const DEFAULT_DEVICES_PER_ORG = 300;

/** A user as tests see it: the key, and the organizations it opens. */
export const publicUser = (state: SandboxState, user: UserRec): SandboxUser => ({
  name: user.name,
  api_key: user.apiKey,
  organizations: user.orgIds.flatMap((id) => {
    const o = state.orgs.get(id);
    return o ? [{ id: o.id, name: o.name }] : [];
  }),
});

export interface ServeOptions {
  /** 0 = a free port (default). */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 1. */
  seed?: number;
  /** Load state from here at start (if present) and save mutations to it. */
  dataFile?: string;
  /** Devices per organization, default 300. */
  devices?: number;
  /** Seconds from install to the device's first check-in, default 5. */
  firstCheckinDelayS?: number;
  /** Seconds in a bucket of a device's "minute" foot traffic, default 60. */
  minuteBucketS?: number;
  /** Millisecond clock, default Date.now. */
  now?: () => number;
  log?: (line: string) => void;
  /** A dialect name (see ./dialects); an unknown name is an error listing the known ones. */
  dialect?: string;
  /**
   * Wall-clock ms before a write the dialect accepts for later is made (default 1,500;
   * Infinity: never). Only dialects that accept writes for later use it.
   */
  acceptedDelayMs?: number;
}

export interface ServeExtras {
  /**
   * Serve only requests whose Host header is `127.0.0.1:<port>` or `localhost:<port>`
   * (421 otherwise). Training mode always sets it.
   */
  loopbackHostsOnly?: boolean;
  /** Keep a log of every request (tests read it). */
  keepRequestLog?: boolean;
  /** Builds the listening server (the test kit's TLS); default plain HTTP. */
  createServer?: () => Promise<Server>;
  scheme?: 'http' | 'https';
  /** Test-only additions (control routes, faults), built once the state exists. */
  kit?: (state: SandboxState, dialect: Dialect, seed: number) => SandboxKit;
  /** Runs first on close (e.g. release stalled responses). */
  beforeClose?: () => void;
}

export interface ServedSandbox {
  state: SandboxState;
  /** e.g. 'http://127.0.0.1:PORT' */
  origin: string;
  dialect: Dialect;
  users: SandboxUser[];
  /** Empty unless `keepRequestLog`. */
  requests: RequestLogEntry[];
  close(): Promise<void>;
}

export const serveSandbox = async (
  options: ServeOptions,
  extras: ServeExtras = {},
): Promise<ServedSandbox> => {
  // Before anything else starts: an unknown dialect name is a plain error listing the known ones.
  const dialect = resolveDialect(options.dialect);
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? 1;
  const file = options.dataFile;
  const loaded = file ? await loadSnapshot(file, log) : null;
  // The dialect's ids are given at the seed, so the whole sandbox holds them as they are.
  const ids = dialect.ids ?? 'plain';
  const snapshot =
    loaded ?? withIds(seedSnapshot(seed, options.devices ?? DEFAULT_DEVICES_PER_ORG, now()), ids);
  let saver: Saver | null = null;
  const state = new SandboxState(snapshot, {
    now,
    firstCheckinDelayS: options.firstCheckinDelayS ?? 5,
    ...(options.minuteBucketS ? { minuteBucketMs: options.minuteBucketS * 1000 } : {}),
    ...(options.acceptedDelayMs === undefined ? {} : { acceptedDelayMs: options.acceptedDelayMs }),
    ...(ids === 'opaque' ? { nameLocation: opaqueLocationId } : {}),
    onChange: () => saver?.schedule(),
  });
  if (file) {
    saver = new Saver(file, () => state.toSnapshot(), log);
    if (!loaded) saver.schedule();
  }
  const requests: RequestLogEntry[] = [];
  const scheme = extras.scheme ?? 'http';
  let origin = '';
  let allowed: ReadonlySet<string> = new Set();
  const handler = createHandler({
    state,
    log,
    ...(extras.keepRequestLog ? { requests } : {}),
    dialect,
    scheme,
    origin: () => origin,
    ...(extras.loopbackHostsOnly ? { allowedHosts: () => allowed } : {}),
    ...(extras.kit ? { kit: extras.kit(state, dialect, seed) } : {}),
  });

  const server = extras.createServer ? await extras.createServer() : createHttpServer();
  server.on('request', (req, res) => void handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  origin = `${scheme}://${host}:${port}`;
  allowed = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  const users: SandboxUser[] = state.users.map((u) => publicUser(state, u));

  let closing: Promise<void> | null = null;
  return {
    state,
    origin,
    dialect,
    users,
    requests,
    close: () => {
      closing ??= (async () => {
        extras.beforeClose?.();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
        await saver?.flush();
      })();
      return closing;
    },
  };
};
