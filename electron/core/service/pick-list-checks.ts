/**
 * The pick list's pure parts: cutting a pasted or scanned text into serials, what the inventory
 * says of one line's serial (its facts, looked up once and stored: decision 70), and each line's
 * problem worked out from the stored facts of all lines. Unit-tested.
 */
import type { PickProblem } from '../../shared';
import type { LocationRef } from '../api/records';
import { isTypedSerial } from '../../shared/id-patterns';
import { serialKey } from '../../shared/serial-key';
import type { LineFacts } from '../store/pick-list-rows';

/**
 * Whatever people put between serials: line breaks (a column copied from a spreadsheet, a
 * scanner sending Enter or Tab), commas, semicolons, spaces. A cell's quotes are not part of it.
 */
const BETWEEN = /[\s,;]+/u;
const QUOTES = /^["'“”‘’]+|["'“”‘’]+$/gu;

export const splitSerialList = (text: string): string[] =>
  text
    .split(BETWEEN)
    .map((token) => token.replace(QUOTES, ''))
    .filter((token) => token !== '');

/** What the inventory knows of a device. */
export interface KnownDevice {
  /** The server's spelling. */
  serial: string;
  type: string | null;
  location: LocationRef | null;
}

/** The inventory saved on this computer, by a serial as typed (offline: no request). */
export type PickLookup = (serial: string) => KnownDevice | null;

/** What the inventory says of a line's serial: looked up once, then stored with the line. */
export const factsOf = (serial: string, lookup: PickLookup): LineFacts => {
  const device = isTypedSerial(serial) ? lookup(serial) : null;
  return device
    ? { known: true, serial: device.serial, type: device.type, location: device.location }
    : { known: false, serial, type: null, location: null };
};

export interface LineToCheck {
  serial: string;
  /** What the inventory said when the line was checked; null: not checked yet. */
  facts: LineFacts | null;
  /** Installed from the list, or on its way: not checked again (it is installed by now). */
  settled: boolean;
}

export interface CheckedLine {
  serial: string;
  deviceType: string | null;
  problem: PickProblem | null;
  /** false while the line waits for its first check (it has no problem yet, and is not ready). */
  checked: boolean;
}

/**
 * A token the inventory does not know that has no digit is a word ("hello", "n/a"), not a
 * serial: serials are the server's opaque strings, but a label's serial carries digits. A known
 * device is a serial whatever its spelling.
 */
const looksLikeSerial = (token: string): boolean => isTypedSerial(token) && /\d/.test(token);

/**
 * Every line's problem, first found first: not a serial, scanned twice, unknown, installed
 * (here or elsewhere), not of the expected type. A type is expected only once one is chosen: a
 * box may hold several types, and the first device scanned says nothing about the others. Only
 * what a line's stored facts say (no lookup): a read of the longest list is a pass over its rows.
 */
export function checkLines(
  lines: readonly LineToCheck[],
  here: string | null,
  chosenType: string | null,
): { expectedType: string | null; lines: CheckedLine[] } {
  const firstLineOf = new Map<string, number>();
  const repeats = lines.map((line, index) => {
    if (!isTypedSerial(line.serial)) return null;
    const key = serialKey(line.serial);
    const first = firstLineOf.get(key) ?? null;
    if (first === null) firstLineOf.set(key, index);
    return first;
  });
  const expectedType = chosenType;
  const problemOf = (line: LineToCheck, repeat: number | null): PickProblem | null => {
    if (line.settled) return null;
    if (!isTypedSerial(line.serial)) return { kind: 'not_a_serial' };
    if (repeat !== null) return { kind: 'duplicate', line: repeat + 1 };
    const facts = line.facts;
    if (facts === null) return null;
    if (!facts.known)
      return looksLikeSerial(line.serial) ? { kind: 'unknown' } : { kind: 'not_a_serial' };
    if (facts.location)
      return facts.location.id === here
        ? { kind: 'installed_here' }
        : { kind: 'installed_elsewhere', location: facts.location };
    if (expectedType !== null && facts.type !== expectedType)
      return { kind: 'wrong_type', type: facts.type, expected: expectedType };
    return null;
  };
  return {
    expectedType,
    lines: lines.map((line, i) => {
      const problem = problemOf(line, repeats[i] ?? null);
      return {
        serial: line.facts?.known ? line.facts.serial : line.serial,
        deviceType: line.facts?.known ? line.facts.type : null,
        problem,
        // A line that is no serial, or a repeat, needs no lookup to be said.
        checked: line.facts !== null || line.settled || problem !== null,
      };
    }),
  };
}
