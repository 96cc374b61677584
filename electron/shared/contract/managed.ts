/** What the IT department set for this laptop (policy), and where it came from. */
import type { AuditPassRule } from '../accuracy-audit';
import type { CompletionRules } from '../completion-rules';
import { Empty } from './fields';
import { op } from './operation';

/** Where managed settings came from: Windows policy, a macOS profile, a Linux file. */
export interface ManagedSource {
  kind: 'windows-policy' | 'macos-profile' | 'linux-file';
  /** The registry key or file path, to show who manages it. */
  where: string;
}

export interface ManagedSettings {
  /** null: nothing is managed. */
  source: ManagedSource | null;
  /** Pre-filled at sign-in; with `apiBaseUrlLocked` the only one accepted. */
  apiBaseUrl: string | null;
  apiBaseUrlLocked: boolean;
  /** Where updates come from (electron-updater's generic provider); null: not set. */
  updateUrl: string | null;
  /** false: updates switched off by policy; null: not set. */
  updatesEnabled: boolean | null;
  /** Placement photos' longest side in pixels (PHOTO_MAX_SIDE when not set). */
  photoMaxSide: number | null;
  quality: ManagedQuality;
  /** Hours between scheduled refreshes of the full lists (`FullRefreshHours`); absent: not set. */
  fullRefreshHours?: number;
  /** The accuracy audit's pass mark and minimum sample; null: the default (accuracy-audit.ts). */
  auditPercent: number | null;
  auditMinCrossings: number | null;
  auditMinMinutes: number | null;
  /** What must reach the pass mark: the accuracy or also its interval's low end; null: 'point'. */
  auditPassRule: AuditPassRule | null;
}

/** Installation quality set by IT (decision records 55, 56). */
export interface ManagedQuality {
  /** What a visit needs to be complete; null: no rule set. */
  rules: CompletionRules | null;
  /** The organizations the rules are for (ids); null: every organization. */
  organizations: string[] | null;
  /** The organization's own mounting checklists (a JSON file); null: the shipped ones. */
  checklistFile: string | null;
  /** SilentDeviceGuideFile: the organization's own silent-device guide (null: the shipped one). */
  guideFile?: string | null;
}

export const managedOperations = {
  /** What the IT department set for this laptop (policy), and where it came from. */
  managedSettings: op(Empty).returns<ManagedSettings>(),
};
