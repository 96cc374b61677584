/**
 * The renderer loads its words a part at a time (renderer/src/lib/words/i18n.ts, decision 78),
 * the shell's by main.ts and each screen's with its chunk. Node tests import renderer modules
 * without either: give every language's whole catalog here, as the app would have the words of
 * whatever screen speaks by the time it does.
 */
import { MESSAGE_LOCALES } from '../../i18n/locales';
import { addMessages } from '../../renderer/src/lib/words/i18n';

for (const locale of MESSAGE_LOCALES)
  addMessages(locale, (await import(`../../i18n/paraglide/messages/${locale}.js`)) as object);
