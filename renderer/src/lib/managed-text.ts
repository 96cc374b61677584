import type { ManagedSettings, ManagedSource } from '../../../electron/contract';

/** Who manages the settings, in words ("Windows Group Policy (HKLM\…)"). */
export const managedBy = (source: ManagedSource): string => {
  const kind = {
    'windows-policy': 'Windows Group Policy',
    'macos-profile': 'a macOS configuration profile',
    'linux-file': 'a policy file',
  }[source.kind];
  return `${kind} (${source.where})`;
};

/** The managed values as label → value rows (only those that are set). */
export const managedRows = (settings: ManagedSettings): [string, string][] => {
  const rows: [string, string][] = [];
  if (settings.apiBaseUrl !== null) {
    rows.push([
      'API base URL',
      `${settings.apiBaseUrl}${settings.apiBaseUrlLocked ? ' (locked)' : ' (pre-filled)'}`,
    ]);
  }
  if (settings.updateUrl !== null) rows.push(['Update URL', settings.updateUrl]);
  if (settings.updatesEnabled !== null)
    rows.push(['Automatic updates', settings.updatesEnabled ? 'On' : 'Off']);
  return rows;
};
