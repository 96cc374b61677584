/**
 * "Check connection": a read-only walk over the vendor API's endpoints that says, per endpoint,
 * what answered, in which paging style, with which fields, how fast, and what the app could not
 * read — the report IT sends to support when a new account does not work. It runs with the
 * signed-in account's client, or with a throwaway client for the base URL and key typed at
 * sign-in (the key lives only in this call's closure; it is never stored nor reported).
 * Each step also names what the client's readers adapted to in its answers (an empty location
 * for "not installed", zero times, named roots, flat or cross-organization foot traffic).
 * Only GETs are sent. The last report is kept in app.db.
 */
import { z } from 'zod';
import {
  CONNECTION_STEPS,
  CheckFact,
  ERROR_CODES,
  type ConnectionFact,
  type ConnectionReport,
  type ConnectionStep,
  type ErrorKind,
} from '../../shared';
import { ERROR_TRAITS, traitsOf } from '../../shared/error-traits';
import { AppError } from '../app-error';
import { createApiClient, validateBaseUrl, type VendorApi } from '../api/client';
import { ApiFinding } from '../api/findings';
import type { Validators } from '../api/http';
import { listItemsIn } from '../api/list-answer';
import { scrubSecrets, secretForms } from '../api/scrub-secrets';
import { DEVICE_FIELDS, LOCATION_FIELDS, ORGANIZATION_FIELDS, type Device } from '../api/records';
import { PAGING_STYLES, type PagingStyle } from '../../shared/contract/connection';
import { otherCase } from '../../shared/serial-key';
import type { ServiceContext } from './context';

export const LAST_REPORT_KEY = 'lastConnectionReport';

type StepName = ConnectionStep['step'];

const STEP_ENDPOINTS: Readonly<Record<StepName, string>> = {
  organizations: 'GET /organizations',
  locations: 'GET /locations',
  devices: 'GET /devices',
  uninstalled_devices: 'GET /uninstalled-devices',
  location_devices: 'GET /locations/{loc_id}/devices',
  device: 'GET /devices/{serial_number}',
  foot_traffic_locations: 'GET /foot-traffic/locations',
  foot_traffic_device: 'GET /foot-traffic/devices/{serial_number}',
};

/** What a step found in an answer it could read. */
interface Found {
  paging?: PagingStyle | null;
  items?: number | null;
  total?: number | null;
  /** The first item as the server sent it (its keys become `fields`). */
  first?: unknown;
  /** The fields the app reads for this kind of item (the rest are `unknownFields`). */
  known?: readonly string[];
  facts?: ConnectionFact[];
}

/** After these, every later request would meet the same wall: the rest are not tried. */
const stopsEverything = (kind: ErrorKind): boolean =>
  traitsOf(kind).connectivity || kind === 'tls' || kind === 'unauthorized';

const keysOf = (item: unknown): string[] =>
  typeof item === 'object' && item !== null && !Array.isArray(item) ? Object.keys(item) : [];

const DAY_MS = 24 * 60 * 60 * 1000;

const notSignedIn = () =>
  new AppError({
    kind: 'not_signed_in',
    code: 'check_not_signed_in',
  });

interface Target {
  baseUrl: string;
  /** For cross-organization calls. */
  cross: VendorApi;
  /** Organization-scoped client, once the organization is known. */
  forOrganization: (organizationId: string) => VendorApi;
  /** Already known (the signed-in account's), or null: then the one listed is used. */
  organization: { id: string; name: string } | null;
  /** Strings that must never appear in the report. */
  secrets: (organizationIds: readonly string[]) => string[];
}

function signedInTarget(ctx: ServiceContext): Target {
  const scope = ctx.current();
  const id = scope?.record.organizationId;
  if (!scope || !id) throw notSignedIn();
  const org = scope.record.organizations.find((o) => o.id === id);
  return {
    baseUrl: scope.record.baseUrl,
    cross: scope.api,
    forOrganization: () => scope.api,
    organization: { id, name: org?.name ?? id },
    // The key stays in the keychain and the client; the http layer keeps it out of errors.
    secrets: () => [],
  };
}

function typedTarget(ctx: ServiceContext, rawBaseUrl: string, apiKey: string): Target {
  const baseUrl = validateBaseUrl(rawBaseUrl);
  const client = (organizationId: string | null) =>
    createApiClient({
      baseUrl,
      organizationId,
      getApiKey: () => Promise.resolve(apiKey),
      fetch: ctx.options.fetch,
      // One quick retry at most: the check reports what happens, it does not hide it.
      maxRetries: 1,
    });
  const basic = (user: string) => Buffer.from(`${user}:${apiKey}`, 'utf8').toString('base64');
  return {
    baseUrl,
    cross: client(null),
    forOrganization: (id) => client(id),
    organization: null,
    secrets: (ids) => [apiKey, basic(''), ...ids.map(basic)],
  };
}

export async function checkConnection(
  ctx: ServiceContext,
  input: { baseUrl?: string | undefined; apiKey?: string | undefined },
): Promise<ConnectionReport> {
  const target =
    input.baseUrl !== undefined && input.apiKey !== undefined
      ? typedTarget(ctx, input.baseUrl, input.apiKey)
      : signedInTarget(ctx);
  const at = new Date().toISOString();
  const { steps, hear, run } = stepRunner();
  const cross = target.cross.withFindings(hear);
  /** What the first step saw that later ones ask about (set inside its probe). */
  const seen: { organizations: { id: string; name: string }[] | null } = { organizations: null };

  // 1. The cross-organization list: the key and the address work at all.
  await run('organizations', null, async () => {
    const { organizations, user } = await cross.listOrganizations();
    seen.organizations = organizations.map((o) => ({ id: o.id, name: o.name }));
    return {
      items: organizations.length,
      total: organizations.length,
      first: organizations[0],
      known: ORGANIZATION_FIELDS,
      facts: [
        user ? { kind: 'signed_in_as', name: user.name } : { kind: 'user_not_named' },
        { kind: 'organizations_visible', count: organizations.length },
      ],
    };
  });

  const listed = seen.organizations;
  const organization = target.organization ?? (listed?.length === 1 ? (listed[0] ?? null) : null);
  const noOrganization = organization ? null : whyNoOrganization(listed);
  const api = organization ? target.forOrganization(organization.id).withFindings(hear) : null;
  const orgApi = (): VendorApi => {
    if (!api) throw notSignedIn();
    return api;
  };

  const serial = await checkLists(run, orgApi, noOrganization);
  await checkDeviceAndTraffic(run, orgApi, serial, noOrganization);

  const organizationIds = [
    ...new Set([...(listed ?? []).map((o) => o.id), ...(organization ? [organization.id] : [])]),
  ];
  // A last guard, with the client's own scrubber: no form of the typed key in the report.
  const report = scrubSecrets(
    { at, baseUrl: target.baseUrl, organization, steps, outcome: outcomeOf(steps) },
    secretForms(target.secrets(organizationIds)),
  ) as ConnectionReport;
  try {
    ctx.settings.saveSetting(LAST_REPORT_KEY, report);
  } catch (error) {
    // The technician still gets the report; only "the last one" is not remembered.
    ctx.options.log.warn('could not keep the connection report', { error: String(error) });
  }
  return report;
}

/** Runs a step, or skips it: with its own reason, or after a step that stops everything. */
type StepRun = (
  step: StepName,
  skipReason: ConnectionFact | null,
  probe: () => Promise<Found>,
) => Promise<boolean>;

/** The report's steps as they are run, and what the readers adapted to in each. */
function stepRunner(): {
  steps: ConnectionStep[];
  hear: (finding: ApiFinding) => void;
  run: StepRun;
} {
  const steps: ConnectionStep[] = [];
  /** Set once a failure means nothing later can work; every later step is skipped with it. */
  let wall: ConnectionFact | null = null;
  /** What the readers adapted to during the step being run, each once. */
  let heard: ApiFinding[] = [];
  const hear = (finding: ApiFinding) => {
    const key = JSON.stringify(finding);
    if (!heard.some((f) => JSON.stringify(f) === key)) heard.push(finding);
  };

  const run: StepRun = async (step, skipReason, probe) => {
    const reason = wall ?? skipReason;
    heard = [];
    const probeAndHear = async (): Promise<Found> => {
      const found = await probe();
      return { ...found, facts: [...(found.facts ?? []), ...heard] };
    };
    const result = reason !== null ? skipped(step, reason) : await timed(step, probeAndHear);
    steps.push(result);
    if (result.outcome === 'failed' && result.problem && stopsEverything(result.problem.kind))
      wall = { kind: 'skipped_after', endpoint: STEP_ENDPOINTS[step] };
    return result.outcome === 'ok';
  };

  return { steps, hear, run };
}

/**
 * 2. Lists, first page each: paging style, fields, totals. The locations' first page is asked
 * again with its validator (it changes only when a store does): a 304 says unchanged pages cost
 * nothing to refresh (decision record 32). Answers the first serial seen, for step 3.
 */
async function checkLists(
  run: StepRun,
  orgApi: () => VendorApi,
  noOrganization: ConnectionFact | null,
): Promise<string | null> {
  /** What earlier steps saw that later ones ask about (set inside the probes). */
  const seen: {
    /** undefined: the locations could not be read; null: there are none. */
    locationId: string | null | undefined;
    serial: string | null;
  } = { locationId: undefined, serial: null };
  await run('locations', noOrganization, async () => {
    const page = await orgApi().locationPage(null);
    seen.locationId = page.items[0]?.id ?? null;
    const withCity = page.items.filter((l) => (l.address?.city ?? '') !== '').length;
    return {
      ...listFound(page, LOCATION_FIELDS),
      facts: [
        page.items.length === 0
          ? { kind: 'no_locations' }
          : { kind: 'cities_read', withCity, addresses: page.items.length },
        await conditionalFact(page.validators ?? null, (validators) =>
          orgApi().locationPage(null, undefined, { validators }),
        ),
      ],
    };
  });

  const devicesFound = (page: { items: Device[] } & Parameters<typeof listFound>[0]): Found => {
    seen.serial ??= page.items[0]?.serial_number ?? null;
    return listFound(page, DEVICE_FIELDS);
  };
  // Whether the devices can be asked for what changed since a time: the answer must say so.
  await run('devices', noOrganization, async () => {
    const found = devicesFound(await orgApi().devicePage({ kind: 'devices' }, null));
    const since = new Date(Date.now() - DAY_MS).toISOString();
    const changed = await orgApi().devicePage({ kind: 'devices' }, null, undefined, {
      updatedSince: since,
    });
    const honoured = (changed.updatedSince ?? null) !== null;
    return {
      ...found,
      facts: [{ kind: honoured ? 'updated_since_honoured' : 'updated_since_ignored' }],
    };
  });
  await run('uninstalled_devices', noOrganization, async () =>
    devicesFound(await orgApi().devicePage({ kind: 'uninstalled-devices' }, null)),
  );
  const locationId = seen.locationId;
  await run(
    'location_devices',
    noOrganization ??
      (locationId === undefined
        ? { kind: 'skipped_locations_unread', endpoint: STEP_ENDPOINTS.locations }
        : locationId === null
          ? { kind: 'skipped_no_locations' }
          : null),
    async () =>
      devicesFound(
        await orgApi().devicePage({ kind: 'location-devices', locationId: locationId ?? '' }, null),
      ),
  );

  return seen.serial;
}

/** 3. One device, and foot traffic of the last 24 hours. */
async function checkDeviceAndTraffic(
  run: StepRun,
  orgApi: () => VendorApi,
  serial: string | null,
  noOrganization: ConnectionFact | null,
): Promise<void> {
  const noDevice = noOrganization ?? (serial === null ? { kind: 'skipped_no_device' } : null);
  await run('device', noDevice, async () => {
    const device = await orgApi().getDevice(serial ?? '');
    const caseSensitive = await refusesOtherCase(orgApi(), device.serial_number);
    return {
      items: 1,
      first: device,
      known: DEVICE_FIELDS,
      facts: caseSensitive
        ? [{ kind: 'serials_case_sensitive', serial: device.serial_number }]
        : [],
    };
  });
  const to = new Date();
  const range = { from: new Date(to.getTime() - DAY_MS).toISOString(), to: to.toISOString() };
  await run('foot_traffic_locations', noOrganization, async () => {
    const metrics = await orgApi().locationsFootTraffic({ ...range, granularity: 'hour' });
    const visitors = metrics.reduce((sum, m) => sum + m.total, 0);
    return {
      items: metrics.length,
      facts: [{ kind: 'visitors_at_locations', visitors, locations: metrics.length }],
    };
  });
  await run('foot_traffic_device', noDevice, async () => {
    const traffic = await orgApi().deviceFootTraffic(serial ?? '', {
      ...range,
      granularity: 'hour',
    });
    return {
      items: traffic.series.length,
      facts: [
        { kind: 'visitors_in_buckets', visitors: traffic.total, buckets: traffic.series.length },
      ],
    };
  });
}

export function lastConnectionReport(ctx: ServiceContext): ConnectionReport | null {
  const parsed = StoredReport.safeParse(ctx.settings.setting(LAST_REPORT_KEY));
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------- step building

const blank = (step: StepName): ConnectionStep => ({
  step,
  endpoint: STEP_ENDPOINTS[step],
  outcome: 'skipped',
  ms: null,
  status: null,
  paging: null,
  items: null,
  total: null,
  fields: [],
  unknownFields: [],
  problem: null,
  facts: [],
});

const skipped = (step: StepName, reason: ConnectionFact): ConnectionStep => ({
  ...blank(step),
  facts: [reason],
});

async function timed(step: StepName, probe: () => Promise<Found>): Promise<ConnectionStep> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const found = await probe();
    const fields = keysOf(found.first);
    const known = found.known ?? null;
    return {
      ...blank(step),
      outcome: 'ok',
      ms: elapsed(),
      paging: found.paging ?? null,
      items: found.items ?? null,
      total: found.total ?? null,
      fields,
      unknownFields: known ? fields.filter((f) => !known.includes(f)) : [],
      facts: found.facts ?? [],
    };
  } catch (error) {
    const ms = elapsed();
    if (!(error instanceof AppError)) {
      return {
        ...blank(step),
        outcome: 'failed',
        ms,
        problem: { kind: 'internal', code: 'check_step_failed' },
      };
    }
    return {
      ...blank(step),
      // bad_response is exactly "the server answered, the app could not read it".
      outcome: error.kind === 'bad_response' ? 'not_understood' : 'failed',
      ms,
      status: error.status ?? null,
      problem: {
        kind: error.kind,
        code: error.code,
        ...(error.params ? { params: error.params } : {}),
      },
    };
  }
}

/** Paging, counts and the first raw item of a list's first page. */
function listFound(
  page: { style: PagingStyle; items: unknown[]; totalCount: number | null; raw: unknown },
  known: readonly string[],
): Found {
  const raw = listItemsIn(page.raw);
  return {
    paging: page.style,
    items: page.items.length,
    total: page.totalCount,
    first: raw?.[0] ?? page.items[0],
    known,
  };
}

/** Asks a page again with the validator it came with: a 304 is the server allowing it. */
async function conditionalFact(
  validators: Validators | null,
  askAgain: (validators: Validators) => Promise<{ notModified?: boolean }>,
): Promise<ConnectionFact> {
  if (validators === null) return { kind: 'no_conditional_requests' };
  const again = await askAgain(validators);
  if (again.notModified !== true) return { kind: 'no_conditional_requests' };
  return {
    kind: 'conditional_requests',
    validator: validators.etag !== null ? 'etag' : 'last_modified',
  };
}

/**
 * Whether the server knows a device only in the spelling it lists (decision record 34: a server with
 * lower-case serials answered 404 to the upper-cased ones). The app sends the server's own
 * spelling (service/serial-spelling.ts); the report says what it adapted to.
 */
async function refusesOtherCase(api: VendorApi, serial: string): Promise<boolean> {
  const other = otherCase(serial);
  if (other === serial) return false;
  try {
    await api.getDevice(other);
    return false;
  } catch (error) {
    return error instanceof AppError && error.kind === 'not_found';
  }
}

function whyNoOrganization(listed: readonly unknown[] | null): ConnectionFact {
  if (listed === null)
    return { kind: 'skipped_organizations_unread', endpoint: STEP_ENDPOINTS.organizations };
  if (listed.length === 0) return { kind: 'skipped_key_has_no_organization' };
  return { kind: 'skipped_choose_organization', count: listed.length };
}

function outcomeOf(steps: readonly ConnectionStep[]): ConnectionReport['outcome'] {
  if (!steps.some((s) => s.outcome === 'ok')) return 'failed';
  return steps.some((s) => s.outcome === 'failed' || s.outcome === 'not_understood')
    ? 'problems'
    : 'ok';
}

// ---------------------------------------------------------------- the stored report

const ERROR_KINDS = Object.keys(ERROR_TRAITS) as [ErrorKind, ...ErrorKind[]];

const StoredFact: z.ZodType<ConnectionFact> = z.union([CheckFact, ApiFinding]);

const StoredStep = z.object({
  step: z.enum(CONNECTION_STEPS),
  endpoint: z.string(),
  outcome: z.enum(['ok', 'not_understood', 'failed', 'skipped']),
  ms: z.number().nullable(),
  status: z.number().nullable(),
  paging: z.enum(PAGING_STYLES).nullable(),
  items: z.number().nullable(),
  total: z.number().nullable(),
  fields: z.array(z.string()),
  unknownFields: z.array(z.string()),
  problem: z
    .object({
      kind: z.enum(ERROR_KINDS),
      // A report of an earlier version may have English words and no code.
      code: z.enum(ERROR_CODES).optional(),
      message: z.string().optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    })
    .nullable(),
  // Reports kept by an earlier version have English notes instead: the screen shows those.
  facts: z.array(StoredFact).default([]),
  notes: z.array(z.string()).optional(),
});

/** Written by an earlier run (maybe an earlier version): read back only if it still fits. */
const StoredReport: z.ZodType<ConnectionReport> = z.object({
  at: z.string(),
  baseUrl: z.string(),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  steps: z.array(StoredStep),
  outcome: z.enum(['ok', 'problems', 'failed']),
});
