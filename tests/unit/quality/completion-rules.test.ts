/** Which completion rules a visit leaves open, from its own record (entries and photos). */
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../electron/shared';
import { NO_RULES, openRules } from '../../../electron/shared/completion-rules';

let seq = 0;
const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: `e${++seq}`,
  at: `2026-05-04T12:00:${String(seq).padStart(2, '0')}Z`,
  action: 'install',
  serial: 'FTC-1',
  locationId: 'loc_1',
  locationName: 'Markt',
  result: 'done',
  detail: '',
  fact: null,
  visitId: 'v-1',
  walkTest: null,
  intentId: null,
  sentAt: null,
  replaces: null,
  amendments: [],
  ...over,
});

const ALL = { photos: 2, passedCheck: true, checklist: true };

describe('openRules', () => {
  it('reads the record’s own names: a misspelt action or result fails to compile', () => {
    const at = 'FTC-1';
    const rulesOf = (e: Parameters<typeof openRules>[1][number]) => openRules(ALL, [e], new Map());
    // @ts-expect-error -- "instal" is no action of the record
    const instal = rulesOf({ action: 'instal', result: 'done', serial: at });
    // @ts-expect-error -- "passed" is no result of the record
    const passed = rulesOf({ action: 'verify', result: 'passed', serial: at });
    expect([instal, passed]).toEqual([[], []]);
    expect(rulesOf({ action: 'install', result: 'done', serial: at })).toHaveLength(3);
  });

  it('no rules: nothing open', () => {
    expect(openRules(NO_RULES, [entry({})], new Map())).toEqual([]);
  });

  it('lists each rule a placed device has not met', () => {
    expect(openRules(ALL, [entry({})], new Map([['FTC-1', 1]]))).toEqual([
      { rule: 'photos', serial: 'FTC-1', have: 1, need: 2 },
      { rule: 'passed_check', serial: 'FTC-1' },
      { rule: 'checklist', serial: 'FTC-1' },
    ]);
  });

  it('a passed walk test and a checklist close theirs; a failed walk test does not', () => {
    const placed = entry({});
    const failed = entry({ action: 'verify', result: 'walk_test_failed' });
    const checklist = entry({ action: 'checklist' });
    const photos = new Map([['FTC-1', 2]]);
    expect(openRules(ALL, [placed, failed, checklist], photos)).toEqual([
      { rule: 'passed_check', serial: 'FTC-1' },
    ]);
    const passed = entry({ action: 'verify', result: 'verified' });
    expect(openRules(ALL, [placed, failed, checklist, passed], photos)).toEqual([]);
  });

  it('a passed accuracy audit closes "a passed walk test or audit"; a pending or failed one does not', () => {
    const rules = { ...NO_RULES, passedCheck: true };
    const placed = entry({});
    const pending = entry({ action: 'audit', result: 'audit_pending' });
    const failed = entry({ action: 'audit', result: 'audit_failed' });
    expect(openRules(rules, [placed, pending, failed], new Map())).toEqual([
      { rule: 'passed_check', serial: 'FTC-1' },
    ]);
    const passed = entry({ action: 'audit', result: 'audit_passed' });
    expect(openRules(rules, [placed, pending, passed], new Map())).toEqual([]);
  });

  it('queued placements count; a failed one, a device taken out again and other devices do not', () => {
    const rules = { ...NO_RULES, checklist: true };
    expect(
      openRules(
        rules,
        [
          entry({ serial: 'A', result: 'queued' }),
          entry({ serial: 'B', result: 'failed' }),
          entry({ serial: 'C', action: 'replace' }),
          entry({ serial: 'D', action: 'install' }),
          entry({ serial: 'D', action: 'uninstall' }),
          entry({ serial: 'E', action: 'uninstall' }),
          entry({ serial: 'C', action: 'checklist' }),
        ],
        new Map(),
      ),
    ).toEqual([{ rule: 'checklist', serial: 'A' }]);
  });
});
