import type { ManagedSettings, ManagedSource } from '$shared';
import { formatNumber } from './format';
import { m } from './i18n';
import { rulesText } from './quality-text';

const SOURCE_KINDS: Record<ManagedSource['kind'], () => string> = {
  'windows-policy': m.managed_by_windows_policy,
  'macos-profile': m.managed_by_macos_profile,
  'linux-file': m.managed_by_linux_file,
};

/** Who manages the settings, in words ("Windows Group Policy (HKLM\…)"). */
export const managedBy = (source: ManagedSource): string =>
  m.managed_by({ kind: SOURCE_KINDS[source.kind](), where: source.where });

/** The managed values as label → value rows (only those that are set). */
export const managedRows = (settings: ManagedSettings): [string, string][] => {
  const rows: [string, string][] = [];
  if (settings.apiBaseUrl !== null) {
    const value = settings.apiBaseUrl;
    rows.push([
      m.label_api_base_url(),
      settings.apiBaseUrlLocked ? m.managed_locked({ value }) : m.managed_prefilled({ value }),
    ]);
  }
  if (settings.updateUrl !== null) rows.push([m.managed_update_url(), settings.updateUrl]);
  if (settings.updatesEnabled !== null)
    rows.push([
      m.managed_auto_updates(),
      settings.updatesEnabled ? m.managed_on() : m.managed_off(),
    ]);
  if (settings.photoMaxSide !== null)
    rows.push([
      m.managed_photo_max_side(),
      m.managed_pixels({ pixels: formatNumber(settings.photoMaxSide) }),
    ]);
  const { rules, organizations, checklistFile, guideFile } = settings.quality;
  if (rules !== null) {
    const said = rulesText(rules) || m.managed_off();
    rows.push([
      m.managed_completion_rules(),
      organizations === null
        ? said
        : m.managed_rules_for({
            rules: said,
            organizations: organizations.join(m.common_list_separator()),
          }),
    ]);
  }
  if (checklistFile !== null) rows.push([m.managed_checklist_file(), checklistFile]);
  if (guideFile) rows.push([m.managed_guide_file(), guideFile]);
  if (settings.fullRefreshHours !== undefined)
    rows.push([
      m.managed_full_refresh(),
      m.managed_full_refresh_every({
        count: settings.fullRefreshHours,
        shown: formatNumber(settings.fullRefreshHours),
      }),
    ]);
  return rows;
};
