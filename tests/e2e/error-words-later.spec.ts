/**
 * The error words come when first needed, not with the first paint (decision 82): the sign-in
 * screen opens without them, and an error shown there waits for them, then says them in the
 * language on screen: never a key, never an empty alert, never English.
 */
import { desktopLanguage, expect, test } from './fixtures';

test.use(desktopLanguage('de-DE'));

const ERROR_WORDS_DE = /\/assets\/words-errors\.de-[\w-]{8}\.js$/;
const KEY = /\b[a-z]+(_[a-z0-9]+)+\b/;

test('a refused sign-in in German says its error in German once the error words are in', async ({
  page,
  web,
  sandbox,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The error words are held back until the refusal is on its way to the screen.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  let refusedSeen = false;
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"unauthorized"')) refusedSeen = true;
    }),
  );
  await page.route(ERROR_WORDS_DE, async (route) => {
    asked += 1;
    await released;
    await route.continue();
  });

  await page.goto(web.info.url);
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeFocused();
  // Asked after the first paint (main.ts), not before it: the screen is up without them.
  await expect.poll(() => asked).toBeGreaterThan(0);

  await page.getByLabel('API-Basis-URL').fill(sandbox.info.base_url);
  await page.getByLabel('API-Schlüssel').fill('sbx_not-a-real-key-000000');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  // The refusal is in; its words are not: nothing is shown meanwhile, no key, no empty box.
  await expect.poll(() => refusedSeen).toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(0);
  release();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'Der API-Schlüssel wurde nicht akzeptiert – er ist möglicherweise falsch oder widerrufen.',
  );
  expect(await alert.innerText()).not.toMatch(KEY);
  expect(await alert.innerText()).not.toContain('The API key');
  expect(errors).toEqual([]);
});
