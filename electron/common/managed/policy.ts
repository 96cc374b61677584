/**
 * Managed settings: what an IT department sets for every laptop (Windows Group Policy,
 * a macOS configuration profile, /etc/field-installer/policy.json on Linux). The same keys on
 * every OS, validated here like every other input; a bad value is named in a problem line and
 * ignored, never a crash. Read by electron/common/managed/read-policy.ts.
 */
import { isAbsolute, win32 } from 'node:path';
import { z } from 'zod';
import type { ManagedQuality, ManagedSettings, ManagedSource } from '../../shared';
import { isId } from '../../shared/id-patterns';
import {
  MAX_PHOTOS_PER_DEVICE,
  PHOTO_MAX_SIDE_MAX,
  PHOTO_MAX_SIDE_MIN,
} from '../../shared/photo-limits';

/** The policy's key names, as they appear in the registry, the plist and the JSON file. */
export const POLICY_KEYS = {
  apiBaseUrl: 'ApiBaseUrl',
  lockApiBaseUrl: 'LockApiBaseUrl',
  updateUrl: 'UpdateUrl',
  updatesEnabled: 'UpdatesEnabled',
  photoMaxSide: 'PhotoMaxSide',
  requiredPlacementPhotos: 'RequiredPlacementPhotos',
  requireWalkTestOrAudit: 'RequireWalkTestOrAudit',
  requireMountingChecklist: 'RequireMountingChecklist',
  completionRulesOrganizations: 'CompletionRulesOrganizations',
  mountingChecklistFile: 'MountingChecklistFile',
  silentDeviceGuideFile: 'SilentDeviceGuideFile',
  fullRefreshHours: 'FullRefreshHours',
  auditPercent: 'AuditAccuracyPercent',
  auditMinCrossings: 'AuditMinimumCrossings',
  auditMinMinutes: 'AuditMinimumMinutes',
  auditPassRule: 'AuditPassRule',
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

/**
 * Organization ids: in one string, separated by commas, semicolons or spaces (a registry string
 * holds no list), or — for ids that contain those, as a server's opaque ids may — a list of
 * strings (a plist array, a JSON array).
 */
const OrganizationList = z
  .union([
    z
      .string()
      .max(4000)
      .transform((text) => text.split(/[\s,;]+/).filter(Boolean)),
    z.array(z.string()).max(100),
  ])
  .pipe(z.array(z.string().refine(isId, 'not an organization id')).max(100));

/** A file IT points to: an absolute path (a relative one would depend on where the app starts). */
const AbsolutePath = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .refine((path) => isAbsolute(path) || win32.isAbsolute(path), 'must be an absolute path');
/** Hours between refreshes of the full lists: from 1 to 30 days' worth. */
const FULL_REFRESH_HOURS_MAX = 720;
/** A whole number in a range (registry DWORDs, plist integers, JSON numbers). */
const Whole = (min: number, max: number) => z.number().int().min(min).max(max);

const FIELDS = {
  ApiBaseUrl: HttpsUrl,
  LockApiBaseUrl: Switch,
  UpdateUrl: HttpsUrl,
  UpdatesEnabled: Switch,
  PhotoMaxSide: z.number().int().min(PHOTO_MAX_SIDE_MIN).max(PHOTO_MAX_SIDE_MAX),
  RequiredPlacementPhotos: z.number().int().min(0).max(MAX_PHOTOS_PER_DEVICE),
  RequireWalkTestOrAudit: Switch,
  RequireMountingChecklist: Switch,
  CompletionRulesOrganizations: OrganizationList,
  MountingChecklistFile: AbsolutePath,
  SilentDeviceGuideFile: AbsolutePath,
  FullRefreshHours: z
    .number()
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1')
    .max(FULL_REFRESH_HOURS_MAX, `must be at most ${FULL_REFRESH_HOURS_MAX}`),
  // The accuracy audit's pass mark and minimum sample (electron/shared/accuracy-audit.ts defaults).
  AuditAccuracyPercent: Whole(50, 100),
  AuditMinimumCrossings: Whole(1, 10_000),
  AuditMinimumMinutes: Whole(0, 1_440),
  // 'lower_bound': the low end of the accuracy's 95 % interval must reach the pass mark too.
  AuditPassRule: z.enum(['point', 'lower_bound']),
} as const;

export const NOT_MANAGED: ManagedSettings = {
  source: null,
  apiBaseUrl: null,
  apiBaseUrlLocked: false,
  updateUrl: null,
  updatesEnabled: null,
  photoMaxSide: null,
  quality: { rules: null, organizations: null, checklistFile: null, guideFile: null },
  auditPercent: null,
  auditMinCrossings: null,
  auditMinMinutes: null,
  auditPassRule: null,
};

export interface PolicyReading {
  settings: ManagedSettings;
  /** One sentence per value or source that could not be used (logged; it is ignored). */
  problems: string[];
}

/** The valid values of one source (a registry key, a file), by policy key name. */
export type PolicyValues = Partial<{ [K in keyof typeof FIELDS]: z.output<(typeof FIELDS)[K]> }>;

/**
 * Raw key → value pairs from one source → its valid values. Unknown keys are reported and
 * ignored; each known key is validated on its own, so one bad value does not throw away the
 * good ones.
 */
export const validatePolicyValues = (
  raw: unknown,
  where: string,
): { values: PolicyValues; problems: string[] } => {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { values: {}, problems: [`${where}: not a set of policy values`] };
  }
  const problems: string[] = [];
  const values: PolicyValues = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const schema = Object.hasOwn(FIELDS, key) ? FIELDS[key as keyof typeof FIELDS] : undefined;
    if (!schema) {
      problems.push(`${where}: unknown policy "${key.slice(0, 60)}" ignored`);
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) Object.assign(values, { [key]: parsed.data });
    else problems.push(`${where}: ${key} ignored: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return { values, problems };
};

/** The completion rules and checklist file, as set (any rule set makes the others count as off). */
const qualityOf = (values: PolicyValues): ManagedQuality => {
  const set =
    values.RequiredPlacementPhotos !== undefined ||
    values.RequireWalkTestOrAudit !== undefined ||
    values.RequireMountingChecklist !== undefined;
  return {
    rules: set
      ? {
          photos: values.RequiredPlacementPhotos ?? 0,
          passedCheck: values.RequireWalkTestOrAudit ?? false,
          checklist: values.RequireMountingChecklist ?? false,
        }
      : null,
    organizations: values.CompletionRulesOrganizations ?? null,
    checklistFile: values.MountingChecklistFile ?? null,
    guideFile: values.SilentDeviceGuideFile ?? null,
  };
};

/**
 * Several sources of one OS (machine-wide first, then the user's) → the settings. Each key is
 * taken from the first source that sets it: machine-wide policy wins over the user's, key by
 * key. `where` names every source that contributed.
 */
export const mergePolicyLayers = (
  kind: ManagedSource['kind'],
  layers: readonly { where: string; values: PolicyValues }[],
): ManagedSettings => {
  const values: PolicyValues = {};
  const contributed = new Set<string>();
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer.values)) {
      if (key in values) continue;
      Object.assign(values, { [key]: value });
      contributed.add(layer.where);
    }
  }
  const apiBaseUrl = values.ApiBaseUrl ?? null;
  return {
    source: contributed.size === 0 ? null : { kind, where: [...contributed].join(' + ') },
    apiBaseUrl,
    // A lock without a URL locks nothing.
    apiBaseUrlLocked: apiBaseUrl !== null && values.LockApiBaseUrl === true,
    updateUrl: values.UpdateUrl ?? null,
    updatesEnabled: values.UpdatesEnabled ?? null,
    photoMaxSide: values.PhotoMaxSide ?? null,
    quality: qualityOf(values),
    ...(values.FullRefreshHours === undefined ? {} : { fullRefreshHours: values.FullRefreshHours }),
    auditPercent: values.AuditAccuracyPercent ?? null,
    auditMinCrossings: values.AuditMinimumCrossings ?? null,
    auditMinMinutes: values.AuditMinimumMinutes ?? null,
    auditPassRule: values.AuditPassRule ?? null,
  };
};

/** One source's raw values → the managed settings (see validatePolicyValues). */
export const readPolicyValues = (raw: unknown, source: ManagedSource): PolicyReading => {
  const { values, problems } = validatePolicyValues(raw, source.where);
  return {
    settings: mergePolicyLayers(source.kind, [{ where: source.where, values }]),
    problems,
  };
};
