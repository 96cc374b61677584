/**
 * The renderer's `setLanguage` in the desktop app: checked against the contract, then handed
 * to main (menus rebuilt, later dialogs in that language). Pure apart from `apply`.
 */
import type { MessageLocale } from '../../i18n/locales';
import { operations, type Envelope, type OperationResult } from '../contract';

export const applyLanguage = (
  input: unknown,
  apply: (locale: MessageLocale) => void,
): Envelope<OperationResult<'setLanguage'>> => {
  const parsed = operations.setLanguage.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      error: {
        kind: 'validation',
        message: 'That language is not one this app speaks.',
        nextStep: 'Choose a language in Settings.',
      },
    };
  apply(parsed.data.locale);
  return { ok: true, value: { applied: true } };
};
