/**
 * Every code the core speaks in has words in every language: each error code, field rule,
 * connection-check fact and activity fact is said through catalog keys that every catalog
 * holds. The codes come from the contract itself (its const arrays, and its unions through
 * mapped types a new member cannot be left out of), never from a list kept by hand here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_CODES,
  FIELD_RULES,
  type ActivityFact,
  type ConnectionFact,
  type ErrorCode,
} from '../../../electron/shared';
import {
  FALLBACK_LOCALE,
  MESSAGE_LOCALES,
  PSEUDO_LOCALE,
  resolveLocale,
} from '../../../i18n/locales';
import { I18N_MESSAGES } from '../../../i18n/paths';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { activityDetail } from '../../../renderer/src/lib/words/activity-text';
import { factWords } from '../../../renderer/src/lib/words/connection-report';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { issueText } from '../../../renderer/src/lib/words/field-issues';
import type * as I18n from '../../../renderer/src/lib/words/i18n';

/** The catalog keys the renderer looked up since the last `said` (its `m`, watched). */
const looked = vi.hoisted(() => new Set<string>());
vi.mock('../../../renderer/src/lib/words/i18n', async (importOriginal) => {
  const real = await importOriginal<typeof I18n>();
  const m = new Proxy(real.m, {
    get: (target, key) => {
      if (typeof key === 'string') looked.add(key);
      return Reflect.get(target, key) as unknown;
    },
  });
  return { ...real, m };
});

/** What `say` says, and the catalog keys it said it with. */
const said = (say: () => string): { text: string; keys: string[] } => {
  looked.clear();
  const text = say();
  return { text, keys: [...looked] };
};

const LANGUAGES = MESSAGE_LOCALES.filter((l) => l !== PSEUDO_LOCALE);
const TRANSLATED = LANGUAGES.filter((l) => l !== 'en');
const keysOf = (locale: string): Set<string> =>
  new Set(Object.keys(JSON.parse(readFileSync(join(I18N_MESSAGES, `${locale}.json`), 'utf8'))));
const CATALOG_KEYS = new Map(LANGUAGES.map((l) => [l, keysOf(l)]));

const speak = (locale: string) => setLocaleSource(() => resolveLocale([locale]));
afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

/** Values for any code's parameters (each code reads the ones it names). */
const PARAMS = {
  host: 'api.example.com',
  seconds: 15,
  serial: 'FTC-9',
  location: 'Markt Mitte',
  count: 3,
  status: 503,
  kilobytes: 512,
  pages: 1000,
  problem: 'base_url_scheme',
  field: 'name',
  items: 200_000,
  mb: 64,
  promised: 1200,
  listed: 1150,
  platform: 'linux',
  max: 10,
  dataDir: '/data',
  action: 'install',
  state: 'queued',
  url: 'https://api.example.com/v1',
  expected: 3,
};

const errorOf = (code: ErrorCode) => ({
  kind: 'internal' as const,
  code,
  params: PARAMS,
  // `field`: the one field's problem is the sentence.
  fields: { name: { rule: 'name_required' as const, code: 'too_small' } },
});

/** One of every connection-check fact: the mapped type makes a new kind a compile error here. */
const CONNECTION_FACTS: { [K in ConnectionFact['kind']]: Extract<ConnectionFact, { kind: K }> } = {
  signed_in_as: { kind: 'signed_in_as', name: 'Ada' },
  user_not_named: { kind: 'user_not_named' },
  organizations_visible: { kind: 'organizations_visible', count: 2 },
  no_locations: { kind: 'no_locations' },
  cities_read: { kind: 'cities_read', withCity: 3, addresses: 4 },
  visitors_at_locations: { kind: 'visitors_at_locations', visitors: 120, locations: 4 },
  visitors_in_buckets: { kind: 'visitors_in_buckets', visitors: 120, buckets: 24 },
  serials_case_sensitive: { kind: 'serials_case_sensitive', serial: 'FTC-9' },
  skipped_after: { kind: 'skipped_after', endpoint: 'GET /me' },
  skipped_organizations_unread: { kind: 'skipped_organizations_unread', endpoint: 'GET /x' },
  skipped_key_has_no_organization: { kind: 'skipped_key_has_no_organization' },
  skipped_choose_organization: { kind: 'skipped_choose_organization', count: 3 },
  skipped_locations_unread: { kind: 'skipped_locations_unread', endpoint: 'GET /locations' },
  skipped_no_locations: { kind: 'skipped_no_locations' },
  skipped_no_device: { kind: 'skipped_no_device' },
  not_installed_empty_location: { kind: 'not_installed_empty_location' },
  zero_time_is_never: { kind: 'zero_time_is_never' },
  named_root: { kind: 'named_root' },
  traffic_flat_records: { kind: 'traffic_flat_records', granularity: 'day' },
  traffic_other_organizations: { kind: 'traffic_other_organizations', locations: 2 },
  conditional_requests: { kind: 'conditional_requests', validator: 'etag' },
  no_conditional_requests: { kind: 'no_conditional_requests' },
  updated_since_honoured: { kind: 'updated_since_honoured' },
  updated_since_ignored: { kind: 'updated_since_ignored' },
};

/** One of every activity fact, likewise. */
const ACTIVITY_FACTS: { [K in ActivityFact['kind']]: Extract<ActivityFact, { kind: K }> } = {
  queued: { kind: 'queued' },
  created_offline: { kind: 'created_offline' },
  discarded: { kind: 'discarded' },
  installed: { kind: 'installed', location: 'Markt Mitte' },
  moved: { kind: 'moved', location: 'Markt Mitte' },
  replaced: { kind: 'replaced', old: 'FTC-1', location: 'Markt Mitte' },
  uninstalled: { kind: 'uninstalled', location: 'Markt Mitte' },
  device_saved: { kind: 'device_saved' },
  location_created: { kind: 'location_created', name: 'Markt Mitte' },
  location_deleted: { kind: 'location_deleted', location: 'Markt Mitte' },
  conflict: { kind: 'conflict', location: 'Markt Mitte' },
  accepted: { kind: 'accepted' },
  not_applied: { kind: 'not_applied', location: null },
  failed: { kind: 'failed', error: { kind: 'not_found', code: 'device_not_found' } },
  verification: { kind: 'verification', checkedIn: true, note: null },
  outbox_damaged: { kind: 'outbox_damaged', unreadable: 2, keptAt: '/data/outbox.damaged' },
  mounting_checklist: { kind: 'mounting_checklist', deviceType: null, checks: [] },
  visit_incomplete: {
    kind: 'visit_incomplete',
    open: [{ rule: 'passed_check', serial: 'FTC-9' }],
    reason: 'Store closed early',
  },
  silent_check: {
    kind: 'silent_check',
    cause: 'cable_poe',
    note: 'Cable reseated',
    evidence: 'others_checking_in',
    vendorReachable: true,
  },
};

type Case = [name: string, say: () => string];
const CASES: Record<string, Case[]> = {
  'error code': ERROR_CODES.flatMap((code): Case[] => [
    [`${code} (message)`, () => errorWords(errorOf(code)).message],
    [`${code} (next step)`, () => errorWords(errorOf(code)).nextStep],
  ]),
  'field rule': FIELD_RULES.map((rule): Case => [
    rule,
    () => issueText({ rule, code: 'too_big', params: { maximum: 100 } }),
  ]),
  'connection fact': Object.values(CONNECTION_FACTS).map((fact): Case => [
    fact.kind,
    () => factWords(fact),
  ]),
  'activity fact': Object.values(ACTIVITY_FACTS).map((fact): Case => [
    fact.kind,
    () => activityDetail({ fact, detail: '', walkTest: null }),
  ]),
};

describe.each(Object.entries(CASES))('every %s', (_, cases) => {
  it('is said with catalog keys that every language has', () => {
    const missing = cases.flatMap(([name, say]) => {
      const { keys } = said(say);
      if (keys.length === 0) return [`${name}: said with no catalog key`];
      return LANGUAGES.flatMap((locale) =>
        keys
          .filter((key) => !CATALOG_KEYS.get(locale)?.has(key))
          .map((key) => `${name}: ${locale} has no ${key}`),
      );
    });
    expect(missing).toEqual([]);
  });

  it('is said in its own words, not only by the generic sentence of its kind', () => {
    const generic = cases
      .filter(([, say]) => said(say).keys.every((key) => key.startsWith('error_kind_')))
      .map(([name]) => name);
    expect(generic).toEqual([]);
  });

  it.each(TRANSLATED)('is said in %s, not in English', (locale) => {
    const english = cases.map(([, say]) => say());
    speak(locale);
    const untranslated = cases
      .filter(([, say], i) => {
        const text = say();
        return text === '' || text === english[i];
      })
      .map(([name]) => name);
    expect(untranslated).toEqual([]);
  });
});
