/**
 * The renderer's messages come as one chunk per language (renderer/src/lib/words/i18n.ts), loaded
 * by main.ts before the app mounts. Node tests import renderer modules without main.ts: load
 * every language here, as the app would have by the time a screen speaks.
 */
import { MESSAGE_LOCALES } from '../../i18n/locales';
import { loadMessages } from '../../renderer/src/lib/words/i18n';

await Promise.all(MESSAGE_LOCALES.map((locale) => loadMessages(locale)));
