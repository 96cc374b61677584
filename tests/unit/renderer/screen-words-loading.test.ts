/**
 * The renderer's words a part at a time (lib/words/i18n.ts, decision 78), loaded from the real
 * generated modules (i18n/paraglide/words): a fresh copy of the module, without the whole
 * catalogs tests/setup/renderer-messages.ts gives every other test.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResolvedLocale } from '../../../i18n/locales';

const GERMAN: ResolvedLocale = { messages: 'de', format: 'de-DE' };
const ENGLISH: ResolvedLocale = { messages: 'en', format: 'en-US' };

const fresh = async () => {
  vi.resetModules();
  const active = await import('../../../renderer/src/lib/words/active-locale');
  const words = await import('../../../renderer/src/lib/words/i18n');
  return { ...active, ...words };
};

describe('words per screen, loaded', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
  });

  it("a screen's words come with it, in the language on screen only", async () => {
    const { setLocaleSource, loadMessages, loadWords, messagesLoaded, m } = await fresh();
    setLocaleSource(() => GERMAN);
    await loadMessages('de');
    expect(m.nav_inventory()).toBe('Lagerbestand');
    await loadWords('inventory');
    expect(m.inventory_search_placeholder()).toBe(
      'Seriennummer, Typ, Firmware, Bezeichnung oder Standort',
    );
    // English was never asked for: not loaded, and not shown in its place.
    expect(messagesLoaded('en')).toBe(false);
  });

  it('a screen opened while another language loads is said in that language once it shows', async () => {
    const { setLocaleSource, loadMessages, loadWords, m } = await fresh();
    setLocaleSource(() => GERMAN);
    await loadMessages('de');
    // The switch to English starts; Inventory opens before it is done (in German, still shown).
    const switching = loadMessages('en');
    const opened = loadWords('inventory');
    await Promise.all([switching, opened]);
    setLocaleSource(() => ENGLISH);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(m.inventory_search_placeholder()).toBe('Serial, type, firmware, label or location');
    expect(errors).not.toHaveBeenCalled();
  });

  it('a word whose part is not loaded is said as its key, and logged', async () => {
    const { setLocaleSource, loadMessages, m } = await fresh();
    setLocaleSource(() => GERMAN);
    await loadMessages('de');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(m.inventory_search_placeholder()).toBe('inventory_search_placeholder');
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('the error words come when first needed, and a language switch brings them too', async () => {
    const { setLocaleSource, loadMessages, loadWords, messagesLoaded, wordsLoaded, m } =
      await fresh();
    setLocaleSource(() => GERMAN);
    await loadMessages('de');
    // The start (the shell's words) has none of them (decision 82).
    expect(wordsLoaded('errors')).toBe(false);
    await loadWords('shell');
    expect(wordsLoaded('errors')).toBe(true);
    expect(m.error_unauthorized()).toBe(
      'Der API-Schlüssel wurde nicht akzeptiert – er ist möglicherweise falsch oder widerrufen.',
    );
    // Asked once: a switch to English is not ready until they are in, in English.
    await loadMessages('en');
    expect(messagesLoaded('en')).toBe(true);
    setLocaleSource(() => ENGLISH);
    expect(m.error_unauthorized()).toBe(
      'The API key was not accepted — it may be wrong or revoked.',
    );
  });
});
