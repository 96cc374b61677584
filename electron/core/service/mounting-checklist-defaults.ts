/**
 * The checklists shipped for the sandbox's device types, as data
 * (mounting-checklist-defaults.json), validated at load like an organization's own file: a
 * broken edit fails every test that loads it instead of shipping. Limits follow the vendors'
 * published ones for the kind of sensor each type stands for: a door counter like Density's
 * (2.32–3.0 m), an overhead 3D sensor like Axis's (at least 2.7 m), a thermal counter like
 * Irisys's (at most 4.5 m, 1 m back from the door).
 */
import raw from './mounting-checklist-defaults.json';
import type { ChecklistSet } from '../../mounting-checks';
import { readChecklistFile } from './checklist-file';

const read = readChecklistFile(raw, 'mounting-checklist-defaults.json');
if ('problem' in read) {
  throw new Error(`shipped checklist invalid: ${JSON.stringify(read.problem.params)}`);
}
export const DEFAULT_CHECKLISTS: ChecklistSet = read.set;
