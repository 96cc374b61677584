/**
 * The pick list's two pure parts: cutting a pasted or scanned text into serials, and checking
 * lines against the inventory saved on this computer (offline: no request). Unit-tested.
 */
import type { LocationRef, PickProblem } from '../../shared';
import { isTypedSerial } from '../../shared/id-patterns';
import { serialKey } from '../../shared/serial-key';

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

export interface PickLookup {
  device(serial: string): KnownDevice | null;
  /** Serials the inventory has close to one it has not ("did you mean"). */
  near(serial: string): string[];
}

export interface LineToCheck {
  serial: string;
  /** Installed from the list, or on its way: not checked again (it is installed by now). */
  settled: boolean;
}

export interface CheckedLine {
  serial: string;
  deviceType: string | null;
  problem: PickProblem | null;
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
 * box may hold several types, and the first device scanned says nothing about the others.
 */
export function checkLines(
  lines: readonly LineToCheck[],
  lookup: PickLookup,
  here: string | null,
  chosenType: string | null,
): { expectedType: string | null; lines: CheckedLine[] } {
  const firstLineOf = new Map<string, number>();
  const found = lines.map((line, index) => {
    if (!isTypedSerial(line.serial)) return { line, device: null, repeats: null };
    const key = serialKey(line.serial);
    const repeats = firstLineOf.get(key) ?? null;
    if (repeats === null) firstLineOf.set(key, index);
    return { line, device: lookup.device(line.serial), repeats };
  });
  const expectedType = chosenType;
  const problemOf = ({ line, device, repeats }: (typeof found)[number]): PickProblem | null => {
    if (line.settled) return null;
    if (!isTypedSerial(line.serial)) return { kind: 'not_a_serial' };
    if (repeats !== null) return { kind: 'duplicate', line: repeats + 1 };
    if (!device)
      return looksLikeSerial(line.serial)
        ? { kind: 'unknown', near: lookup.near(line.serial) }
        : { kind: 'not_a_serial' };
    if (device.location)
      return device.location.id === here
        ? { kind: 'installed_here' }
        : { kind: 'installed_elsewhere', location: device.location };
    if (expectedType !== null && device.type !== expectedType)
      return { kind: 'wrong_type', type: device.type, expected: expectedType };
    return null;
  };
  return {
    expectedType,
    lines: found.map((f) => ({
      serial: f.device?.serial ?? f.line.serial,
      deviceType: f.device?.type ?? null,
      problem: problemOf(f),
    })),
  };
}
