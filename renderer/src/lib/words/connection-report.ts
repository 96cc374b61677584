/** The connection check in words: one line per step for the screen, and the plain-text report
 * IT copies or saves for support, in the app's language. Pure (no DOM), unit-testable. */
import type { ConnectionFact, ConnectionReport, ConnectionStep, PagingStyle } from '$shared';
import { errorWords } from './error-text';
import { formatNumber } from './format';
import { m } from './i18n';

const OUTCOMES: Readonly<Record<ConnectionStep['outcome'], () => string>> = {
  ok: m.check_outcome_ok,
  not_understood: m.check_outcome_not_understood,
  failed: m.check_outcome_failed,
  skipped: m.check_outcome_skipped,
};
export const outcomeWords = (outcome: ConnectionStep['outcome']): string => OUTCOMES[outcome]();

/** The badge colour class of app.css for each outcome (the word is always shown too). */
export const OUTCOME_TONE: Readonly<Record<ConnectionStep['outcome'], string>> = {
  ok: 'ok',
  not_understood: 'warn',
  failed: 'bad',
  skipped: 'info',
};

const PAGING: Readonly<Record<PagingStyle, () => string>> = {
  page: m.check_paging_page,
  offset: m.check_paging_offset,
  cursor: m.check_paging_cursor,
  'next-url': m.check_paging_next_url,
  'link-header': m.check_paging_link_header,
  none: m.check_paging_none,
};

const REPORT_OUTCOMES: Readonly<Record<ConnectionReport['outcome'], () => string>> = {
  ok: m.check_report_ok,
  problems: m.check_report_problems,
  failed: m.check_report_failed,
};
export const reportOutcomeWords = (outcome: ConnectionReport['outcome']): string =>
  REPORT_OUTCOMES[outcome]();

export const pagingWords = (paging: PagingStyle | null): string =>
  paging === null ? '' : PAGING[paging]();

/** "12", "12 of 340", or "" when the step listed nothing. */
export const countWords = (step: Pick<ConnectionStep, 'items' | 'total'>): string => {
  if (step.items === null) return '';
  return step.total !== null && step.total !== step.items
    ? m.check_count_of({ items: formatNumber(step.items), total: formatNumber(step.total) })
    : formatNumber(step.items);
};

export const msWords = (ms: number | null): string =>
  ms === null ? '' : m.check_milliseconds({ ms: formatNumber(ms) });

export const organizationWords = (report: Pick<ConnectionReport, 'organization'>): string =>
  report.organization
    ? `${report.organization.name} (${report.organization.id})`
    : m.check_organization_none();

/** A step's problem in the app's language (the core sends its kind and code). */
export const problemWords = (problem: NonNullable<ConnectionStep['problem']>): string =>
  errorWords(problem).message;

/** One thing the check learned, in the app's language. */
export const factWords = (fact: ConnectionFact): string => {
  const n = (value: number) => ({ count: value, shown: formatNumber(value) });
  switch (fact.kind) {
    case 'signed_in_as':
      return m.check_fact_signed_in_as({ name: fact.name });
    case 'user_not_named':
      return m.check_fact_user_not_named();
    case 'organizations_visible':
      return m.check_fact_organizations_visible(n(fact.count));
    case 'no_locations':
      return m.check_fact_no_locations();
    case 'cities_read':
      return m.check_fact_cities_read({
        ...n(fact.addresses),
        withCity: formatNumber(fact.withCity),
      });
    case 'visitors_at_locations':
      return m.check_fact_visitors_at_locations({
        shown: formatNumber(fact.visitors),
        locations: formatNumber(fact.locations),
      });
    case 'visitors_in_buckets':
      return m.check_fact_visitors_in_buckets({
        shown: formatNumber(fact.visitors),
        buckets: formatNumber(fact.buckets),
      });
    case 'conditional_requests':
      return fact.validator === 'etag'
        ? m.check_fact_conditional_etag()
        : m.check_fact_conditional_last_modified();
    case 'no_conditional_requests':
      return m.check_fact_no_conditional();
    case 'updated_since_honoured':
      return m.check_fact_updated_since_honoured();
    case 'updated_since_ignored':
      return m.check_fact_updated_since_ignored();
    case 'serials_case_sensitive':
      return m.check_fact_serials_case_sensitive({ serial: fact.serial });
    case 'skipped_after':
      return m.check_fact_skipped_after({ endpoint: fact.endpoint });
    case 'skipped_organizations_unread':
      return m.check_fact_skipped_organizations_unread({ endpoint: fact.endpoint });
    case 'skipped_key_has_no_organization':
      return m.check_fact_skipped_key_has_no_organization();
    case 'skipped_choose_organization':
      return m.check_fact_skipped_choose_organization({ count: formatNumber(fact.count) });
    case 'skipped_locations_unread':
      return m.check_fact_skipped_locations_unread({ endpoint: fact.endpoint });
    case 'skipped_no_locations':
      return m.check_fact_skipped_no_locations();
    case 'skipped_no_device':
      return m.check_fact_skipped_no_device();
    case 'not_installed_empty_location':
      return m.check_fact_not_installed_empty_location();
    case 'zero_time_is_never':
      return m.check_fact_zero_time_is_never();
    case 'named_root':
      return m.check_fact_named_root();
    case 'traffic_flat_records':
      return fact.granularity === 'day'
        ? m.check_fact_traffic_flat_records_day()
        : m.check_fact_traffic_flat_records_hour();
    case 'traffic_other_organizations':
      return m.check_fact_traffic_other_organizations(n(fact.locations));
  }
};

/** What a step learned, in words: its facts, or the English notes of a report kept by an
 * earlier version (which has no facts). */
export const stepNotes = (step: Pick<ConnectionStep, 'facts' | 'notes'>): string[] =>
  (step.facts ?? []).length > 0 ? (step.facts ?? []).map(factWords) : (step.notes ?? []);

function stepBlock(step: ConnectionStep): string[] {
  const lines = [step.endpoint];
  const add = (label: string, value: string) => {
    if (value !== '') lines.push(`  ${m.check_report_line({ label, value })}`);
  };
  add(m.check_report_result(), outcomeWords(step.outcome));
  add(m.check_report_time(), msWords(step.ms));
  add(m.check_report_http_status(), step.status === null ? '' : String(step.status));
  add(m.check_report_paging(), pagingWords(step.paging));
  add(m.check_report_items(), countWords(step));
  add(m.check_report_fields(), step.fields.join(', '));
  add(m.check_unknown_fields_label(), step.unknownFields.join(', '));
  if (step.problem)
    add(m.check_report_problem({ kind: step.problem.kind }), problemWords(step.problem));
  for (const note of stepNotes(step)) add(m.check_report_note(), note);
  return lines;
}

export interface AppIdentity {
  name: string;
  version?: string | undefined;
}

/** The whole report as plain text (CRLF-free, ends with a newline). Times stay ISO 8601 and
 * endpoints and kinds stay as they are, so support can read any language's report. */
export function reportText(report: ConnectionReport, app?: AppIdentity): string {
  const line = (label: string, value: string) => m.check_report_line({ label, value });
  const head = [
    m.check_report_title({ app: app?.name ?? m.app_name() }),
    ...(app?.version ? [line(m.check_report_app_version(), app.version)] : []),
    line(m.check_report_checked_at(), report.at),
    line(m.label_api_base_url(), report.baseUrl),
    line(m.label_organization(), organizationWords(report)),
    line(m.check_report_result(), reportOutcomeWords(report.outcome)),
  ];
  const blocks = report.steps.map((s) => stepBlock(s).join('\n'));
  return [head.join('\n'), ...blocks].join('\n\n') + '\n';
}

/** e.g. field-installer-connection-2025-01-31T10-15-00Z.txt (no characters a file system refuses). */
export const reportFileName = (report: Pick<ConnectionReport, 'at'>): string =>
  `field-installer-connection-${report.at.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.txt`;
