import { describe, expect, it } from 'vitest';
import { isLanguageChoice, localeFor, resolveLocale } from '../../../i18n/locales';

describe('locale from the system languages', () => {
  it.each([
    [['de-AT', 'en-US'], { messages: 'de', format: 'de-AT' }],
    [['de'], { messages: 'de', format: 'de' }],
    [['en-GB'], { messages: 'en', format: 'en-GB' }],
    [['en'], { messages: 'en', format: 'en-US' }],
    [['fr-CA', 'fr'], { messages: 'fr', format: 'fr-CA' }],
    [['nl-BE'], { messages: 'nl', format: 'nl-BE' }],
    [['ja-JP'], { messages: 'ja', format: 'ja-JP' }],
    [['zh-CN'], { messages: 'en', format: 'en-US' }],
    [['zh-CN', 'nl'], { messages: 'nl', format: 'nl' }],
    [['de_DE'], { messages: 'de', format: 'de-DE' }],
    [['', 'not a tag!', 'ja'], { messages: 'ja', format: 'ja' }],
    [[], { messages: 'en', format: 'en-US' }],
  ])('%j → %j', (preferred, expected) => {
    expect(resolveLocale(preferred)).toEqual(expected);
  });

  it('a choice in Settings wins over the system; "system" follows it', () => {
    expect(localeFor('ja', ['de-DE'])).toEqual({ messages: 'ja', format: 'ja' });
    expect(localeFor('en-GB', ['de-DE'])).toEqual({ messages: 'en', format: 'en-GB' });
    expect(localeFor('system', ['fr-FR'])).toEqual({ messages: 'fr', format: 'fr-FR' });
    expect(localeFor('en-XA', [])).toEqual({ messages: 'en-XA', format: 'en-US' });
  });

  it('only stored choices the app knows are accepted', () => {
    expect(isLanguageChoice('nl')).toBe(true);
    expect(isLanguageChoice('en-XA')).toBe(true);
    expect(isLanguageChoice('en')).toBe(false);
    expect(isLanguageChoice('zh')).toBe(false);
    expect(isLanguageChoice(42)).toBe(false);
  });
});
