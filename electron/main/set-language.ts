/**
 * The renderer's `setLanguage` in the desktop app: checked against the contract, then handed
 * to main (menus rebuilt, later dialogs in that language). Pure apart from `apply`.
 */
import type { MessageLocale } from '../../i18n/locales';
import { operations, type Envelope, type OperationResult } from '../shared';

export const applyLanguage = (
  input: unknown,
  apply: (locale: MessageLocale) => void,
): Envelope<OperationResult<'setLanguage'>> => {
  const parsed = operations.setLanguage.input.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      error: { kind: 'validation', code: 'language_unknown' },
    };
  apply(parsed.data.locale);
  return { ok: true, value: { applied: true } };
};
