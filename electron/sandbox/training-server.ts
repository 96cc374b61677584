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
import { TRAINING_COUNT_ERROR_PERCENT } from './traffic';
import type { TrainingSandbox as CoreTrainingSandbox } from '../core/service/training';
import type { SandboxUser } from './types';

/** Training's finest foot-traffic buckets, in seconds. */
const TRAINING_BUCKET_S = 10;

export interface TrainingSandboxOptions {
  /** Where the practice state is kept between runs. */
  dataFile: string;
  /** 0 = a free port (default). */
  port?: number;
  log?: (line: string) => void;
}

/** The core's view of it (core/service/training.ts), with the seeded users as the sandbox has them. */
export interface TrainingSandbox extends CoreTrainingSandbox {
  users: SandboxUser[];
}

export const startTrainingSandbox = async (
  options: TrainingSandboxOptions,
): Promise<TrainingSandbox> => {
  const served = await serveSandbox(
    {
      port: options.port ?? 0,
      host: '127.0.0.1',
      dataFile: options.dataFile,
      // An audit's buckets in seconds, so one can be practised without waiting for minutes.
      minuteBucketS: TRAINING_BUCKET_S,
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
    peopleCross: (organizationId, serial, people) => {
      const device = state.devicesBySerial.get(serial.toUpperCase());
      if (device?.orgId !== organizationId) return null;
      return state.peopleCross(device, people, TRAINING_COUNT_ERROR_PERCENT);
    },
    close: () => served.close(),
  };
};
