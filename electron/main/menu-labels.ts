/**
 * The menu's own words (the rest comes from Electron's roles, which the OS translates).
 * Keys are named like message ids of the renderer's catalog so the catalog can supply them
 * later: the menu builder takes a `MenuLabels` object and never reads this table itself.
 */
export const MENU_LABELS_EN = {
  menu_view: 'View',
  menu_go: 'Go',
  menu_back: 'Back',
  menu_scan: 'Scan a device',
  menu_search: 'Search inventory',
  menu_help: 'Help',
  menu_show_logs: 'Show logs',
  menu_export_diagnostics: 'Export diagnostics…',
} as const;

export type MenuLabelKey = keyof typeof MENU_LABELS_EN;
export type MenuLabels = Record<MenuLabelKey, string>;
