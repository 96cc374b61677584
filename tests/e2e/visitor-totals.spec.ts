import { checkBothThemes, expect, test } from './fixtures';

test("a location's card and its chart count the same visitors over the same stated range", async ({
  trainingPage: page,
}) => {
  const cards = page.getByRole('main').getByRole('listitem');
  const busy = cards.filter({ has: page.locator('.visitors') }).first();
  await expect(busy).toBeVisible({ timeout: 20_000 });
  const cardTotal = (await busy.locator('.visitors').textContent())!.trim();
  expect(Number(cardTotal.replace(/,/g, ''))).toBeGreaterThan(0);
  const name = (await busy.getByRole('button').first().textContent())!.trim();

  await busy.getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const caption = page.locator('figure.chart figcaption');
  await expect(caption).toHaveAttribute('data-total', cardTotal.replace(/,/g, ''), {
    timeout: 20_000,
  });
  await expect(caption).toContainText(`${cardTotal} visitors in total`);
  // The range and zone are stated under the chart (the training stores carry their zone).
  await expect(caption).toContainText(
    /Last 7 days \(not today\), 00:00–24:00 store time \([A-Za-z_]+\/[A-Za-z_]+\)/,
  );
  await checkBothThemes(page, 'location-chart-range');
});
