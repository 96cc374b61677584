/** The connection check in words: one line per step for the screen, and the plain-text report
 * IT copies or saves for support. Pure (no DOM), unit-testable. */
import type { ConnectionReport, ConnectionStep, PagingStyle } from '../../../electron/contract';

export const OUTCOME_WORDS: Readonly<Record<ConnectionStep['outcome'], string>> = {
  ok: 'OK',
  not_understood: 'Not understood',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** The badge colour class of app.css for each outcome (the word is always shown too). */
export const OUTCOME_TONE: Readonly<Record<ConnectionStep['outcome'], string>> = {
  ok: 'ok',
  not_understood: 'warn',
  failed: 'bad',
  skipped: 'info',
};

export const PAGING_WORDS: Readonly<Record<PagingStyle, string>> = {
  page: 'pages with a total',
  offset: 'offset and limit',
  cursor: 'cursor',
  'next-url': 'next-page link in the answer',
  'link-header': 'Link header',
  none: 'no paging',
};

export const REPORT_OUTCOME_WORDS: Readonly<Record<ConnectionReport['outcome'], string>> = {
  ok: 'Every endpoint that was tried answered in a way the app understands.',
  problems: 'Some endpoints failed or answered in a way the app does not understand.',
  failed: 'No endpoint worked.',
};

export const pagingWords = (paging: PagingStyle | null): string =>
  paging === null ? '' : PAGING_WORDS[paging];

/** "12", "12 of 340", or "" when the step listed nothing. */
export const countWords = (step: Pick<ConnectionStep, 'items' | 'total'>): string => {
  if (step.items === null) return '';
  return step.total !== null && step.total !== step.items
    ? `${step.items} of ${step.total}`
    : String(step.items);
};

export const msWords = (ms: number | null): string => (ms === null ? '' : `${ms} ms`);

export const organizationWords = (report: Pick<ConnectionReport, 'organization'>): string =>
  report.organization
    ? `${report.organization.name} (${report.organization.id})`
    : 'none (not chosen)';

function stepBlock(step: ConnectionStep): string[] {
  const lines = [step.endpoint, `  Result: ${OUTCOME_WORDS[step.outcome]}`];
  const add = (label: string, value: string) => {
    if (value !== '') lines.push(`  ${label}: ${value}`);
  };
  add('Time', msWords(step.ms));
  add('HTTP status', step.status === null ? '' : String(step.status));
  add('Paging', pagingWords(step.paging));
  add('Items', countWords(step));
  add('Fields', step.fields.join(', '));
  add('Fields the app does not read', step.unknownFields.join(', '));
  if (step.problem) add(`Problem (${step.problem.kind})`, step.problem.message);
  for (const note of step.notes) add('Note', note);
  return lines;
}

export interface AppIdentity {
  name: string;
  version?: string | undefined;
}

/** The whole report as plain text (CRLF-free, ends with a newline). */
export function reportText(report: ConnectionReport, app?: AppIdentity): string {
  const head = [
    `${app?.name ?? 'Field Installer'} connection report`,
    ...(app?.version ? [`App version: ${app.version}`] : []),
    `Checked at: ${report.at}`,
    `API base URL: ${report.baseUrl}`,
    `Organization: ${organizationWords(report)}`,
    `Result: ${REPORT_OUTCOME_WORDS[report.outcome]}`,
  ];
  const blocks = report.steps.map((s) => stepBlock(s).join('\n'));
  return [head.join('\n'), ...blocks].join('\n\n') + '\n';
}

/** e.g. field-installer-connection-2025-01-31T10-15-00Z.txt (no characters a file system refuses). */
export const reportFileName = (report: Pick<ConnectionReport, 'at'>): string =>
  `field-installer-connection-${report.at.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.txt`;
