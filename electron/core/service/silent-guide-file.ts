/**
 * A silent-device guide file (the shipped one and an organization's own, policy
 * SilentDeviceGuideFile) validated: per device type the causes in the order to look, each
 * with its scope (device or store). A shipped cause is worded by the catalogs; IT's own cause
 * carries its words per language (English at least, the fallback for any other language), so a
 * vendor's LED codes can be added without a release. A bad file is a problem with where and
 * what (codes the catalogs word), never a throw.
 */
import { z } from 'zod';
import { isObject, placeOf, withPairs } from './device-type-pairs';
import {
  SHIPPED_CAUSES,
  type GuideCause,
  type GuideFileProblem,
  type SilentGuide,
} from '../../shared/silent-causes';

const Words = z
  .object({ title: z.string().trim().min(1).max(120), look: z.string().trim().min(1).max(600) })
  .strict();

const CauseEntry = z
  .object({
    cause: z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,40}$/),
    scope: z.enum(['device', 'store']),
    /** By language tag (en, de, fr, nl, ja, en-XA). */
    text: z.partialRecord(z.enum(['en', 'de', 'fr', 'nl', 'ja', 'en-XA']), Words).optional(),
  })
  .strict()
  .refine(
    (entry) => (SHIPPED_CAUSES as readonly string[]).includes(entry.cause) || entry.text?.en,
    'own_cause_without_english',
  );

const CauseList = z
  .array(CauseEntry)
  .min(1)
  .max(20)
  .refine((list) => new Set(list.map((c) => c.cause)).size === list.length, 'repeated_cause');

const GuideFile = z
  .object({
    /** By the device type's name as the server spells it (`device_type_name`); read as
     * [name, list] pairs (device-type-pairs.ts). */
    deviceTypes: z.array(z.tuple([z.string().trim().min(1).max(120), CauseList])),
    otherDeviceTypes: CauseList,
  })
  .strict();

const toCause = (entry: z.output<typeof CauseEntry>): GuideCause => ({
  id: entry.cause,
  scope: entry.scope,
  text: entry.text ?? null,
});

/** A parsed JSON value → the guide, or the first problem found. */
export const readGuideFile = (
  raw: unknown,
  file: string,
): { guide: SilentGuide } | { problem: GuideFileProblem } => {
  if (isObject(raw) && Object.hasOwn(raw, 'deviceTypes') && !isObject(raw.deviceTypes))
    return {
      problem: {
        code: 'guide_file_invalid',
        params: { file, at: 'deviceTypes', problem: 'invalid_type' },
      },
    };
  const parsed = GuideFile.safeParse(withPairs(raw));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      problem: {
        code: 'guide_file_invalid',
        params: {
          file,
          at: placeOf(issue?.path ?? [], raw),
          problem: issue?.code === 'custom' ? issue.message : (issue?.code ?? 'invalid'),
        },
      },
    };
  }
  const deviceTypes = new Map<string, GuideCause[]>();
  for (const [type, list] of parsed.data.deviceTypes) deviceTypes.set(type, list.map(toCause));
  return {
    guide: { deviceTypes, otherDeviceTypes: parsed.data.otherDeviceTypes.map(toCause) },
  };
};
