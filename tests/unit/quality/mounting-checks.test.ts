/**
 * The mounting checklist's rules: limits (inside at the limit, outside a millimetre past it),
 * the answers a recording needs, and a checklist file validated at load (a bad one is a
 * problem with where and what, never a throw).
 */
import { describe, expect, it } from 'vitest';
import { readChecklistFile } from '../../../electron/core/service/checklist-file';
import { DEFAULT_CHECKLISTS } from '../../../electron/core/service/mounting-checklist-defaults';
import {
  checksFor,
  judgeAnswers,
  needsReason,
  outsideLimits,
  type CheckDef,
} from '../../../electron/shared/mounting-checks';

const height = (minMetres: number | null, maxMetres: number | null): CheckDef => ({
  id: 'mounting_height',
  kind: 'length',
  minMetres,
  maxMetres,
});

describe('limits', () => {
  it.each([
    // Density-like 2.32–3.0 m
    [height(2.32, 3.0), 2.32, false],
    [height(2.32, 3.0), 3.0, false],
    [height(2.32, 3.0), 2.31, true],
    [height(2.32, 3.0), 3.01, true],
    // Axis-like at least 2.7 m: 8.86 ft is 2.7005 m (in), 8.85 ft is 2.6975 m (out)
    [height(2.7, null), 8.86 * 0.3048, false],
    [height(2.7, null), 8.85 * 0.3048, true],
    // Irisys-like at most 4.5 m
    [height(null, 4.5), 4.5, false],
    [height(null, 4.5), 4.6, true],
    [height(null, null), 40, false],
  ])('%o: %d m outside = %s', (def, metres, outside) => {
    expect(outsideLimits(def, metres)).toBe(outside);
  });

  it('a confirm check needs a reason only when answered no', () => {
    const centred: CheckDef = { id: 'centred', kind: 'confirm' };
    expect(needsReason(centred, { check: 'centred', yes: true })).toBe(false);
    expect(needsReason(centred, { check: 'centred', yes: false })).toBe(true);
    expect(needsReason(centred, { check: 'centred' })).toBe(false);
  });
});

describe('judgeAnswers', () => {
  const defs: CheckDef[] = [height(2.7, null), { id: 'view_clear', kind: 'confirm' }];

  it('names each check that is unanswered or lacks its reason', () => {
    expect(judgeAnswers(defs, [{ check: 'mounting_height', metres: 2.5 }])).toEqual({
      problems: { mounting_height: 'checklist_reason_needed', view_clear: 'checklist_unanswered' },
    });
  });

  it('records the limits each length was judged by, and reasons only where they are needed', () => {
    expect(
      judgeAnswers(defs, [
        { check: 'mounting_height', metres: 2.5, reason: '  low ceiling ' },
        { check: 'view_clear', yes: true, reason: 'not needed' },
        { check: 'centred', yes: false },
      ]),
    ).toEqual({
      recorded: [
        {
          check: 'mounting_height',
          kind: 'length',
          metres: 2.5,
          minMetres: 2.7,
          maxMetres: null,
          outside: true,
          reason: 'low ceiling',
        },
        { check: 'view_clear', kind: 'confirm', yes: true, reason: null },
      ],
    });
  });
});

describe('checklist files', () => {
  it('the shipped defaults carry the vendors’ limits for the sandbox’s device types', () => {
    const limits = (type: string) =>
      checksFor(DEFAULT_CHECKLISTS, type).filter((c) => c.kind === 'length');
    expect(limits('Door Counter DC-200')[0]).toMatchObject({ minMetres: 2.32, maxMetres: 3 });
    expect(limits('Overhead 3D Sensor')[0]).toMatchObject({ minMetres: 2.7, maxMetres: null });
    expect(limits('Thermal Counter T5')).toMatchObject([
      { id: 'mounting_height', minMetres: null, maxMetres: 4.5 },
      { id: 'door_distance', minMetres: 1, maxMetres: null },
    ]);
    expect(checksFor(DEFAULT_CHECKLISTS, 'Unknown type')).toBe(DEFAULT_CHECKLISTS.otherDeviceTypes);
    expect(checksFor(DEFAULT_CHECKLISTS, null)).toBe(DEFAULT_CHECKLISTS.otherDeviceTypes);
  });

  const valid = {
    deviceTypes: { 'Acme X': [{ check: 'mounting_height', minMetres: 2, maxMetres: 3 }] },
    otherDeviceTypes: [{ check: 'centred' }],
  };

  it('reads a valid file', () => {
    const read = readChecklistFile(valid, '/etc/x.json');
    expect(read).toEqual({
      set: {
        deviceTypes: new Map([
          ['Acme X', [{ id: 'mounting_height', kind: 'length', minMetres: 2, maxMetres: 3 }]],
        ]),
        otherDeviceTypes: [{ id: 'centred', kind: 'confirm' }],
      },
    });
  });

  it('takes a device type named like an object property as a name like any other', () => {
    // As JSON.parse reads a file: "__proto__" is an own key there.
    const raw: unknown = JSON.parse(`{
      "deviceTypes": {
        "constructor": [{ "check": "centred" }],
        "toString": [{ "check": "door_distance" }],
        "__proto__": [{ "check": "view_clear" }]
      },
      "otherDeviceTypes": [{ "check": "arrow_to_street" }]
    }`);
    const read = readChecklistFile(raw, '/etc/x.json');
    if (!('set' in read)) throw new Error(JSON.stringify(read));
    expect([...read.set.deviceTypes.keys()]).toEqual(['constructor', 'toString', '__proto__']);
    expect(checksFor(read.set, '__proto__')).toEqual([{ id: 'view_clear', kind: 'confirm' }]);
    expect(checksFor(read.set, 'constructor')).toEqual([{ id: 'centred', kind: 'confirm' }]);
    // Not named in the file: the list for other types, never an Object's property.
    for (const type of ['hasOwnProperty', 'valueOf', 'toLocaleString'])
      expect(checksFor(read.set, type)).toBe(read.set.otherDeviceTypes);
    for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(checksFor(DEFAULT_CHECKLISTS, type)).toBe(DEFAULT_CHECKLISTS.otherDeviceTypes);
  });

  it('names a bad list under a device type by its name', () => {
    const raw = { ...valid, deviceTypes: { 'Acme X': [{ check: 'centred', maxMetres: 2 }] } };
    expect(readChecklistFile(raw, '/etc/x.json')).toEqual({
      problem: {
        code: 'checklist_file_invalid',
        params: { file: '/etc/x.json', at: 'deviceTypes.Acme X.0', problem: 'limits_on_confirm' },
      },
    });
  });

  it.each([
    [
      'an unknown check',
      { ...valid, otherDeviceTypes: [{ check: 'paint_colour' }] },
      'otherDeviceTypes.0.check',
      'invalid_value',
    ],
    [
      'limits on a yes/no check',
      { ...valid, otherDeviceTypes: [{ check: 'centred', minMetres: 1 }] },
      'otherDeviceTypes.0',
      'limits_on_confirm',
    ],
    [
      'min above max',
      { ...valid, otherDeviceTypes: [{ check: 'mounting_height', minMetres: 4, maxMetres: 3 }] },
      'otherDeviceTypes.0',
      'min_above_max',
    ],
    [
      'a check twice',
      { ...valid, otherDeviceTypes: [{ check: 'centred' }, { check: 'centred' }] },
      'otherDeviceTypes',
      'repeated_check',
    ],
    [
      'a limit in millimetres',
      { ...valid, otherDeviceTypes: [{ check: 'mounting_height', minMetres: 2700 }] },
      'otherDeviceTypes.0.minMetres',
      'too_big',
    ],
    ['no list for other types', { deviceTypes: {} }, 'otherDeviceTypes', 'invalid_type'],
    ['device types as a list', { ...valid, deviceTypes: [] }, 'deviceTypes', 'invalid_type'],
    ['not an object', [], '', 'invalid_type'],
  ])('names %s with where and what', (_, raw, at, problem) => {
    expect(readChecklistFile(raw, '/etc/x.json')).toEqual({
      problem: { code: 'checklist_file_invalid', params: { file: '/etc/x.json', at, problem } },
    });
  });
});
