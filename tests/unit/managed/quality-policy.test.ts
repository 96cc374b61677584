/**
 * The completion rules and the checklist file as IT sets them, on every OS's value types:
 * registry DWORDs (0/1, numbers), plist and JSON booleans and numbers. A bad value is named and
 * ignored, never a crash.
 */
import { describe, expect, it } from 'vitest';
import { readPolicyValues } from '../../../electron/common/managed/policy';

const SOURCE = { kind: 'linux-file' as const, where: '/etc/field-installer/policy.json' };
const quality = (raw: Record<string, unknown>) => readPolicyValues(raw, SOURCE);

describe('completion rule policies', () => {
  it('no rule set: no rules, nothing to report', () => {
    expect(quality({ UpdatesEnabled: true })).toEqual({
      settings: expect.objectContaining({
        quality: { rules: null, organizations: null, checklistFile: null, guideFile: null },
      }),
      problems: [],
    });
  });

  it('registry DWORDs: 2 photos, a walk test or audit, the checklist, for two organizations', () => {
    const reading = quality({
      RequiredPlacementPhotos: 2,
      RequireWalkTestOrAudit: 1,
      RequireMountingChecklist: 0,
      CompletionRulesOrganizations: 'org_1, org_2;org-3',
      MountingChecklistFile: 'C:\\ProgramData\\FieldInstaller\\checklists.json',
      SilentDeviceGuideFile: 'C:\\ProgramData\\FieldInstaller\\guide.json',
    });
    expect(reading.problems).toEqual([]);
    expect(reading.settings.quality).toEqual({
      rules: { photos: 2, passedCheck: true, checklist: false },
      organizations: ['org_1', 'org_2', 'org-3'],
      checklistFile: 'C:\\ProgramData\\FieldInstaller\\checklists.json',
      guideFile: 'C:\\ProgramData\\FieldInstaller\\guide.json',
    });
  });

  it('organization ids with spaces or commas come as a list (a plist or JSON array)', () => {
    const reading = quality({
      RequireMountingChecklist: true,
      CompletionRulesOrganizations: ['Zentrale Süd/k2m', 'Nord, Filiale 3'],
    });
    expect(reading.problems).toEqual([]);
    expect(reading.settings.quality.organizations).toEqual(['Zentrale Süd/k2m', 'Nord, Filiale 3']);
  });

  it('one rule set: the others are off (not "not set")', () => {
    expect(quality({ RequireMountingChecklist: true }).settings.quality.rules).toEqual({
      photos: 0,
      passedCheck: false,
      checklist: true,
    });
  });

  it.each([
    ['RequiredPlacementPhotos', 11],
    ['RequiredPlacementPhotos', 1.5],
    ['RequiredPlacementPhotos', '2'],
    ['RequireWalkTestOrAudit', 2],
    // Ids are the server's opaque strings: only what no id can be is refused.
    ['CompletionRulesOrganizations', 'org_1 ..'],
    ['CompletionRulesOrganizations', ['org_1', 'bell\u0007']],
    ['MountingChecklistFile', 'checklists.json'],
    ['SilentDeviceGuideFile', 'guide.json'],
  ])('%s = %j is named and ignored', (key, value) => {
    const reading = quality({ [key]: value, RequireMountingChecklist: true });
    expect(reading.problems).toHaveLength(1);
    expect(reading.problems[0]).toContain(`${key} ignored`);
    // The good value beside it still counts.
    expect(reading.settings.quality.rules?.checklist).toBe(true);
  });
});
