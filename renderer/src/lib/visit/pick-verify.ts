/**
 * The pick list's way through Verify: which of its devices are installed at a store, and which
 * of those this visit has not verified yet ("Verify next"). Pure, unit-tested.
 */
import type { ActivityEntry, PickLine } from '$shared';

/** Installed at `locationId` from the list (sent and done), or found installed there already. */
export const installedHere = (line: PickLine, locationId: string): boolean =>
  line.problem?.kind === 'installed_here' ||
  (line.install?.locationId === locationId &&
    line.install.item === null &&
    line.install.entry?.result === 'done');

/** The device's last verification in these entries (the visit's), or null. */
export const lastVerification = (
  entries: readonly ActivityEntry[],
  serial: string,
): ActivityEntry | null =>
  entries.findLast((e) => e.action === 'verify' && e.serial === serial) ?? null;

/** The list's devices installed at `locationId` with no verification yet, in the list's order. */
export const toVerify = (
  lines: readonly PickLine[],
  entries: readonly ActivityEntry[],
  locationId: string,
): string[] =>
  lines
    .filter((l) => installedHere(l, locationId) && lastVerification(entries, l.serial) === null)
    .map((l) => l.serial)
    .filter((serial, i, all) => all.indexOf(serial) === i);
