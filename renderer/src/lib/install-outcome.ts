import type { ActionResult } from '../../../electron/contract';

/** One sentence for the result of install / uninstall / move, done or queued. */
export const describeOutcome = (
  result: ActionResult,
  verb: 'Installed' | 'Uninstalled' | 'Moved',
): string =>
  result.status === 'done'
    ? `${verb} ${result.device.serial_number}.`
    : `${result.item.serial ?? 'The device'} will be ${verb.toLowerCase()} when the connection is back.`;

/** Saving a device's settings, done or queued. */
export const describeUpdate = (result: ActionResult): string =>
  result.status === 'done'
    ? 'Saved.'
    : 'Saved on this computer — the changes will be sent when the connection is back.';
