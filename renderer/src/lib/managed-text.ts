import type { ManagedSettings, ManagedSource } from '../../../electron/contract';
import { formatNumber } from './format';
import { m } from './i18n';

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
  return rows;
};
