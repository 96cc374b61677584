import type { ActionResult } from '../../../electron/contract';

/** One sentence for the result of install / uninstall / move, done or queued. */
export const describeOutcome = (
  result: ActionResult,
  verb: 'Installed' | 'Uninstalled' | 'Moved',
): string =>
  result.status === 'done'
    ? `${verb} ${result.device.serial_number}.`
    : `${result.item.serial} will be ${verb.toLowerCase()} when the connection is back.`;
