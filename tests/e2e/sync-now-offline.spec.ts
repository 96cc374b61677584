import { expect, startSandbox, test } from './fixtures';
import { signInWithKey } from './helpers';

// "Sync now" with the server out of reach answered "Synced 0 actions.", which reads as a sync
// that went well, while nothing could be sent or downloaded.
test('Sync now that cannot reach the service says it did not finish, and why', async ({
  page,
  web,
}) => {
  const sandbox = await startSandbox();
  try {
    await signInWithKey(page, web.info.url, sandbox.info);
    await sandbox.stop();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Activity' })
      .click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    const said = page
      .getByRole('region', { name: 'Waiting to sync' })
      .getByRole('status')
      .filter({ hasText: /\S/ });
    await expect(said).toContainText('Sync did not finish.', { timeout: 30_000 });
    await expect(said).toContainText('Could not reach the server');
    await expect(said).not.toContainText('Synced');
  } finally {
    await sandbox.stop();
  }
});
