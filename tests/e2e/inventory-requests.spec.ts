import { expect, test } from './fixtures';
import { openTrainingInventory } from './helpers';

// Each keystroke in "Search inventory" asks the core for a screenful of rows at once. The list
// once reported only the rows the last search filled: after a search with one match, the next
// search asked for two rows, and then again for the rest of the screen (a second round trip
// on that key).
test('a search right after a one-match search asks for a whole screen in its first request', async ({
  page,
  web,
}) => {
  const asked: { q: string; limit: number }[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      try {
        const request = JSON.parse(String(payload)) as {
          op?: string;
          input?: { q?: string; limit?: number };
        };
        if (request.op === 'queryDevices')
          asked.push({ q: request.input?.q ?? '', limit: request.input?.limit ?? 0 });
      } catch {
        // not an operation
      }
    }),
  );
  await openTrainingInventory(page, web.info.url);
  const list = page.getByRole('list', { name: 'Inventory' });
  await expect(list.locator('.serial').first()).toBeVisible({ timeout: 30_000 });
  // A serial the list shows, typed whole: one match.
  const serial = (await list.locator('.serial').first().textContent())?.trim() ?? '';
  expect(serial).toMatch(/^[A-Z]{3}-\w+$/);
  const search = page.getByRole('searchbox', { name: 'Search inventory' });
  await search.fill(serial);
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // Back to the first three characters, key by key, each answered before the next.
  asked.length = 0;
  for (let typed = serial.length - 1; typed >= 3; typed--) {
    await search.press('Backspace');
    const q = serial.slice(0, typed);
    await expect.poll(() => asked.some((a) => a.q === q)).toBe(true);
    await expect(list.getByRole('listitem').first()).toBeVisible();
  }
  await expect(list.getByRole('listitem')).not.toHaveCount(1);
  // The viewport (min(60vh, 640px) at 1280×720) holds 7–8 rows of 56 px; the window asked for
  // is those and one screen more. A one-row list reporting one row asked for 2.
  const small = asked.filter((a) => a.limit < 8);
  expect(small, JSON.stringify(asked)).toEqual([]);
});

// A search that matches nothing once took the list down for its message, and the next
// matching key built the whole list again: the slowest keystrokes of the benchmark.
test('a search that matches nothing keeps the list in place and says so over it', async ({
  page,
  web,
}) => {
  await openTrainingInventory(page, web.info.url);
  const list = page.getByRole('list', { name: 'Inventory' });
  await expect(list.locator('.serial').first()).toBeVisible({ timeout: 30_000 });
  const serial = (await list.locator('.serial').first().textContent())?.trim() ?? '';
  // Marks the list's element: a rebuilt list is a new element without the mark.
  await list.evaluate((element) => element.setAttribute('data-kept', 'yes'));

  const search = page.getByRole('searchbox', { name: 'Search inventory' });
  await search.fill('qqqzzz');
  await expect(page.getByText('No devices match.', { exact: false })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(0);
  await expect(list).toHaveAttribute('data-kept', 'yes');

  await search.fill(serial);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toHaveAttribute('data-kept', 'yes');
  await expect(page.getByText('No devices match.', { exact: false })).toBeHidden();
});
