/**
 * Which mounting checklists apply: an organization's own file when the policy names one
 * (MountingChecklistFile) and it is valid, else the shipped defaults. A file that cannot be
 * used is named once in the log and answered with its problem (Settings shows it); the
 * defaults stay in use — a typo in IT's file never leaves a technician without a checklist.
 */
import { readFileSync, statSync } from 'node:fs';
import type { ChecklistSource } from '../../contract';
import type { ChecklistFileProblem, ChecklistSet } from '../../mounting-checks';
import { readChecklistFile } from './checklist-file';
import { DEFAULT_CHECKLISTS } from './mounting-checklist-defaults';
import type { ServiceContext } from './context';

/** A checklist file is a few kilobytes; anything far larger is not one. */
const MAX_FILE_BYTES = 256 * 1024;

export interface LoadedChecklists {
  set: ChecklistSet;
  source: ChecklistSource;
}

const firstLine = (error: unknown): string =>
  (error instanceof Error && 'code' in error ? String(error.code) : 'unreadable').slice(0, 40);

/** Reads and validates one checklist file (plain Node, so tests run it on real files). */
const loadChecklistFile = (
  file: string,
): { set: ChecklistSet } | { problem: ChecklistFileProblem } => {
  const unreadable = (problem: string): { problem: ChecklistFileProblem } => ({
    problem: { code: 'checklist_file_unreadable', params: { file, at: '', problem } },
  });
  let text: string;
  try {
    if (statSync(file).size > MAX_FILE_BYTES) return unreadable('too_large');
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return unreadable(firstLine(error));
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { problem: { code: 'checklist_file_not_json', params: { file, at: '', problem: '' } } };
  }
  return readChecklistFile(raw, file);
};

const loaded = new WeakMap<ServiceContext, LoadedChecklists>();

/** The checklists in use, read once per core (the policy is read once at start too). */
export function checklists(ctx: ServiceContext): LoadedChecklists {
  const known = loaded.get(ctx);
  if (known) return known;
  const file = ctx.options.managed?.quality.checklistFile ?? null;
  let result: LoadedChecklists = {
    set: DEFAULT_CHECKLISTS,
    source: { file: null, problem: null },
  };
  if (file !== null) {
    const read = loadChecklistFile(file);
    if ('set' in read) result = { set: read.set, source: { file, problem: null } };
    else {
      ctx.options.log.warn('mounting checklist file not used', { ...read.problem.params });
      result = { set: DEFAULT_CHECKLISTS, source: { file: null, problem: read.problem } };
    }
  }
  loaded.set(ctx, result);
  return result;
}
