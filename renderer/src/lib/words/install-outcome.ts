import type { ActionResult } from '$shared';
import { m } from './i18n';

type Verb = 'Installed' | 'Uninstalled' | 'Moved';
type Said = (p: { serial: string }) => string;

const DONE: Record<Verb, Said> = {
  Installed: m.outcome_installed,
  Uninstalled: m.outcome_uninstalled,
  Moved: m.outcome_moved,
};
const QUEUED: Record<Verb, Said> = {
  Installed: m.outcome_install_queued,
  Uninstalled: m.outcome_uninstall_queued,
  Moved: m.outcome_move_queued,
};
/** Accepted by the server for later: shown done once a read shows it (the app checks). */
const ACCEPTED: Record<Verb, Said> = {
  Installed: m.outcome_install_accepted,
  Uninstalled: m.outcome_uninstall_accepted,
  Moved: m.outcome_move_accepted,
};
/** Answered "queued" while its send goes on (a slow server: the core waits a few seconds). */
const SENDING: Record<Verb, Said> = {
  Installed: m.outcome_install_sending,
  Uninstalled: m.outcome_uninstall_sending,
  Moved: m.outcome_move_sending,
};

/** Queued, and still on its way: saved, and the technician need not wait for it. */
export const stillSending = (result: ActionResult): boolean =>
  result.status === 'queued' && result.item.state === 'syncing';

/** Queued because the server accepted it for later (the queue's "Waiting for the server"). */
const acceptedForLater = (result: ActionResult): boolean =>
  result.status === 'queued' && Boolean(result.item.acceptedAt);

/** One sentence for the result of install / uninstall / move: done, accepted, sending, queued. */
export const describeOutcome = (result: ActionResult, verb: Verb): string =>
  result.status === 'done'
    ? DONE[verb]({ serial: result.device.serial })
    : (acceptedForLater(result) ? ACCEPTED : stillSending(result) ? SENDING : QUEUED)[verb]({
        serial: result.item.serial ?? m.outcome_the_device(),
      });

/** Saving a device's settings: done, accepted, being sent, or queued. */
export const describeUpdate = (result: ActionResult): string =>
  result.status === 'done'
    ? m.outcome_saved()
    : acceptedForLater(result)
      ? m.outcome_saved_accepted()
      : stillSending(result)
        ? m.outcome_saved_sending()
        : m.outcome_saved_queued();
