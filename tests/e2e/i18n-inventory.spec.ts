/**
 * Inventory, a device and "Install at…" in Japanese (typed with full-width digits, as a
 * Japanese IME does) and in the pseudo-locale, where any plain text on these screens was
 * written into the markup instead of taken from the catalog. Axe and screenshots in both themes.
 */
import type { Locator, Page } from '@playwright/test';
import { checkBothThemes, desktopLanguage, expect, test } from './fixtures';
import { firstDeviceRow, preferLanguage } from './helpers';

test.use(desktopLanguage('ja-JP'));

/** "FTC-2544" as a Japanese IME types it: full-width letters, digits and hyphen. */
const fullWidth = (text: string): string =>
  [...text].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');

/** Text nodes with letters that are not pseudo-localised, under `root` (a sentence split by
 * a bold value keeps ⟦ in its first part and ⟧ in its last). */
const plainText = (root: Locator): Promise<string[]> =>
  root.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (/\p{L}/u.test(text) && !text.includes('⟦') && !text.includes('⟧')) found.push(text);
    }
    return found;
  });

const firstStoreName = async (page: Page): Promise<string> => {
  const firstStore = page.getByRole('main').getByRole('listitem').first();
  await expect(firstStore).toBeVisible();
  return (await firstStore.getByRole('button').first().textContent())!.trim();
};

test('Japanese: search the inventory with full-width digits, open a device, install it at a store', async ({
  page,
  web,
}) => {
  await page.goto(web.info.url);
  await page.getByRole('button', { name: 'トレーニングモードを開始' }).click();
  const storeName = await firstStoreName(page);

  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('button', { name: '在庫' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: '在庫' })).toBeVisible();
  const { serial } = await firstDeviceRow(page);
  await expect(page.getByText(/^\d[\d,]* 台のデバイス$/)).toBeVisible();
  await expect(
    page.getByRole('group', { name: '表示' }).getByRole('button', { name: '撤去済み' }),
  ).toBeVisible();
  await checkBothThemes(page, 'ja-inventory');

  const search = page.getByRole('searchbox', { name: '在庫を検索' });
  await search.fill(fullWidth(serial));
  await expect(page.getByText(/^\d[\d,]* 台中 1 台のデバイス$/)).toBeVisible();
  await expect(page.locator('.device-row')).toHaveCount(1);
  await expect(page.locator('.device-row .serial')).toHaveText(serial);
  await search.fill(fullWidth('ZZZZ-NOTHING'));
  await expect(page.getByText('一致するデバイスはありません。', { exact: false })).toBeVisible();
  await search.fill(fullWidth(serial));
  await page.locator('.device-row').first().click();

  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeFocused();
  await page.getByRole('button', { name: '設置先を選ぶ…' }).click();
  const storeSearch = page.getByLabel('店舗を検索（名前、市区町村、住所）');
  await expect(storeSearch).toBeFocused();
  await storeSearch.fill(storeName);
  const picker = page.getByRole('region', { name: '設置先を選ぶ…' });
  await expect(picker.getByText(/件の店舗が一致しました。/)).toBeVisible();
  await expect(picker.getByRole('button', { name: 'キャンセル' })).toBeVisible();
  await checkBothThemes(page, 'ja-install-at-picker');
  await picker
    .getByRole('button', { name: new RegExp(storeName) })
    .first()
    .click();

  const dialog = page.getByRole('dialog', { name: `${serial} を設置しますか？` });
  await expect(dialog).toContainText(
    new RegExp(`${serial} を ${storeName} \\(.+\\) に設置しますか？`),
  );
  await expect(dialog.locator('strong')).toHaveText(new RegExp(`^${storeName} \\(.+\\)$`));
  await checkBothThemes(page, 'ja-install-at-confirm');
  await dialog.getByRole('button', { name: '設置', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/verify/${serial}\\?at=`));
});

test('pseudo-locale: Inventory, its filters and Install at… take every word from the catalog', async ({
  page,
  web,
}) => {
  await page.goto(web.info.url);
  await preferLanguage(page, 'en-XA');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await page.getByRole('button', { name: /^⟦Šţáŕţ ţŕáîñîñĝ/u }).click();
  await firstStoreName(page);
  await page.goto(`${web.info.url}#/inventory/all`);
  const main = page.getByRole('main');
  const firstDevice = page.locator('.device-row').first();
  await expect(firstDevice).toBeVisible({ timeout: 20_000 });
  // Serials, labels, device types, firmware and store names are data, not words of the app.
  const data = await page
    .locator('.device-row > span:not(.badge), .device-row .serial, .device-row .label')
    .evaluateAll((spans) => spans.map((s) => s.textContent?.trim() ?? ''));
  const words = (await plainText(main)).filter((t) => !data.includes(t));
  const facets = await page
    .locator('select option:not([value=""])')
    .evaluateAll((options) => options.map((o) => o.textContent?.trim() ?? ''));
  expect(words.filter((t) => !facets.includes(t))).toEqual([]);
  await expect(page.getByRole('searchbox')).toHaveAttribute('placeholder', /^⟦.*⟧$/u);
  await checkBothThemes(page, 'pseudo-inventory');

  await page.getByRole('button', { name: /^⟦Ûñîñšţáļļéð/u }).click();
  const serial = (await page.locator('.device-row .serial').first().textContent())!.trim();
  await page.locator('.device-row').first().click();
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeFocused();
  await page.locator('main > button.primary').click();
  const picker = page.locator('section.picker');
  await expect(picker.locator('ul li').first()).toBeVisible();
  const storeWords = await picker
    .locator('ul li button')
    .evaluateAll((buttons) =>
      buttons.flatMap((b) => [...b.children].map((c) => c.textContent?.trim() ?? '')),
    );
  expect((await plainText(picker)).filter((t) => !storeWords.includes(t))).toEqual([]);
  await checkBothThemes(page, 'pseudo-install-at-picker');
  await picker.locator('ul li button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const bold = await dialog.locator('strong').allTextContents();
  expect((await plainText(dialog)).filter((t) => !bold.includes(t) && t !== serial)).toEqual([]);
  await checkBothThemes(page, 'pseudo-install-at-confirm');
});
