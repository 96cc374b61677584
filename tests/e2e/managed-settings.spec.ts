/**
 * Managed settings in a real Chromium (browser mode, `--policy-file` standing in for
 * /etc/field-installer/policy.json): the sign-in form is pre-filled with the locked base URL and
 * will not take another; Settings shows what is managed and by whom. axe in both themes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBothThemes, expect, startWeb, test } from './fixtures';
import { openNav } from './helpers';

test('a locked API base URL is pre-filled and read-only; Settings shows the managed values', async ({
  page,
  dataDir,
}) => {
  const policyFile = join(dataDir, 'policy.json');
  writeFileSync(
    policyFile,
    JSON.stringify({
      ApiBaseUrl: 'https://api.example.com/v1',
      LockApiBaseUrl: true,
      UpdatesEnabled: false,
    }),
  );
  const web = await startWeb(join(dataDir, 'app'), ['--policy-file', policyFile]);
  await page.goto(web.info.url);
  const baseUrl = page.getByLabel('API base URL');
  await expect(baseUrl).toHaveValue('https://api.example.com/v1');
  await expect(baseUrl).toHaveAttribute('readonly', '');
  await expect(page.getByText('Set by your IT department through a policy file')).toBeVisible();
  await checkBothThemes(page, 'sign-in-managed');

  await page.getByRole('button', { name: 'Start training mode' }).click();
  await openNav(page, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const managed = page.getByRole('region', { name: 'Managed by your IT department' });
  await expect(managed).toContainText('https://api.example.com/v1 (locked)');
  await expect(managed).toContainText('Automatic updates');
  await expect(managed).toContainText(policyFile);
  await checkBothThemes(page, 'settings-managed');
});

test('a silent-device guide file that cannot be used is named in Settings, the app’s own guide in use', async ({
  page,
  dataDir,
}) => {
  const guideFile = join(dataDir, 'guide.json');
  writeFileSync(guideFile, '{ "deviceTypes": ');
  const policyFile = join(dataDir, 'policy.json');
  writeFileSync(policyFile, JSON.stringify({ SilentDeviceGuideFile: guideFile }));
  const web = await startWeb(join(dataDir, 'app'), ['--policy-file', policyFile]);
  await page.goto(web.info.url);
  await page.getByRole('button', { name: 'Start training mode' }).click();
  await openNav(page, 'Settings');
  const managed = page.getByRole('region', { name: 'Managed by your IT department' });
  await expect(managed).toContainText('Silent-device guide');
  await expect(managed.getByRole('alert')).toHaveText(
    `The silent-device guide in ${guideFile} cannot be used (not valid JSON); the app’s own guide is used instead.`,
  );
});
