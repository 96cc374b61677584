/**
 * The languages the operating system prefers, for the renderer to pick its catalog and date
 * conventions from (i18n/locales.ts). Chromium's navigator.languages in the window is the
 * app's UI locale, a single guess; the OS list keeps the order the technician set ("de-AT,
 * en-GB") and the region, which decides date formats.
 */
import { app } from 'electron';
import { resolveLocale, type MessageLocale } from '../../i18n/locales';

export const systemLanguages = (): string[] => {
  const preferred = app.getPreferredSystemLanguages();
  return preferred.length > 0 ? preferred : [app.getLocale()];
};

/**
 * The catalog the main process speaks (menus, dialogs): the renderer's choice once it told main
 * (`setLanguage`), until then the OS's languages, as the renderer's "System default". Messages take it explicitly: `m.key({}, { locale: mainLocale() })`.
 */
export const mainLocale = (): MessageLocale => chosen ?? resolveLocale(systemLanguages()).messages;

/** What the renderer speaks (its `setLanguage`), once it said so: Settings → Language wins
 * over the OS for menus and dialogs too. */
let chosen: MessageLocale | null = null;

export const setMainLocale = (locale: MessageLocale): void => {
  chosen = locale;
};
