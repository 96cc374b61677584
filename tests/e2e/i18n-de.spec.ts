/**
 * The app speaks the browser's language (Chromium started with --lang=de), sets <html lang>,
 * and the Settings choice switches the language at once and survives a reload.
 */
import { checkBothThemes, desktopLanguage, expect, test } from './fixtures';
import { openNav, preferLanguage } from './helpers';

test.use(desktopLanguage('de-DE'));

test('sign-in and training navigation in German; Settings switches to English and back', async ({
  page,
  web,
}) => {
  await page.goto(web.info.url);
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  // Only German's words were downloaded: each language's words are chunks of their own.
  const messageChunks = () =>
    page.evaluate(() => [
      ...new Set(
        performance
          .getEntriesByType('resource')
          .map((r) => /\/words-[\w-]+\.([\w-]+?)-[\w-]{8}\.js$/.exec(r.name)?.[1])
          .filter((l) => l !== undefined),
      ),
    ]);
  expect(await messageChunks()).toEqual(['de']);
  await expect(page.getByLabel('API-Schlüssel')).toBeVisible();
  await checkBothThemes(page, 'de-sign-in');
  // A field's problem is said in German too (the core sends the rule, not only English).
  await page.getByLabel('API-Basis-URL').fill('keine adresse');
  await page.getByLabel('API-Schlüssel').fill('kurz');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Die API-Basis-URL ist keine URL')).toBeVisible();
  await expect(page.getByText('Der API-Schlüssel ist zu kurz')).toBeVisible();

  await page.getByRole('button', { name: 'Übungsmodus starten' }).click();
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  for (const name of ['Standorte', 'Lagerbestand', 'Aktivität', 'Einstellungen'])
    await expect(nav.getByRole('button', { name })).toBeVisible();
  await expect(page.getByText('Übungsmodus', { exact: true })).toBeVisible();
  await expect(page.getByText('Zuletzt aktualisiert')).toBeVisible();
  // The exact time is the tooltip of "vor … Minuten", in German, once the pointer is there.
  const updated = page.locator('p.updated time');
  await updated.hover();
  await expect(updated).toHaveAttribute('title', /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} /);

  await nav.getByRole('button', { name: 'Einstellungen' }).click();
  const language = page.getByLabel('Sprache der App');
  await expect(language.getByRole('option', { name: 'Systemstandard (Deutsch)' })).toBeAttached();
  await language.selectOption('en-GB');
  const englishNav = page.getByRole('navigation', { name: 'Main' });
  await expect(englishNav.getByRole('button', { name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  expect(await messageChunks()).toEqual(['de', 'en']);

  // Remembered: a reload comes back in English although the browser still says German.
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Locations' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');

  await openNav(page, 'Settings');
  const english = page.getByLabel('Language of the app');
  // "System default" names what the system says, not the language chosen now.
  await expect(english.getByRole('option', { name: 'System default (Deutsch)' })).toBeAttached();
  await english.selectOption('system');
  await expect(nav.getByRole('button', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
});

test('a language whose messages will not load leaves the screen in the language it was in', async ({
  page,
  web,
}) => {
  // A damaged install: French's words cannot be fetched.
  await page.route(/\/words-[\w-]+\.fr-[\w-]{8}\.js$/, (route) => route.abort());
  await page.goto(web.info.url);
  await page.getByRole('button', { name: 'Übungsmodus starten' }).click();
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await nav.getByRole('button', { name: 'Einstellungen' }).click();
  const failed = page.waitForEvent('requestfailed', (r) => /\.fr-[\w-]{8}\.js$/.test(r.url()));
  await page.getByLabel('Sprache der App').selectOption('fr');
  await failed;
  // Still whole German (no English fallback, no half-French screen), and still usable.
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(nav.getByRole('button', { name: 'Standorte' })).toBeVisible();
  await page.getByLabel('Sprache der App').selectOption('nl');
  await expect(
    page
      .getByRole('navigation', { name: 'Hoofdnavigatie' })
      .getByRole('button', { name: 'Locaties' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
});

test('pseudo-locale: every text of the sign-in screen comes from the catalog and fits', async ({
  page,
  web,
}) => {
  await page.goto(web.info.url);
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await preferLanguage(page, 'en-XA');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^⟦Šîĝñ îñ.*⟧$/u);
  // Text that is not pseudo-localised was written into the markup, not taken from the catalog.
  const plain = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (/\p{L}/u.test(text) && !text.includes('⟦')) found.push(text);
    }
    return found;
  });
  expect(plain).toEqual([]);
  await checkBothThemes(page, 'pseudo-sign-in');
});
