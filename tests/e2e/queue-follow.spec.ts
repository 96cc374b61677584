import { expect, test } from './fixtures';
import { installHere, openNav } from './helpers';

test.use({ restartableSandbox: true });

// An install queued while the server was gone, then sent when it came back. The header said
// Online with nothing queued, but the device screen kept "Queued — will be installed when the
// connection is back", "Last check-in: never" and a red Silent badge, and offered Verify only
// after leaving and coming back; the store's device list said Silent too. Every screen that
// shows the device follows the queue by itself: Queued → sent → Installed, waiting for its
// first check-in (with when it is due), then healthy. Activity has one row for the install,
// and the visit's receipt follows it with the time the technician acted.
test('the device screen and the store’s devices follow a queued install until it is sent and checks in', async ({
  page,
  sandbox,
  // The first sync is over: the install below is sent at once, meets no server and waits.
  atStore: { serial, store },
}) => {
  // The store's devices on a second page of the same session, beside the device screen.
  const storePage = await page.context().newPage();
  await storePage.goto(page.url());
  await expect(storePage.getByRole('heading', { level: 1, name: store.name })).toBeVisible();

  await sandbox.stop();
  await installHere(page, serial);
  const main = page.getByRole('main');
  await expect(main.getByText('Queued', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('button', { name: 'Verify' })).toBeHidden();
  const row = storePage.getByRole('row').filter({ hasText: serial });
  await expect(row).toContainText('Queued');
  // The visit's receipt, made while the install waits.
  const receiptPage = await page.context().newPage();
  await receiptPage.goto(page.url().replace(/#.*$/, '#/activity'));
  await receiptPage.getByRole('button', { name: 'Receipt', exact: true }).click();
  const line = receiptPage.getByRole('row').filter({ hasText: serial });
  await expect(line).toContainText('Installed (queued)');
  const acted = await line.getByRole('cell').nth(2).textContent();

  // The server is back; its devices check in a second after their install.
  await sandbox.restart(['--first-checkin', '1']);
  await expect(main.getByRole('status').filter({ hasText: `Installed ${serial}.` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(main.getByRole('button', { name: 'Verify' })).toBeVisible();
  await expect(row).toContainText(/Waiting for first check-in|Healthy/);
  await expect(row).not.toContainText('Silent');
  // The receipt follows too, and keeps the time the technician acted.
  await expect(line).not.toContainText('queued');
  await expect(line.getByRole('cell').nth(2)).toHaveText(acted ?? '');
  // The first check-in arrives on the device screen without leaving it.
  const facts = main.locator('dl.facts');
  await expect(facts).toContainText('Healthy', { timeout: 10_000 });
  await expect(facts).not.toContainText('never');

  // Activity: one row for the install, done, at the time it was done on site.
  await openNav(storePage, 'Activity');
  const rows = storePage.getByRole('table').getByRole('row').filter({ hasText: serial });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Done');
  await expect(rows).toContainText('Sent from the queue at');
});
