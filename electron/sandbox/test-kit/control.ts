/**
 * /_sandbox/* control routes for tests and trainers: no auth, loopback only (checked by the
 * server), never subject to faults.
 */
import { z } from 'zod';
import { DEFAULT_DIALECT } from '../dialects';
import type { FaultEngine } from './faults';
import { ApiError, errorReply, isRecord, notFound, validationError, type Reply } from '../http-kit';
import { matchRoute, route, type Route } from '../routing';
import type { DeviceRec, UserRec } from '../snapshot';
import type { SandboxState } from '../state';
import { TRAINING_COUNT_ERROR_PERCENT } from '../traffic';

const rate = z.number().min(0).max(1);
/** Control routes have no caller identity; handlers share the API's context shape. */
const NO_USER: UserRec = { id: '', name: '', apiKey: '', orgIds: [] };
const FaultsInput = z
  .object({
    latencyMs: z.number().int().min(0).max(600_000),
    jitterMs: z.number().int().min(0).max(600_000),
    errorRate: rate,
    rateLimitRate: rate,
    retryAfterS: z.number().int().min(0).max(86_400),
    dropRate: rate,
    malformedRate: rate,
    stallRate: rate,
    htmlRate: rate,
    pathPattern: z
      .string()
      .max(500)
      .refine((p) => {
        try {
          new RegExp(p);
          return true;
        } catch {
          return false;
        }
      }, 'is not a valid regular expression'),
    methods: z.array(
      z
        .string()
        .regex(/^[A-Za-z]+$/)
        .transform((m) => m.toUpperCase()),
    ),
    failNext: z.object({
      count: z.number().int().min(1).max(10_000),
      kind: z.enum(['error', 'rate_limit', 'drop', 'malformed', 'stall', 'html', 'unknown_shape']),
      status: z.number().int().min(500).max(599).optional(),
      afterHandling: z.boolean().optional(),
    }),
  })
  .partial()
  .strict();

/** People crossing a device's line at once; the device counts `errorPercent` of them short. */
const PeopleInput = z
  .object({
    in: z.number().int().min(0).max(1000),
    out: z.number().int().min(0).max(1000),
    errorPercent: z.number().min(0).max(100).optional(),
  })
  .strict();

/** The device by serial across all organizations (control routes have no organization). */
export const anyDevice = (state: SandboxState, serial: string): DeviceRec => {
  const d = state.devicesBySerial.get(serial.toUpperCase());
  if (!d) throw notFound(`Device ${serial}`);
  return d;
};

/**
 * Installs devices of the store's organization there until it has `count`: from other stores
 * first (the inventory stays for the test's own installs), then from the inventory. The
 * serials installed, as held.
 */
export const fillLocation = (state: SandboxState, locationId: string, count: number): string[] => {
  state.applyDue();
  const loc = state.locationsById.get(locationId);
  if (!loc) throw new Error(`No location ${locationId}.`);
  const here = state.installed.get(loc.id) ?? new Set();
  const all = state.devicesByOrg.get(loc.orgId) ?? [];
  const candidates = [
    ...all.filter((d) => d.locationId !== null && d.locationId !== loc.id),
    ...all.filter((d) => d.locationId === null),
  ];
  const placed: string[] = [];
  for (const d of candidates) {
    if (here.size >= count) break;
    if (d.locationId !== null) state.uninstall(d);
    state.install(d, loc);
    placed.push(d.serial);
  }
  if (here.size < count) throw new Error(`Only ${here.size} devices can be at ${locationId}.`);
  return placed;
};

const stateSummary = (state: SandboxState) => {
  const devices: Record<string, string | null> = {};
  let installed = 0;
  for (const d of state.devicesBySerial.values()) {
    devices[d.serial] = d.locationId;
    if (d.locationId !== null) installed++;
  }
  return {
    counts: {
      organizations: state.orgs.size,
      locations: state.locationsById.size,
      devices: state.devicesBySerial.size,
      installed,
      uninstalled: state.devicesBySerial.size - installed,
    },
    devices,
  };
};

const controlRoutes = (state: SandboxState, faults: FaultEngine): Route[] => [
  route('GET', '/_sandbox/health', 'cross', () => ({
    status: 200,
    body: { status: 'ok', now: new Date(state.now()).toISOString() },
  })),
  route('GET', '/_sandbox/state', 'cross', () => ({ status: 200, body: stateSummary(state) })),
  route('POST', '/_sandbox/devices/:serial/walk-through', 'cross', ({ params, body }) => {
    const d = anyDevice(state, params.serial ?? '');
    const count = isRecord(body) ? body.count : undefined;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000)
      throw validationError({ count: 'must be an integer from 1 to 1000' });
    state.walkThrough(d, count);
    return { status: 200, body: { serial_number: d.serial, added: count } };
  }),
  route('POST', '/_sandbox/devices/:serial/people', 'cross', ({ params, body }) => {
    const d = anyDevice(state, params.serial ?? '');
    const parsed = PeopleInput.safeParse(body ?? {});
    if (!parsed.success)
      throw validationError(
        Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'body', i.message])),
      );
    const { errorPercent = TRAINING_COUNT_ERROR_PERCENT, ...people } = parsed.data;
    const counted = state.peopleCross(d, people, errorPercent);
    return { status: 200, body: { serial_number: d.serial, crossed: people, counted } };
  }),
  route('PUT', '/_sandbox/traffic', 'cross', ({ body }) => {
    const seconds = isRecord(body) ? body.minuteBucketSeconds : undefined;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > 60)
      throw validationError({ minuteBucketSeconds: 'must be an integer from 1 to 60' });
    state.setMinuteBucketMs(seconds * 1000);
    return { status: 200, body: { minuteBucketSeconds: seconds } };
  }),
  route('POST', '/_sandbox/devices/:serial/silence', 'cross', ({ params, body }) => {
    const d = anyDevice(state, params.serial ?? '');
    const silent = isRecord(body) ? body.silent : undefined;
    if (typeof silent !== 'boolean') throw validationError({ silent: 'must be true or false' });
    state.setSilent(d, silent);
    return { status: 200, body: { serial_number: d.serial, silent } };
  }),
  route('POST', '/_sandbox/devices/:serial/checkin', 'cross', ({ params }) => {
    const d = anyDevice(state, params.serial ?? '');
    state.checkIn(d);
    return {
      status: 200,
      body: { serial_number: d.serial, last_checkin_at: new Date(state.now()).toISOString() },
    };
  }),
  route('GET', '/_sandbox/faults', 'cross', () => ({ status: 200, body: faults.current() })),
  route('PUT', '/_sandbox/faults', 'cross', ({ body }) => {
    const parsed = FaultsInput.safeParse(body ?? {});
    if (!parsed.success)
      throw validationError(
        Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'body', i.message])),
      );
    faults.merge(parsed.data);
    return { status: 200, body: faults.current() };
  }),
  route('DELETE', '/_sandbox/faults', 'cross', () => {
    faults.clear();
    return { status: 200, body: faults.current() };
  }),
];

export const createControl = (state: SandboxState, faults: FaultEngine) => {
  const routes = controlRoutes(state, faults);
  return (method: string, path: string, bodyText: string): Reply => {
    try {
      const found = matchRoute(routes, method, path);
      if (found === 'method')
        throw new ApiError(
          405,
          'method_not_allowed',
          `${method} is not supported on this control route.`,
        );
      if (found) {
        let body: unknown;
        try {
          body = bodyText.trim() ? (JSON.parse(bodyText) as unknown) : undefined;
        } catch {
          throw new ApiError(400, 'bad_request', 'The request body is not valid JSON.');
        }
        return found.route.handle({
          state,
          params: found.params,
          query: new URLSearchParams(),
          body,
          user: NO_USER,
          orgId: '',
          dialect: DEFAULT_DIALECT,
          url: new URL(path, 'http://sandbox.invalid'),
        });
      }
      throw new ApiError(404, 'not_found', 'There is no such control route.');
    } catch (e) {
      if (e instanceof ApiError) return errorReply(e);
      return errorReply(
        new ApiError(500, 'internal_error', e instanceof Error ? e.message : 'Unexpected error.'),
      );
    }
  };
};
