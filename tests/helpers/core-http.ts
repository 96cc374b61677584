/** The core's HTTP layer as createCore builds it, over a given fetch, with no real waiting. */
import { createHttp } from '../../electron/core/api/http';

export const coreHttp = (fetch: typeof globalThis.fetch, maxRetries = 2) =>
  createHttp({
    fetch,
    timeoutMs: 5_000,
    maxRetries,
    maxBodyBytes: 1_000_000,
    sleep: () => Promise.resolve(),
    random: () => 0,
    now: () => Date.now(),
  });
