/**
 * "Check for updates…": asks the feed (updates.ts) and says in a message box what came of it —
 * up to date, a version being downloaded or ready, off and why, or failed.
 */
import type { MessageBoxOptions } from 'electron';
import type { MessageLocale } from '../../i18n/locales';
import { m } from '../../i18n/paraglide/messages.js';
import type { CheckOutcome } from './updates';

export const updateCheckMessage = (
  outcome: CheckOutcome,
  locale: MessageLocale,
): MessageBoxOptions => {
  const o = { locale };
  const title = m.main_update_check_title({}, o);
  switch (outcome.kind) {
    case 'up-to-date':
      return {
        type: 'info',
        title,
        message: m.main_update_up_to_date({ version: outcome.version }, o),
      };
    case 'downloading':
      return {
        type: 'info',
        title,
        message: m.main_update_downloading({ version: outcome.version }, o),
      };
    case 'ready':
      return { type: 'info', title, message: m.main_update_ready({ version: outcome.version }, o) };
    case 'off':
      return {
        type: 'info',
        title,
        message:
          outcome.reason === 'policy'
            ? m.main_update_off_policy({}, o)
            : outcome.reason === 'no-feed'
              ? m.main_update_off_no_feed({}, o)
              : m.main_update_off_development({}, o),
      };
    case 'failed':
      return { type: 'warning', title, message: m.main_update_failed({}, o) };
  }
};

export const checkForUpdatesNow = async (
  check: () => Promise<CheckOutcome>,
  showMessage: (options: MessageBoxOptions) => Promise<unknown>,
  locale: MessageLocale,
): Promise<CheckOutcome> => {
  const outcome = await check();
  await showMessage(updateCheckMessage(outcome, locale));
  return outcome;
};
