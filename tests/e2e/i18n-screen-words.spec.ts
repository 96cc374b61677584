/**
 * Words per screen (decision 78): Inventory opened in German says its own words in German,
 * loaded with its chunk (never a raw key, never English meanwhile), and a language switch
 * brings the new language's words of the screens already opened before they show it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { I18N_MESSAGES } from '../../i18n/paths';
import { desktopLanguage, expect, test } from './fixtures';

test.use(desktopLanguage('de-DE'));

type Catalog = Record<string, unknown>;
const catalog = (locale: string): Catalog =>
  JSON.parse(readFileSync(join(I18N_MESSAGES, `${locale}.json`), 'utf8')) as Catalog;
const english = catalog('en');
const german = catalog('de');

/** Plain sentences that differ between the two languages, by language. */
const onlyIn = (one: Catalog, other: Catalog): Set<string> =>
  new Set(
    Object.entries(one).flatMap(([key, text]) =>
      typeof text === 'string' && text !== other[key] && !text.includes('{') && text.length > 3
        ? [text]
        : [],
    ),
  );
const ENGLISH = onlyIn(english, german);
const GERMAN = onlyIn(german, english);
const KEY = /^[a-z]+(_[a-z0-9]+)+$/;

/** Every text node, placeholder, label and title under <main>. */
const mainTexts = (page: Page): Promise<string[]> =>
  page.getByRole('main').evaluate((main) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      found.push(node.textContent?.trim() ?? '');
    for (const element of main.querySelectorAll('*'))
      for (const name of ['placeholder', 'aria-label', 'title'])
        found.push(element.getAttribute(name)?.trim() ?? '');
    return found.filter((text) => text !== '');
  });

/** The words chunks fetched so far: `<part>.<locale>`. */
const wordChunks = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((r) => /\/words-([\w-]+\.[\w-]+?)-[\w-]{8}\.js$/.exec(r.name)?.[1])
      .filter((name) => name !== undefined),
  );

test('Inventory in German comes with its German words; a switch to English brings its English ones', async ({
  page,
  web,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(web.info.url);
  await page.getByRole('button', { name: 'Übungsmodus starten' }).click();
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(page.getByRole('heading', { level: 1, name: 'Standorte' })).toBeVisible();
  // The first paint had the shell's and the first screen's words only.
  expect(await wordChunks(page)).not.toContain('inventory.de');

  await nav.getByRole('button', { name: 'Lagerbestand' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lagerbestand' })).toBeVisible();
  await expect(page.locator('.device-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('searchbox')).toHaveAttribute(
    'placeholder',
    'Seriennummer, Typ, Firmware, Bezeichnung oder Standort',
  );
  const inGerman = await mainTexts(page);
  expect(inGerman.filter((text) => KEY.test(text))).toEqual([]);
  expect(inGerman.filter((text) => ENGLISH.has(text))).toEqual([]);
  const chunks = await wordChunks(page);
  expect(chunks).toContain('inventory.de');
  expect(chunks.filter((chunk) => !chunk.endsWith('.de'))).toEqual([]);

  await nav.getByRole('button', { name: 'Einstellungen' }).click();
  await page.getByLabel('Sprache der App').selectOption('en-GB');
  const englishNav = page.getByRole('navigation', { name: 'Main' });
  await expect(englishNav.getByRole('button', { name: 'Settings' })).toBeVisible();
  // Inventory's English words came with the switch, before anything showed English.
  expect(await wordChunks(page)).toContain('inventory.en');

  await englishNav.getByRole('button', { name: 'Inventory' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveAttribute(
    'placeholder',
    'Serial, type, firmware, label or location',
  );
  const inEnglish = await mainTexts(page);
  expect(inEnglish.filter((text) => KEY.test(text))).toEqual([]);
  expect(inEnglish.filter((text) => GERMAN.has(text))).toEqual([]);
  expect(errors).toEqual([]);
});

test('the sign-in screen opens in German without waiting for the first screen’s words', async ({
  page,
  web,
}) => {
  // main.ts asks for the address's screen (Locations) beside the shell's words; held back here,
  // it must not hold back the shell: sign-in is the shell's and says only the shell's words.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/words-locations\.de-[\w-]{8}\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(web.info.url);
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
  const texts = await mainTexts(page);
  expect(texts.filter((text) => KEY.test(text))).toEqual([]);
  expect(texts.filter((text) => ENGLISH.has(text))).toEqual([]);
  release();
});
