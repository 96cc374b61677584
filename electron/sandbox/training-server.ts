/**
 * The sandbox as training mode ships it: state, seed data, the /v1 API, persistence and the
 * simulated check-ins and foot traffic, on loopback, answering only requests addressed to
 * `127.0.0.1:<port>` or `localhost:<port>`. No /_sandbox control routes, no fault injection,
 * no TLS, no request log: those live in ./test-kit and are never bundled into the app
 * (tests/unit/build/shipped-sandbox.test.ts checks the built bundle). People walking past a
 * device are simulated by a call in the same process (`walkThrough`, behind the core's
 * training-only `simulateWalkThrough`), never by a route another page could reach.
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
  /**
   * `count` people walk past a device of `organizationId`, counted in its foot traffic from
   * now (as the test kit's walk-through route does); false when the organization has no such
   * device.
   */
  walkThrough(organizationId: string, serial: string, count: number): boolean;
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
  const { state } = served;
  return {
    baseUrl: `${served.origin}/v1`,
    users: served.users,
    walkThrough: (organizationId, serial, count) => {
      const device = state.devicesBySerial.get(serial.toUpperCase());
      if (device?.orgId !== organizationId) return false;
      state.walkThrough(device, count);
      return true;
    },
    close: () => served.close(),
  };
};
