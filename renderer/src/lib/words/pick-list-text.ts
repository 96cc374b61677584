/**
 * A pick list line in words: why it is skipped, and how its install goes — from the queue the
 * core pushes while it waits or is sent, then from the activity entry that says how it ended,
 * in the same words and badges as the queue and the Activity log. Pure, unit-tested.
 */
import type { ActivityEntry, OutboxItem, PickLine, PickProblem } from '$shared';
import { activityDetail } from './activity-text';
import { errorWords } from './error-text';
import { formatNumber, MISSING } from './format';
import { m } from './i18n';
import { neverApplied, pendingBadge, waitsForServer } from '../state/pending-action';
import { notAppliedWords } from './activity-text';

export interface LineState {
  badge: { text: string; tone: string };
  text: string;
}

export const problemText = (problem: PickProblem): string => {
  switch (problem.kind) {
    case 'not_a_serial':
      return m.pick_problem_not_a_serial();
    case 'unknown':
      return m.pick_problem_unknown();
    case 'installed_elsewhere':
      return m.pick_problem_installed_elsewhere({
        location: problem.location.name ?? problem.location.id,
      });
    case 'installed_here':
      return m.pick_problem_installed_here();
    case 'wrong_type':
      return problem.type === null
        ? m.pick_problem_type_unknown({ expected: problem.expected })
        : m.pick_problem_wrong_type({ type: problem.type, expected: problem.expected });
    case 'duplicate':
      return m.pick_problem_duplicate({ line: formatNumber(problem.line) });
  }
};

const ENDED: Record<string, { text: () => string; tone: string }> = {
  done: { text: m.result_done, tone: 'ok' },
  failed: { text: m.result_failed, tone: 'bad' },
  conflict: { text: m.result_conflict, tone: 'bad' },
  queued: { text: m.result_queued, tone: 'warn' },
};

const waitingText = (item: OutboxItem): string => {
  if (waitsForServer(item)) return m.activity_accepted();
  switch (item.state) {
    case 'failed':
      return item.lastError ? errorWords(item.lastError).message : '';
    case 'conflict':
      return neverApplied(item)
        ? notAppliedWords(item.conflictLocation)
        : m.activity_conflict({
            location: item.conflictLocation?.name ?? item.conflictLocation?.id ?? MISSING,
          });
    case 'queued':
      return m.activity_queued();
    default:
      return '';
  }
};

const endedState = (entry: ActivityEntry): LineState => {
  const badge = ENDED[entry.result] ?? ENDED.failed!;
  return { badge: { text: badge.text(), tone: badge.tone }, text: activityDetail(entry) };
};

/**
 * What the line shows now. `outbox` is the queue as last pushed: fresher than the line's own
 * copy of its item, which it keeps until the list is read again after the item left the queue.
 */
export function lineState(line: PickLine, outbox: readonly OutboxItem[]): LineState {
  const { install, problem } = line;
  const item = install ? (outbox.find((i) => i.id === install.intentId) ?? install.item) : null;
  if (item) {
    return { badge: pendingBadge(item), text: waitingText(item) };
  }
  const ended = install?.entry ? endedState(install.entry) : null;
  if (problem) {
    const skipped = problemText(problem);
    if (ended) return { badge: ended.badge, text: `${ended.text} ${skipped}` };
    return { badge: { text: m.pick_list_skipped(), tone: 'bad' }, text: skipped };
  }
  if (ended) return ended;
  if (install) return { badge: { text: MISSING, tone: 'info' }, text: '' };
  if (!line.checked)
    return { badge: { text: m.pick_list_line_checking(), tone: 'info' }, text: '' };
  return { badge: { text: m.pick_list_ready(), tone: 'info' }, text: '' };
}
