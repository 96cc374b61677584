/**
 * A browser on a Japanese desktop (Chromium started with --lang=ja) gets the app in Japanese,
 * with <html lang> set.
 */
import { checkBothThemes, desktopLanguage, expect, test } from './fixtures';

test.use(desktopLanguage('ja-JP'));

test('sign-in and training navigation in Japanese', async ({ page, web }) => {
  await page.goto(web.info.url);
  await expect(page.getByRole('heading', { name: 'サインイン' })).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await checkBothThemes(page, 'ja-sign-in');

  await page.getByRole('button', { name: 'トレーニングモードを開始' }).click();
  const nav = page.getByRole('navigation', { name: 'メインメニュー' });
  for (const name of ['店舗', '在庫', '作業履歴', '設定'])
    await expect(nav.getByRole('button', { name })).toBeVisible();
  await expect(page.getByText('最終更新:')).toBeVisible();
});
