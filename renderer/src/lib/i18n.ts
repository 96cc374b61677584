/**
 * The message catalog for the renderer: `m.some_key(params)` returns the sentence in the
 * active language. Compiled by Paraglide from i18n/messages/*.json (see docs/i18n.md); only
 * the messages used are bundled.
 */
export { m } from '../../../i18n/paraglide/messages.js';
