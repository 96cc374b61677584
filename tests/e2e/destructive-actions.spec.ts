import { checkBothThemes, expect, sandboxRequest, startSandbox, test } from './fixtures';
import { auth, signInWithKey } from './helpers';

interface ApiDevice {
  serial_number: string;
  location?: { id: string; name: string } | null;
}

test('Uninstall and Discard ask first; Delete location is disabled with its reason while devices are there', async ({
  page,
  web,
}) => {
  const sandbox = await startSandbox();
  const info = sandbox.info;
  try {
    const user = await signInWithKey(page, web.info.url, info);
    const all = (await sandboxRequest(info, 'GET', '/devices', undefined, auth(user))) as {
      data: ApiDevice[];
    };
    const installed = all.data.find((d) => d.location);
    if (!installed?.location) throw new Error('the sandbox seed has no installed device');
    const store = installed.location;
    const origin = new URL(web.info.url).origin;

    // Delete location: disabled, and why, while a device is installed there.
    await page.goto(`${origin}/#/locations/${encodeURIComponent(store.id)}`);
    await expect(page.getByRole('table')).toContainText(installed.serial_number);
    const del = page.getByRole('button', { name: 'Delete location' });
    await expect(del).toBeDisabled();
    await expect(del).toHaveAccessibleDescription(/uninstall its \d+ devices? first/);

    // Uninstall asks; Cancel keeps the device where it is.
    await page.getByRole('button', { name: installed.serial_number }).click();
    await page.getByRole('button', { name: 'Uninstall' }).click();
    const dialog = page.getByRole('dialog', { name: `Uninstall ${installed.serial_number}?` });
    await expect(dialog).toContainText(store.name);
    await checkBothThemes(page, 'uninstall-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const state = (await sandboxRequest(info, 'GET', '/_sandbox/state')) as {
      devices: Record<string, string | null>;
    };
    expect(state.devices[installed.serial_number]).toBe(store.id);

    // Discard of a queued action asks too: queue the uninstall offline, then try to discard it.
    await sandbox.stop();
    await page.getByRole('button', { name: 'Uninstall' }).click();
    await dialog.getByRole('button', { name: 'Uninstall' }).click();
    await expect(page.getByRole('main').getByText('Queued', { exact: true })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Activity' })
      .click();
    await page.getByRole('button', { name: 'Discard' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard this action?' });
    await expect(discard).toContainText(installed.serial_number);
    await checkBothThemes(page, 'discard-confirm');
    await discard.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Discard' })).toBeVisible();
    await page.getByRole('button', { name: 'Discard' }).click();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('button', { name: 'Discard' })).toHaveCount(0);
  } finally {
    await sandbox.stop();
  }
});
