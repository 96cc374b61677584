/**
 * The pick list's pure parts: a pasted list cut into serials whatever separates them, what the
 * inventory says of a line (here a plain table of devices), and each line's problem from what
 * was stored of every line.
 */
import { describe, expect, it } from 'vitest';
import {
  checkLines,
  factsOf,
  splitSerialList,
  type KnownDevice,
  type PickLookup,
} from '../../../electron/core/service/pick-list-checks';

describe('splitSerialList', () => {
  it('takes one serial a line, commas, semicolons, tabs and spaces, and drops a cell’s quotes', () => {
    const pasted = 'FTC-1\r\nFTC-2\n\n  FTC-3 , FTC-4;FTC-5\tFTC-6 "FTC-7",\'FTC-8\'\n';
    expect(splitSerialList(pasted)).toEqual([
      'FTC-1',
      'FTC-2',
      'FTC-3',
      'FTC-4',
      'FTC-5',
      'FTC-6',
      'FTC-7',
      'FTC-8',
    ]);
  });

  it('keeps what is not a serial as a token (shown as a problem, never lost) and gives nothing for blanks', () => {
    expect(splitSerialList('FTC-1 n/a ÜBER')).toEqual(['FTC-1', 'n/a', 'ÜBER']);
    expect(splitSerialList(' \n\t ,; ')).toEqual([]);
  });
});

const devices: KnownDevice[] = [
  { serial: 'FTC-A1', type: 'Counter 3', location: null },
  { serial: 'FTC-A2', type: 'Counter 3', location: null },
  { serial: 'FTC-B1', type: 'Counter 2', location: null },
  { serial: 'FTC-C1', type: 'Counter 3', location: { id: 'loc-2', name: 'Mall' } },
  { serial: 'FTC-C2', type: 'Counter 3', location: { id: 'loc-1', name: 'Here' } },
];
const bare = (serial: string) => serial.replace('-', '').toLowerCase();
// As the core finds the server's spelling: case and separators aside.
const lookup: PickLookup = (serial) => devices.find((d) => bare(d.serial) === bare(serial)) ?? null;
/** Each line checked: its facts as the core stores them. */
const lines = (...serials: string[]) =>
  serials.map((serial) => ({ serial, facts: factsOf(serial, lookup), settled: false }));

describe('checkLines', () => {
  it('says for each line what keeps it from being installed, and nothing for a good one', () => {
    const checked = checkLines(
      lines('ftca1', 'FTC-A3', 'FTC-C1', 'FTC-C2', 'FTC-B1', 'FTC-A1', 'n/a', 'FTC-A2', 'hello'),
      'loc-1',
      'Counter 3',
    );
    expect(checked.expectedType).toBe('Counter 3');
    expect(checked.lines.map((l) => [l.serial, l.problem])).toEqual([
      ['FTC-A1', null],
      ['FTC-A3', { kind: 'unknown' }],
      ['FTC-C1', { kind: 'installed_elsewhere', location: { id: 'loc-2', name: 'Mall' } }],
      ['FTC-C2', { kind: 'installed_here' }],
      ['FTC-B1', { kind: 'wrong_type', type: 'Counter 2', expected: 'Counter 3' }],
      ['FTC-A1', { kind: 'duplicate', line: 1 }],
      ['n/a', { kind: 'not_a_serial' }],
      ['FTC-A2', null],
      // A word the inventory does not know is not a serial, not an unknown device.
      ['hello', { kind: 'not_a_serial' }],
    ]);
    expect(checked.lines.every((l) => l.checked)).toBe(true);
  });

  it('expects no type until one is chosen: a box of two types installs both', () => {
    const checked = checkLines(lines('FTC-A1', 'FTC-B1', 'FTC-A2'), 'loc-1', null);
    expect(checked.expectedType).toBeNull();
    expect(checked.lines.map((l) => l.problem)).toEqual([null, null, null]);
  });

  it('before the store every installed device is elsewhere; a chosen type skips the others', () => {
    const checked = checkLines(lines('FTC-A1', 'FTC-B1', 'FTC-C2'), null, 'Counter 2');
    expect(checked.expectedType).toBe('Counter 2');
    expect(checked.lines.map((l) => l.problem)).toEqual([
      { kind: 'wrong_type', type: 'Counter 3', expected: 'Counter 2' },
      null,
      { kind: 'installed_elsewhere', location: { id: 'loc-1', name: 'Here' } },
    ]);
  });

  it('does not check a line installed from the list again (its device shows installed by then)', () => {
    const [first, second] = lines('FTC-C2', 'FTC-C2');
    const checked = checkLines([{ ...first!, settled: true }, second!], 'loc-1', null);
    expect(checked.lines.map((l) => l.problem)).toEqual([null, { kind: 'duplicate', line: 1 }]);
  });

  it('expects no type when no device of the list is known', () => {
    const checked = checkLines(lines('FTC-Z9'), null, null);
    expect(checked).toEqual({
      expectedType: null,
      lines: [{ serial: 'FTC-Z9', deviceType: null, problem: { kind: 'unknown' }, checked: true }],
    });
  });

  it('says what needs no lookup at once, and leaves a line not checked yet without a problem', () => {
    const checked = checkLines(
      [
        ...lines('FTC-A1'),
        { serial: 'FTC-B1', facts: null, settled: false },
        { serial: 'n/a', facts: null, settled: false },
        { serial: 'ftc-a1', facts: null, settled: false },
      ],
      null,
      null,
    );
    expect(checked.lines.map((l) => [l.serial, l.problem, l.checked])).toEqual([
      ['FTC-A1', null, true],
      ['FTC-B1', null, false],
      ['n/a', { kind: 'not_a_serial' }, true],
      ['ftc-a1', { kind: 'duplicate', line: 1 }, true],
    ]);
    // No type is expected until one is chosen, checked lines or not.
    expect(checked.expectedType).toBeNull();
  });
});
