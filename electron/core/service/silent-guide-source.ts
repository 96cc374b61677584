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
const loadGuideFile = (file: string): { guide: SilentGuide } | { problem: GuideFileProblem } => {
  const read = readPolicyJson(file);
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

const loaded = new WeakMap<ServiceContext, { guide: SilentGuide; source: GuideSource }>();

/** The guide in use, read once per core (the policy is read once at start too). */
export function silentGuide(ctx: ServiceContext): { guide: SilentGuide; source: GuideSource } {
  const known = loaded.get(ctx);
  if (known) return known;
  const file = ctx.options.managed?.quality.guideFile ?? null;
  let result = { guide: DEFAULT_GUIDE, source: { file: null, problem: null } as GuideSource };
  if (file !== null) {
    const read = loadGuideFile(file);
    if ('guide' in read) result = { guide: read.guide, source: { file, problem: null } };
    else {
      ctx.options.log.warn('silent-device guide file not used', { ...read.problem.params });
      result = { guide: DEFAULT_GUIDE, source: { file: null, problem: read.problem } };
    }
  }
  loaded.set(ctx, result);
  return result;
}
