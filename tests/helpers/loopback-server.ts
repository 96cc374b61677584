/** A throwaway node:http server on loopback for a file's tests of the API client. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** Started before the file's tests, closed after them; `base` is its `/v1` URL once started. */
export function useLoopbackServer(handle: http.RequestListener): { readonly base: string } {
  const server = http.createServer(handle);
  const started = { base: '' };
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    started.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return started;
}
