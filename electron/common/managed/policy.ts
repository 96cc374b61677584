/**
 * Managed settings: what an IT department sets for every laptop (Windows Group Policy,
 * a macOS configuration profile, /etc/field-installer/policy.json on Linux). The same keys on
 * every OS, validated here like every other input; a bad value is named in a problem line and
 * ignored, never a crash. Read by electron/common/managed/read-policy.ts.
 */
import { z } from 'zod';
import type { ManagedSettings, ManagedSource } from '../../contract';

/** The policy's key names, as they appear in the registry, the plist and the JSON file. */
export const POLICY_KEYS = {
  apiBaseUrl: 'ApiBaseUrl',
  lockApiBaseUrl: 'LockApiBaseUrl',
  updateUrl: 'UpdateUrl',
  updatesEnabled: 'UpdatesEnabled',
  fullRefreshHours: 'FullRefreshHours',
} as const;

const HttpsUrl = z
  .string()
  .trim()
  .max(2048)
  .url()
  .refine((url) => url.startsWith('https://'), 'must start with https://');

/** Registry DWORDs arrive as 0/1, plists and JSON as booleans: both mean a switch. */
const Switch = z.union([
  z.boolean(),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
]);

/** Hours between refreshes of the full lists: from 1 to 30 days' worth. */
export const FULL_REFRESH_HOURS_MAX = 720;

const FIELDS = {
  ApiBaseUrl: HttpsUrl,
  LockApiBaseUrl: Switch,
  UpdateUrl: HttpsUrl,
  UpdatesEnabled: Switch,
  FullRefreshHours: z
    .number()
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1')
    .max(FULL_REFRESH_HOURS_MAX, `must be at most ${FULL_REFRESH_HOURS_MAX}`),
} as const;

export const NOT_MANAGED: ManagedSettings = {
  source: null,
  apiBaseUrl: null,
  apiBaseUrlLocked: false,
  updateUrl: null,
  updatesEnabled: null,
};

export interface PolicyReading {
  settings: ManagedSettings;
  /** One sentence per value that was refused (logged; the value is ignored). */
  problems: string[];
}

/**
 * Raw key → value pairs (from any of the three sources) → the managed settings. Unknown keys
 * are reported and ignored; each known key is validated on its own, so one bad value does not
 * throw away the good ones.
 */
export const readPolicyValues = (raw: unknown, source: ManagedSource): PolicyReading => {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { settings: NOT_MANAGED, problems: [`${source.where}: not a set of policy values`] };
  }
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const schema = Object.hasOwn(FIELDS, key) ? FIELDS[key as keyof typeof FIELDS] : undefined;
    if (!schema) {
      problems.push(`${source.where}: unknown policy "${key.slice(0, 60)}" ignored`);
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) values[key] = parsed.data;
    else
      problems.push(
        `${source.where}: ${key} ignored: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      );
  }
  const apiBaseUrl = (values.ApiBaseUrl as string | undefined) ?? null;
  const settings: ManagedSettings = {
    source: Object.keys(values).length === 0 ? null : source,
    apiBaseUrl,
    // A lock without a URL locks nothing.
    apiBaseUrlLocked: apiBaseUrl !== null && values.LockApiBaseUrl === true,
    updateUrl: (values.UpdateUrl as string | undefined) ?? null,
    updatesEnabled: (values.UpdatesEnabled as boolean | undefined) ?? null,
    ...(values.FullRefreshHours === undefined
      ? {}
      : { fullRefreshHours: values.FullRefreshHours as number }),
  };
  return { settings, problems };
};
