/**
 * Which mounting checklists apply: an organization's own file when the policy names one
 * (MountingChecklistFile) and it is valid, else the shipped defaults. A file that cannot be
 * used is named once in the log and answered with its problem (Settings shows it); the
 * defaults stay in use — a typo in IT's file never leaves a technician without a checklist.
 */
import type { ChecklistSource } from '../../shared';
import type { ChecklistFileProblem, ChecklistSet } from '../../shared/mounting-checks';
import { readChecklistFile } from './checklist-file';
import { readPolicyJson } from './policy-json-file';
import { DEFAULT_CHECKLISTS } from './mounting-checklist-defaults';
import type { ServiceContext } from './context';

export interface LoadedChecklists {
  set: ChecklistSet;
  source: ChecklistSource;
}

/** Reads and validates one checklist file (plain Node, so tests run it on real files). */
const loadChecklistFile = async (
  file: string,
): Promise<{ set: ChecklistSet } | { problem: ChecklistFileProblem }> => {
  const read = await readPolicyJson(file);
  if ('unreadable' in read)
    return {
      problem: {
        code: 'checklist_file_unreadable',
        params: { file, at: '', problem: read.unreadable },
      },
    };
  if ('notJson' in read)
    return { problem: { code: 'checklist_file_not_json', params: { file, at: '', problem: '' } } };
  return readChecklistFile(read.raw, file);
};

const loaded = new WeakMap<ServiceContext, Promise<LoadedChecklists>>();

async function load(ctx: ServiceContext): Promise<LoadedChecklists> {
  const file = ctx.options.managed?.quality.checklistFile ?? null;
  if (file === null) return { set: DEFAULT_CHECKLISTS, source: { file: null, problem: null } };
  const read = await loadChecklistFile(file);
  if ('set' in read) return { set: read.set, source: { file, problem: null } };
  ctx.options.log.warn('mounting checklist file not used', { ...read.problem.params });
  return { set: DEFAULT_CHECKLISTS, source: { file: null, problem: read.problem } };
}

/** The checklists in use, read once per core (the policy is read once at start too). */
export function checklists(ctx: ServiceContext): Promise<LoadedChecklists> {
  let known = loaded.get(ctx);
  if (!known) {
    known = load(ctx);
    loaded.set(ctx, known);
  }
  return known;
}
