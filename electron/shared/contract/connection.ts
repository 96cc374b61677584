/** The connection check: a read-only probe of the API's endpoints, for support. */
import type { ApiFinding } from '../../core/api/findings';
import { ApiKey, BaseUrl, Empty, RULE } from './fields';
import type { SavedError } from './errors';
import { op } from './operation';
import { z } from 'zod';

/** How a list answer said where its next page is (the client's list reader tells them apart). */
export const PAGING_STYLES = [
  'page',
  'offset',
  'cursor',
  'next-url',
  'link-header',
  'none',
] as const;
export type PagingStyle = (typeof PAGING_STYLES)[number];

/** What the connection check asks, in order. */
export const CONNECTION_STEPS = [
  'organizations',
  'locations',
  'devices',
  'uninstalled_devices',
  'location_devices',
  'device',
  'foot_traffic_locations',
  'foot_traffic_device',
] as const;

/** One endpoint the connection check asked, and what it made of the answer. */
export interface ConnectionStep {
  step: (typeof CONNECTION_STEPS)[number];
  /** Method and path template, e.g. "GET /locations" (never a key or a query). */
  endpoint: string;
  /** not_understood: the server answered in a way the app cannot read. */
  outcome: 'ok' | 'not_understood' | 'failed' | 'skipped';
  /** Time the step took; null when skipped. */
  ms: number | null;
  /** HTTP status when the failure carried one. */
  status: number | null;
  paging: PagingStyle | null;
  /** Items in the answer (the first page of a list). */
  items: number | null;
  /** The list's total, when the server said it. */
  total: number | null;
  /** Field names of the first item, as the server sent them. */
  fields: string[];
  /** Those of `fields` the app does not read. */
  unknownFields: string[];
  /** As in AppErrorShape: the renderer says the problem from its code (a report kept by an
   * earlier version may have only English words). */
  problem: Pick<SavedError, 'kind' | 'code' | 'params' | 'message'> | null;
  /** What the step found or why it was skipped, as kinds the renderer words. */
  facts: ConnectionFact[];
  /** A report kept by an earlier version has these English notes instead of facts. */
  notes?: string[];
}

const count = z.number().int().min(0);
const endpoint = z.string();

/**
 * What the check itself learned (see ConnectionStep.facts), declared once: the type is
 * inferred, and a report kept by an earlier run is read back with it (core/service/
 * connection-check.ts).
 */
export const CheckFact = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('signed_in_as'), name: z.string() }),
  z.object({ kind: z.literal('user_not_named') }),
  z.object({ kind: z.literal('organizations_visible'), count }),
  z.object({ kind: z.literal('no_locations') }),
  z.object({ kind: z.literal('cities_read'), withCity: count, addresses: count }),
  z.object({ kind: z.literal('visitors_at_locations'), visitors: count, locations: count }),
  z.object({ kind: z.literal('visitors_in_buckets'), visitors: count, buckets: count }),
  /** Decision record 32: an unchanged page asked again with its validator was answered 304. */
  z.object({
    kind: z.literal('conditional_requests'),
    validator: z.enum(['etag', 'last_modified']),
  }),
  /** No validator on the answer, or no 304 when asked with it: every refresh costs whole pages. */
  z.object({ kind: z.literal('no_conditional_requests') }),
  /** GET /devices echoed `updated_since`: scheduled refreshes ask only for what changed. */
  z.object({ kind: z.literal('updated_since_honoured') }),
  z.object({ kind: z.literal('updated_since_ignored') }),
  /** The device answered in the spelling listed and 404 in its other case. */
  z.object({ kind: z.literal('serials_case_sensitive'), serial: z.string() }),
  /** A request before failed in a way every other would (offline, TLS, key refused). */
  z.object({ kind: z.literal('skipped_after'), endpoint }),
  z.object({ kind: z.literal('skipped_organizations_unread'), endpoint }),
  z.object({ kind: z.literal('skipped_key_has_no_organization') }),
  z.object({ kind: z.literal('skipped_choose_organization'), count }),
  z.object({ kind: z.literal('skipped_locations_unread'), endpoint }),
  z.object({ kind: z.literal('skipped_no_locations') }),
  z.object({ kind: z.literal('skipped_no_device') }),
]);

/** One thing the connection check learned; or what the client's readers adapted to in this
 * server's answers (core/api/findings.ts). */
export type ConnectionFact = z.infer<typeof CheckFact> | ApiFinding;

export interface ConnectionReport {
  at: string;
  baseUrl: string;
  organization: { id: string; name: string } | null;
  steps: ConnectionStep[];
  /** ok: nothing failed; problems: some steps failed or were not understood; failed: none worked. */
  outcome: 'ok' | 'problems' | 'failed';
}

export const connectionOperations = {
  /**
   * A read-only probe of the API's endpoints, for support. Neither field: the signed-in
   * account. Both: the base URL and key typed at sign-in (the key is used and forgotten).
   */
  checkConnection: op(
    z
      .object({ baseUrl: BaseUrl.optional(), apiKey: ApiKey.optional() })
      .strict()
      .refine((input) => (input.baseUrl === undefined) === (input.apiKey === undefined), {
        message: RULE.check_both_or_neither,
        path: ['apiKey'],
      }),
  ).returns<ConnectionReport>(),
  /** The last connection report, kept in app.db; null if there has been none. */
  lastConnectionReport: op(Empty).returns<ConnectionReport | null>(),
};
