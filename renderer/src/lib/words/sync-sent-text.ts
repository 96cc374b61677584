/**
 * "Sent 2 actions." / "Sent 0 actions; 1 action still needs attention.": what a sync sent
 * and what is left, for the dialogs that offer to send the queue before leaving it (sign-out,
 * switching organization). Each says "what is left" in its own words.
 */
import type { SyncReport } from '$shared';
import { formatNumber } from './format';
import { m } from './i18n';
import type { SessionState } from '../state/session.svelte';
import { call } from '../transport/transport';

type LeftMessage = (p: { count: number; shown: string; sent: string }) => string;

const syncedAttentionText = (
  report: Pick<SyncReport, 'done' | 'remaining' | 'failed' | 'conflicts'>,
  leftMessage: LeftMessage,
): string => {
  const done = { count: report.done, shown: formatNumber(report.done) };
  const left = report.remaining + report.failed + report.conflicts;
  return left > 0
    ? leftMessage({ count: left, shown: formatNumber(left), sent: m.sync_sent_phrase(done) })
    : m.sync_sent(done);
};

/** "Send them now" in those dialogs: a sync, the queue re-read, and what to say about it. */
export const sendQueueNow = async (
  session: Pick<SessionState, 'refreshOutbox'>,
  leftMessage: LeftMessage,
): Promise<() => string> => {
  const report = await call('syncNow', {});
  await session.refreshOutbox();
  return () => syncedAttentionText(report, leftMessage);
};
