/**
 * A whole visit in German, in training mode: install a device, verify it (walk test), finish
 * the visit and print its receipt — the screens, the activity log and the printed receipt
 * speak German with German dates; axe in both themes; screenshots in German and in the
 * pseudo-locale (en-XA) to look at for truncation. Screens not converted yet (inventory,
 * device) are reached by their addresses and stable classes, not by their words.
 */
import type { Page } from '@playwright/test';
import { checkBothThemes, desktopLanguage, expect, test } from './fixtures';
import { firstDeviceRow, simulatePasses, startWalkTest } from './helpers';
import { pdfText } from './helpers/pdf-text';

test.use({ ...desktopLanguage('de-DE'), timezoneId: 'Europe/Berlin' });

/** "04.05.2026, 14:00": a German date and time (Intl, the format locale de-DE). */
const GERMAN_DATE_TIME = /\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/;
const squash = (text: string) => text.replace(/\s+/g, '');

/** Every button and heading in the main area is pseudo-localised: none was typed in (the
 * data — a serial, a store's name — is not text of the app). */
async function expectPseudo(page: Page, data: readonly string[]): Promise<void> {
  const plain = await page
    .getByRole('main')
    .locator('h1, h2, h3, button, th, dt, label')
    .evaluateAll((nodes) =>
      nodes
        // A closed dialog (another component's) is not on the screen.
        .filter((n) => n.checkVisibility())
        .map((n) => n.textContent?.trim() ?? '')
        .filter((t) => /\p{L}/u.test(t) && !t.includes('⟦')),
    );
  expect(plain.filter((t) => !data.includes(t))).toEqual([]);
}

test('a visit in German: verify, finish, receipt and its PDF in German; pseudo-locale screens', async ({
  page,
  web,
}) => {
  test.setTimeout(180_000);
  await page.goto(web.info.url);
  await page.getByRole('button', { name: 'Übungsmodus starten' }).click();
  const firstStore = page.getByRole('main').getByRole('listitem').first();
  await firstStore.getByRole('button').first().click();
  await expect(page).toHaveURL(/#\/locations\/[^/]+$/);
  const locationId = decodeURIComponent(/#\/locations\/([^/?]+)/.exec(page.url())![1]!);

  // An uninstalled device, installed here from its own screen.
  await page.goto(`${web.info.url.split('#')[0]}#/inventory`);
  const { serial } = await firstDeviceRow(page);
  await page.goto(
    `${web.info.url.split('#')[0]}#/devices/${encodeURIComponent(serial)}?at=${encodeURIComponent(locationId)}`,
  );
  await page.getByRole('main').locator('button.primary').first().click();

  // Verify, in German.
  await expect(page.getByRole('heading', { level: 1, name: `${serial} prüfen` })).toBeVisible();
  const verifyUrl = page.url();
  const checkin = page.getByRole('region', { name: 'Meldung' });
  await expect(checkin).toContainText('Letzte Meldung');
  // The training service's first check-in comes a few seconds after the install.
  await expect(checkin.getByRole('status')).toHaveText('Online', { timeout: 30_000 });
  const walk = page.getByRole('region', { name: 'Begehungstest' });
  await walk.getByLabel('Durchgänge').fill('1');
  await expect(page.locator('.record-bar button.primary')).toHaveText('Begehungstest starten');
  await startWalkTest(page, 'Begehungstest starten');
  await expect(walk).toContainText(/gezählt seit dem Start um .+, von 1/);
  await checkBothThemes(page, 'de-verify');
  // Nobody walks past a practice device: the pass is simulated, and the walk test passes.
  await simulatePasses(page, 1, 'Durchgang simulieren');
  await expect(walk).toContainText('Begehungstest bestanden', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Als „Geprüft“ erfassen' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Als „Geprüft“ erfasst.' }),
  ).toBeVisible();

  // Activity: the log says what happened in German, with German dates.
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('button', { name: 'Aktivität' })
    .click();
  const thisVisit = page.getByRole('region', { name: 'Dieser Besuch' });
  await expect(thisVisit.getByRole('table')).toContainText(
    'Hat sich nach der Installation gemeldet.',
  );
  await expect(thisVisit.getByRole('table')).toContainText(/Begehungstest bestanden/);
  await expect(thisVisit.locator('time').first()).toHaveText(GERMAN_DATE_TIME);
  await checkBothThemes(page, 'de-activity');
  await page.getByRole('button', { name: 'Besuch abschließen' }).click();
  await page
    .getByLabel('Warum niemand unterschrieben hat')
    .fill('Niemand von der Filiale anwesend');
  await page.getByRole('button', { name: 'Ohne Unterschrift abschließen' }).click();
  await expect(page.getByText('Besuch abgeschlossen am')).toBeVisible();
  const earlier = page.getByRole('region', { name: 'Frühere Besuche' });
  await expect(earlier).toContainText(/\d+ Einträge?/);
  await earlier
    .getByRole('button', { name: /^Beleg/ })
    .first()
    .click();

  // The receipt, on screen and printed.
  await expect(page.getByRole('heading', { level: 1, name: 'Besuchsbeleg' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: serial });
  await expect(row).toContainText('Installiert');
  await expect(row).toContainText('Geprüft');
  await expect(row).toContainText(/Bestanden \(\d+ von 1\)/);
  await expect(page.getByRole('region', { name: 'Offene Punkte' })).toContainText(
    'Keine offenen Punkte.',
  );
  await checkBothThemes(page, 'de-receipt');
  const receiptUrl = page.url();
  const storeHeading = (await page.locator('section.store h2').first().textContent())!.trim();

  await page.emulateMedia({ media: 'print' });
  const text = await pdfText(await page.pdf({ format: 'A4', printBackground: true }));
  await page.emulateMedia({ media: 'screen' });
  for (const expected of [
    'Besuchsbeleg',
    'Organisation',
    'Begonnen',
    'Abgeschlossen',
    serial,
    'Installiert',
    'Geprüft',
    'Prüfung',
    'Begehungstest',
  ])
    expect(squash(text), `the PDF says "${expected}"`).toContain(squash(expected));
  expect(squash(text)).toMatch(/\d{2}\.\d{2}\.\d{4},\d{2}:\d{2}/);
  for (const english of ['Visit receipt', 'Started', 'Finished', 'Installed', 'Walk test'])
    expect(squash(text), `no English "${english}"`).not.toContain(squash(english));

  // Replace (a screen of this visit's work) in German.
  await page.goto(
    `${web.info.url.split('#')[0]}#/locations/${encodeURIComponent(locationId)}/replace`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Gerät austauschen' })).toBeVisible();
  await expect(page.getByLabel('Defektes Gerät')).toBeVisible();
  await checkBothThemes(page, 'de-replace');

  // The pseudo-locale: the same screens, every heading and button from the catalog.
  await page.evaluate(() =>
    localStorage.setItem('field-installer.preferences', JSON.stringify({ language: 'en-XA' })),
  );
  for (const [name, url] of [
    ['pseudo-receipt', receiptUrl],
    ['pseudo-verify', verifyUrl],
    ['pseudo-replace', page.url()],
    ['pseudo-activity', `${web.info.url.split('#')[0]}#/activity`],
  ] as const) {
    await page.goto(url);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/⟦.*⟧/u);
    await expectPseudo(page, [serial, storeHeading]);
    await checkBothThemes(page, name);
  }
});
