/**
 * The sandbox as training mode ships it: state, seed data, the /v1 API, persistence and the
 * simulated check-ins and foot traffic, on loopback, answering only requests addressed to
 * `127.0.0.1:<port>` or `localhost:<port>`. No /_sandbox control routes, no fault injection,
 * no TLS, no request log: those live in ./test-kit and are never bundled into the app
 * (tests/unit/build/shipped-sandbox.test.ts checks the built bundle).
 */
import { serveSandbox } from './serve';
import type { SandboxUser } from './types';

export interface TrainingSandboxOptions {
  /** Where the practice state is kept between runs. */
  dataFile: string;
  /** 0 = a free port (default). */
  port?: number;
  log?: (line: string) => void;
}

export interface TrainingSandbox {
  /** e.g. 'http://127.0.0.1:PORT/v1' */
  baseUrl: string;
  users: SandboxUser[];
  close(): Promise<void>;
}

export const startTrainingSandbox = async (
  options: TrainingSandboxOptions,
): Promise<TrainingSandbox> => {
  const served = await serveSandbox(
    {
      port: options.port ?? 0,
      host: '127.0.0.1',
      dataFile: options.dataFile,
      ...(options.log ? { log: options.log } : {}),
    },
    { loopbackHostsOnly: true },
  );
  return { baseUrl: `${served.origin}/v1`, users: served.users, close: () => served.close() };
};
