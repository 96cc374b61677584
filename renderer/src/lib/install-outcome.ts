import type { ActionResult } from '../../../electron/contract';
import { m } from './i18n';

type Verb = 'Installed' | 'Uninstalled' | 'Moved';

const DONE: Record<Verb, (p: { serial: string }) => string> = {
  Installed: m.outcome_installed,
  Uninstalled: m.outcome_uninstalled,
  Moved: m.outcome_moved,
};
const QUEUED: Record<Verb, (p: { serial: string }) => string> = {
  Installed: m.outcome_install_queued,
  Uninstalled: m.outcome_uninstall_queued,
  Moved: m.outcome_move_queued,
};

/** One sentence for the result of install / uninstall / move, done or queued. */
export const describeOutcome = (result: ActionResult, verb: Verb): string =>
  result.status === 'done'
    ? DONE[verb]({ serial: result.device.serial_number })
    : QUEUED[verb]({ serial: result.item.serial ?? m.outcome_the_device() });

/** Saving a device's settings, done or queued. */
export const describeUpdate = (result: ActionResult): string =>
  result.status === 'done' ? m.outcome_saved() : m.outcome_saved_queued();
