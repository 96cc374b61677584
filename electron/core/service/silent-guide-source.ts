/**
 * Which silent-device guide applies: an organization's own file when the policy names one
 * (SilentDeviceGuideFile) and it is valid, else the shipped guide. A file that cannot be used
 * is named once in the log and answered with its problem (Settings shows it); the shipped
 * guide stays in use, as with the mounting checklists (decision record 73).
 */
import type { GuideSourceInfo as GuideSource } from '../../shared';
import type { GuideFileProblem, SilentGuide } from '../../shared/silent-causes';
import { readPolicyJson } from './policy-json-file';
import { readGuideFile } from './silent-guide-file';
import { DEFAULT_GUIDE } from './silent-guide-defaults';
import type { ServiceContext } from './context';

/** Reads and validates one guide file. */
const loadGuideFile = async (
  file: string,
): Promise<{ guide: SilentGuide } | { problem: GuideFileProblem }> => {
  const read = await readPolicyJson(file);
  if ('unreadable' in read)
    return {
      problem: {
        code: 'guide_file_unreadable',
        params: { file, at: '', problem: read.unreadable },
      },
    };
  if ('notJson' in read)
    return { problem: { code: 'guide_file_not_json', params: { file, at: '', problem: '' } } };
  return readGuideFile(read.raw, file);
};

interface LoadedGuide {
  guide: SilentGuide;
  source: GuideSource;
}

const loaded = new WeakMap<ServiceContext, Promise<LoadedGuide>>();

async function load(ctx: ServiceContext): Promise<LoadedGuide> {
  const file = ctx.options.managed?.quality.guideFile ?? null;
  if (file === null) return { guide: DEFAULT_GUIDE, source: { file: null, problem: null } };
  const read = await loadGuideFile(file);
  if ('guide' in read) return { guide: read.guide, source: { file, problem: null } };
  ctx.options.log.warn('silent-device guide file not used', { ...read.problem.params });
  return { guide: DEFAULT_GUIDE, source: { file: null, problem: read.problem } };
}

/** The guide in use, read once per core (the policy is read once at start too). */
export function silentGuide(ctx: ServiceContext): Promise<LoadedGuide> {
  let known = loaded.get(ctx);
  if (!known) {
    known = load(ctx);
    loaded.set(ctx, known);
  }
  return known;
}
