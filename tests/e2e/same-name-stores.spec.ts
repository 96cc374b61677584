import { expect, test } from './fixtures';

// An organization may have several stores of the same name, in the same city. The list shows
// each one's address under it, but a keyboard or screen-reader user moving from button to
// button heard only the name, twice, with nothing to tell which store each opens.
test('same-named stores in the list are told apart by their addresses to a screen reader', async ({
  trainingPage: page,
}) => {
  const list = page.getByRole('main').getByRole('list');
  await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
  const names = (await list.getByRole('listitem').getByRole('button').allTextContents()).map((n) =>
    n.trim(),
  );
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (!twice) throw new Error('the training data has no two stores of the same name');

  const items = list
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: twice, exact: true }) });
  const descriptions: string[] = [];
  for (const item of await items.all()) {
    const address = (await item.locator('.address').textContent())!.trim();
    await expect(
      item.getByRole('button', { name: twice, exact: true }),
    ).toHaveAccessibleDescription(address);
    descriptions.push(address);
  }
  expect(descriptions.length).toBeGreaterThan(1);
  expect(new Set(descriptions).size).toBe(descriptions.length);
});
