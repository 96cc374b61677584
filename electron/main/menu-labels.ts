/**
 * The menu's words, from the catalog, in each platform's own vocabulary: macOS German says
 * "Ablage" and "Darstellung" where Windows says "Datei" and "Ansicht", Dutch macOS "Wijzig"
 * where Windows says "Bewerken" (docs/glossary.md). Electron's role items keep their behaviour
 * and shortcuts; only their labels (English in Electron) come from here.
 */
import type { MessageLocale } from '../../i18n/locales';
import { m } from '../../i18n/paraglide/messages.js';

export interface MenuLabels {
  file: string;
  edit: string;
  view: string;
  go: string;
  window: string;
  help: string;
  back: string;
  scan: string;
  search: string;
  showLogs: string;
  exportDiagnostics: string;
  checkForUpdates: string;
  about: string;
  services: string;
  hide: string;
  hideOthers: string;
  showAll: string;
  quit: string;
  close: string;
  undo: string;
  redo: string;
  cut: string;
  copy: string;
  paste: string;
  pasteAndMatchStyle: string;
  delete: string;
  selectAll: string;
  speech: string;
  startSpeaking: string;
  stopSpeaking: string;
  actualSize: string;
  zoomIn: string;
  zoomOut: string;
  fullScreen: string;
  minimize: string;
  zoom: string;
  front: string;
}

const APP = 'Field Installer';

export const menuLabels = (locale: MessageLocale, platform: NodeJS.Platform): MenuLabels => {
  const o = { locale };
  const mac = platform === 'darwin';
  const app = { app: APP };
  return {
    file: (mac ? m.menu_file_mac : m.menu_file)({}, o),
    edit: (mac ? m.menu_edit_mac : m.menu_edit)({}, o),
    view: (mac ? m.menu_view_mac : m.menu_view)({}, o),
    go: m.menu_go({}, o),
    window: (mac ? m.menu_window_mac : m.menu_window)({}, o),
    help: m.menu_help({}, o),
    back: m.menu_back({}, o),
    scan: m.menu_scan({}, o),
    search: m.menu_search({}, o),
    showLogs: m.menu_show_logs({}, o),
    exportDiagnostics: m.menu_export_diagnostics({}, o),
    checkForUpdates: (mac ? m.menu_check_for_updates_mac : m.menu_check_for_updates)({}, o),
    about: m.menu_about_mac(app, o),
    services: m.menu_services_mac({}, o),
    hide: m.menu_hide_mac(app, o),
    hideOthers: m.menu_hide_others_mac({}, o),
    showAll: m.menu_show_all_mac({}, o),
    quit: mac ? m.menu_quit_mac(app, o) : m.menu_exit({}, o),
    close: mac ? m.menu_close_window_mac({}, o) : m.menu_close({}, o),
    undo: (mac ? m.menu_undo_mac : m.menu_undo)({}, o),
    redo: (mac ? m.menu_redo_mac : m.menu_redo)({}, o),
    cut: (mac ? m.menu_cut_mac : m.menu_cut)({}, o),
    copy: (mac ? m.menu_copy_mac : m.menu_copy)({}, o),
    paste: (mac ? m.menu_paste_mac : m.menu_paste)({}, o),
    pasteAndMatchStyle: m.menu_paste_match_style_mac({}, o),
    delete: (mac ? m.menu_delete_mac : m.menu_delete)({}, o),
    selectAll: (mac ? m.menu_select_all_mac : m.menu_select_all)({}, o),
    speech: m.menu_speech_mac({}, o),
    startSpeaking: m.menu_start_speaking_mac({}, o),
    stopSpeaking: m.menu_stop_speaking_mac({}, o),
    actualSize: m.menu_actual_size({}, o),
    zoomIn: m.menu_zoom_in({}, o),
    zoomOut: m.menu_zoom_out({}, o),
    fullScreen: m.menu_full_screen({}, o),
    minimize: (mac ? m.menu_minimize_mac : m.menu_minimize)({}, o),
    zoom: m.menu_zoom_mac({}, o),
    front: m.menu_front_mac({}, o),
  };
};
