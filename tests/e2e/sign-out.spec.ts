import { checkBothThemes, expect, test } from './fixtures';
import { installHere, openLocation } from './helpers';
import { installOnServer, locations, uninstalledSerials } from './sandbox-api';

test.use({ restartableSandbox: true });

test('sign out warns about unsent actions and can remove the account’s saved data', async ({
  signedInPage: page,
  sandbox,
}) => {
  test.setTimeout(180_000);
  const { info, user } = sandbox;
  const [serial] = await uninstalledSerials(sandbox);
  const [here, elsewhere] = await locations(sandbox);
  if (!serial || !here || !elsewhere) throw new Error('sandbox has too few devices or locations');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await openLocation(page, here.name);

  // Offline, one install waits in the queue.
  await sandbox.stop();
  await installHere(page, serial);
  await expect(page.getByRole('main').getByText('Queued', { exact: true })).toBeVisible();
  const badge = page.getByRole('banner').getByRole('status');
  await expect(badge).toContainText('1 queued');

  // Sign out asks first; Escape keeps everything as it was and returns focus.
  await nav.getByRole('button', { name: 'Settings' }).click();
  const signOutButton = page.getByRole('main').getByRole('button', { name: 'Sign out' });
  await signOutButton.click();
  const dialog = page.getByRole('dialog', { name: 'Sign out?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('1 action is still waiting to be sent.');
  await expect(dialog).toContainText('keychain');
  const remove = dialog.getByRole('checkbox', {
    name: "Also remove this account's saved data (stores, devices, activity) from this computer",
  });
  await expect(remove).not.toBeChecked();
  // Offline: no "Sync now" to offer, and the dialog says why.
  await expect(dialog.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
  await expect(dialog).toContainText('You are offline');
  await checkBothThemes(page, 'sign-out-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signOutButton).toBeFocused();
  await expect(badge).toContainText('1 queued');

  // Back online, the action meets a conflict (installed elsewhere meanwhile) and stays
  // waiting: the dialog offers "Sync now".
  await sandbox.restart();
  await installOnServer(sandbox, serial, elsewhere.id);
  await nav.getByRole('button', { name: 'Activity' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(/1 conflict/)).toBeVisible({ timeout: 20_000 });
  await nav.getByRole('button', { name: 'Settings' }).click();
  await signOutButton.click();
  await expect(dialog.getByRole('alert')).toContainText('1 action is still waiting to be sent.');
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Sent 0 actions; 1 action still needs attention.',
    { timeout: 20_000 },
  );
  await checkBothThemes(page, 'sign-out-dialog-online');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(signOutButton).toBeFocused();

  // Removing the saved data is said for what it is: the unsent action is deleted.
  await signOutButton.click();
  await expect(remove).not.toBeChecked();
  await remove.check();
  await expect(dialog).toContainText('will be deleted and never reach the server');
  const confirm = dialog.getByRole('button', { name: 'Sign out and delete 1 unsent action' });
  await expect(confirm).toBeVisible();
  await checkBothThemes(page, 'sign-out-dialog-remove');
  await confirm.click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  // Signing in again finds nothing queued.
  await page.getByLabel('API base URL').fill(info.base_url);
  await page.getByLabel('API key').fill(user.api_key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const org = user.organizations[0]!;
  await page.getByRole('radio', { name: org.name }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('button', { name: 'Activity' }).click();
  await expect(page.getByText('Nothing is waiting.')).toBeVisible();
  await expect(badge).not.toContainText('queued');
});
