/**
 * A device's action that the queue has not finished, as every screen showing that device sees
 * it (the device screen, a store's devices, Inventory, Verify), from the outbox the core pushes
 * on every change: queued → being sent → gone once done. Pure, unit-tested.
 */
import type { OutboxItem } from '$shared';
import { m } from '../words/i18n';
import { movesDevice } from '../words/outbox-text';

/** An item's state as a badge: the same words and tones wherever the queue is shown. */
const PENDING_BADGE: Record<OutboxItem['state'], { text: () => string; tone: string }> = {
  queued: { text: m.result_queued, tone: 'warn' },
  syncing: { text: m.outbox_state_syncing, tone: 'info' },
  failed: { text: m.result_failed, tone: 'bad' },
  conflict: { text: m.result_conflict, tone: 'bad' },
  done: { text: m.outbox_state_synced, tone: 'ok' },
};

/** Accepted by the server, not shown by it yet: nothing is sent, the app reads until it is. */
export const waitsForServer = (item: OutboxItem): boolean =>
  Boolean(item.acceptedAt) && (item.state === 'queued' || item.state === 'syncing');

/** An item's badge, the same wherever the queue is shown: "Waiting for the server" while it does. */
export const pendingBadge = (item: OutboxItem): { text: string; tone: string } => {
  const badge = waitsForServer(item)
    ? { text: m.result_accepted, tone: 'info' }
    : PENDING_BADGE[item.state];
  return { text: badge.text(), tone: badge.tone };
};

/** Accepted by the server and never shown: a conflict the technician decides. */
export const neverApplied = (item: OutboxItem): boolean =>
  item.state === 'conflict' && item.lastError?.code === 'accepted_not_applied';

/** Stopped items (failed, conflict) hold every later action of the device behind them. */
export const holdsActions = (item: OutboxItem): boolean =>
  movesDevice(item.kind) || item.state === 'failed' || item.state === 'conflict';

/**
 * The device's unfinished action that matters most: the first that holds its other actions
 * (a queued settings change alone does not), else the first. Null when nothing is pending.
 * A replace is the action of both devices: the one put in and the broken one.
 */
export const pendingFor = (outbox: readonly OutboxItem[], serial: string): OutboxItem | null => {
  const mine = outbox.filter(
    (i) => i.state !== 'done' && (i.serial === serial || i.replaces === serial),
  );
  return mine.find(holdsActions) ?? mine[0] ?? null;
};

/** What an action of this device that left the queue did ("Installed FTC-1."). */
export const sentText = (item: OutboxItem, serial: string): string => {
  switch (item.kind) {
    case 'install':
      return m.outcome_installed({ serial });
    case 'move':
      return m.outcome_moved({ serial });
    case 'replace':
      return item.replaces === serial
        ? m.outcome_uninstalled({ serial })
        : m.outcome_installed({ serial });
    case 'uninstall':
      return m.outcome_uninstalled({ serial });
    default:
      return m.outcome_saved();
  }
};
