/**
 * Completion rules IT can set (decision record 56): what every device placed in a visit needs before the
 * visit is complete — placement photos, a passed check (walk test or audit), the mounting
 * checklist. Evaluated from the visit's own record (activity entries and photos), so what the
 * visit shows open is what its receipt says. Shared by the core (finishVisit records it) and
 * the renderer; no words here.
 */

import type { ActivityAction, ActivityResult } from './contract/activity-names';

/**
 * What the rules read of an activity entry, by the record's own names (the contract's
 * ActivityEntry, contract/visits.ts, has these fields; it is not imported, as the contract
 * imports this module's types): a misspelt action or result fails to compile.
 */
interface LoggedEntry {
  action: ActivityAction;
  result: ActivityResult;
  serial: string | null;
}

export interface CompletionRules {
  /** Placement photos each placed device needs (0: none). */
  photos: number;
  /** A passed walk test or audit for each placed device. */
  passedCheck: boolean;
  /** The mounting checklist answered for each placed device. */
  checklist: boolean;
}

export const NO_RULES: CompletionRules = { photos: 0, passedCheck: false, checklist: false };

export const hasRules = (rules: CompletionRules): boolean =>
  rules.photos > 0 || rules.passedCheck || rules.checklist;

/** One rule still open for one device. */
export type OpenRule =
  | { rule: 'photos'; serial: string; have: number; need: number }
  | { rule: 'passed_check'; serial: string }
  | { rule: 'checklist'; serial: string };

/** Results that count as "a passed walk test or audit". */
const PASSED_CHECKS: readonly ((entry: LoggedEntry) => boolean)[] = [
  (entry) => entry.action === 'verify' && entry.result === 'verified',
  (entry) => entry.action === 'audit' && entry.result === 'audit_passed',
];

/** Placements that put a device in a store: each must meet the rules. */
const PLACED: ReadonlySet<ActivityAction> = new Set<ActivityAction>(['install', 'replace', 'move']);

/**
 * The rules still open in a visit: for each device placed and not taken out again in it, the
 * photos it lacks, a missing passed check, a missing checklist. Oldest placement first.
 */
export const openRules = (
  rules: CompletionRules,
  entries: readonly LoggedEntry[],
  photosBySerial: ReadonlyMap<string, number>,
): OpenRule[] => {
  const placed: string[] = [];
  for (const entry of entries) {
    if (entry.serial === null) continue;
    if (PLACED.has(entry.action) && entry.result !== 'failed' && entry.result !== 'conflict') {
      if (!placed.includes(entry.serial)) placed.push(entry.serial);
    } else if (entry.action === 'uninstall' && entry.result !== 'failed') {
      const at = placed.indexOf(entry.serial);
      if (at >= 0) placed.splice(at, 1);
    }
  }
  const open: OpenRule[] = [];
  for (const serial of placed) {
    const ofDevice = entries.filter((e) => e.serial === serial);
    const have = photosBySerial.get(serial) ?? 0;
    if (have < rules.photos) open.push({ rule: 'photos', serial, have, need: rules.photos });
    if (rules.passedCheck && !ofDevice.some((e) => PASSED_CHECKS.some((passed) => passed(e))))
      open.push({ rule: 'passed_check', serial });
    if (rules.checklist && !ofDevice.some((e) => e.action === 'checklist'))
      open.push({ rule: 'checklist', serial });
  }
  return open;
};
