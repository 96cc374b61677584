/**
 * Shared set-up for the API client's integration tests: a real sandbox on a free loopback
 * port and a client signed in as one of its users, with a sleep that records the waits instead
 * of making the suite slow (timeouts still run on the real clock).
 */
import {
  LIST_PAGE_SIZE,
  createApiClient,
  type ApiClientOptions,
  type DeviceListRef,
  type PageRequest,
} from '../../../electron/core/api/client';
import type { Device } from '../../../electron/core/api/wire';
import { AppError } from '../../../electron/core/app-error';
import type { RunningSandbox } from '../../../electron/sandbox/index';
import { errorWords } from '../../../renderer/src/lib/words/error-text';

export interface TestClient {
  api: ReturnType<typeof createApiClient>;
  /** Every wait the client asked for, in ms. */
  delays: number[];
  key: string;
  organizationId: string;
}

export const clientFor = (
  sandbox: RunningSandbox,
  overrides: Partial<ApiClientOptions> & { userIndex?: number; orgIndex?: number } = {},
): TestClient => {
  const { userIndex = 0, orgIndex = 0, ...options } = overrides;
  const user = sandbox.users[userIndex];
  const org = user?.organizations[orgIndex];
  if (!user || !org) throw new Error('sandbox has fewer users/organizations than the test expects');
  const delays: number[] = [];
  const api = createApiClient({
    baseUrl: sandbox.baseUrl,
    organizationId: org.id,
    getApiKey: async () => user.api_key,
    fetch: globalThis.fetch,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
  return { api, delays, key: user.api_key, organizationId: org.id };
};

/** The AppError a call failed with; also checks the key leaked nowhere in it. */
export const failureOf = async (
  promise: Promise<unknown>,
  who: Pick<TestClient, 'key' | 'organizationId'>,
): Promise<AppError> => {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome))
    throw new Error(`expected a failure, got ${JSON.stringify(outcome.value).slice(0, 200)}`);
  const { error } = outcome;
  if (!(error instanceof AppError)) throw error;
  const causes: string[] = [];
  for (let c: unknown = error.cause; c instanceof Error; c = c.cause)
    causes.push(`${c.message} ${c.stack ?? ''}`);
  const exposed = JSON.stringify(error.toShape()) + causes.join(' ') + (error.stack ?? '');
  const basic = [`${who.organizationId}:${who.key}`, `:${who.key}`].map((s) =>
    Buffer.from(s).toString('base64'),
  );
  if (exposed.includes(who.key)) throw new Error('the API key leaked into an error');
  if (basic.some((token) => exposed.includes(token)))
    throw new Error('Basic credentials leaked into an error');
  const { message, nextStep } = errorWords(error);
  if (message === '' || nextStep === '') throw new Error('error without wording');
  return error;
};

/** Requests the sandbox saw whose path starts with `prefix` (query string stripped). */
export const requestsTo = (sandbox: RunningSandbox, method: string, prefix: string) =>
  sandbox
    .requestLog()
    .filter((r) => r.method === method && r.path.split('?')[0]?.startsWith(prefix));

/** A page-style request (the default dialect's paging): page `page` of `perPage` items. */
export const pageOf = (page: number, perPage: number = LIST_PAGE_SIZE): PageRequest => ({
  style: 'page',
  page,
  perPage,
});

/** Every device of a list, following each page's `next` (one at a time), as a test needs them. */
export const allDevices = async (
  api: TestClient['api'],
  list: DeviceListRef = { kind: 'devices' },
): Promise<Device[]> => {
  const devices: Device[] = [];
  for (let request: PageRequest | null = null, pages = 0; ; pages += 1) {
    if (pages > 1000) throw new Error('list did not end');
    const got = await api.devicePage(list, request);
    devices.push(...got.items);
    if (got.next === null) return devices;
    request = got.next;
  }
};

/** Some device installed somewhere (from the first page of the device list). */
export const anInstalledDevice = async (api: TestClient['api']): Promise<Device> => {
  const page = await api.devicePage({ kind: 'devices' }, null);
  const device = page.items.find((d) => d.location);
  if (!device) throw new Error('no installed device on the first page');
  return device;
};
