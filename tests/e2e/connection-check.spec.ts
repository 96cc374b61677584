import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { checkBothThemes, expect, test } from './fixtures';
import { sandboxRequest } from './sandbox-api';
import { openNav } from './helpers';

const ENDPOINTS = [
  'GET /organizations',
  'GET /locations',
  'GET /devices',
  'GET /uninstalled-devices',
  'GET /locations/{loc_id}/devices',
  'GET /devices/{serial_number}',
  'GET /foot-traffic/locations',
  'GET /foot-traffic/devices/{serial_number}',
];

const stepRow = (steps: Locator, endpoint: string): Locator =>
  steps.getByRole('listitem').filter({ has: steps.page().getByText(endpoint, { exact: true }) });

test('Settings → Check connection: every endpoint answers; the report is copied and saved', async ({
  signedInPage: page,
  sandbox,
  context,
}) => {
  test.setTimeout(120_000);
  await openNav(page, 'Settings');
  await page.getByRole('button', { name: 'Check connection' }).click();

  const steps = page.getByRole('list', { name: 'Endpoints checked' });
  await expect(steps.getByRole('listitem')).toHaveCount(ENDPOINTS.length, { timeout: 30_000 });
  for (const endpoint of ENDPOINTS) {
    const row = stepRow(steps, endpoint);
    await expect(row, endpoint).toHaveCount(1);
    await expect(row.locator('.badge'), endpoint).toHaveText('OK');
  }
  await expect(stepRow(steps, 'GET /devices')).toContainText('Paging: pages with a total');
  await expect(page.getByText(/Every endpoint that was tried answered/)).toBeVisible();
  await checkBothThemes(page, 'connection-check-settings');

  // Save: a .txt download with one block per endpoint.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^field-installer-connection-.*\.txt$/);
  const saved = await readFile(await download.path(), 'utf8');
  expect(saved).toContain('GET /devices\n  Result: OK');
  expect(saved).toContain('Field Installer connection report');
  expect(saved).not.toContain(sandbox.user.api_key);

  // Copy: on the clipboard when allowed…
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy report' }).click();
  await expect(page.getByText('The report is on the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(saved);

  // …and selected in a read-only box to copy by hand when the clipboard is refused.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await page.getByRole('button', { name: 'Copy report' }).click();
  const box = page.getByRole('textbox', { name: 'Report text' });
  await expect(box).toBeVisible();
  await expect(box).toHaveAttribute('readonly', '');
  await expect(box).toBeFocused();
  expect(await box.inputValue()).toBe(saved);
  const selected = await box.evaluate(
    (el: HTMLTextAreaElement) => el.selectionEnd - el.selectionStart,
  );
  expect(selected).toBe(saved.length);

  // The last report is still there when Settings is opened again.
  await openNav(page, 'Locations');
  await openNav(page, 'Settings');
  await expect(page.getByText(/^Last check at/)).toBeVisible();
  await expect(steps.getByRole('listitem')).toHaveCount(ENDPOINTS.length);

  // A slow server: the check can be cancelled, and its late answer is ignored.
  await sandboxRequest(sandbox.info, 'PUT', '/_sandbox/faults', { latencyMs: 3_000 });
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(page.getByRole('button', { name: 'Checking…' })).toBeDisabled();
  await expect(page.getByText('Checking the connection…')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/^Check cancelled\. Nothing was changed\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check connection' })).toBeEnabled();
  await sandboxRequest(sandbox.info, 'DELETE', '/_sandbox/faults');
});

test('a refused sign-in offers Check connection, which names the 401 without keeping the key', async ({
  page,
  web,
  dataDir,
  sandbox,
}) => {
  test.setTimeout(120_000);
  const KEY = 'sbx_not-a-real-key-000000';
  await page.goto(web.info.url);
  await page.getByLabel('API base URL').fill(sandbox.info.base_url);
  await page.getByLabel('API key').fill(KEY);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The API key was not accepted');

  await page.getByRole('button', { name: 'Check connection' }).click();
  const steps = page.getByRole('list', { name: 'Endpoints checked' });
  const organizations = stepRow(steps, 'GET /organizations');
  await expect(organizations.locator('.badge')).toHaveText('Failed', { timeout: 30_000 });
  await expect(organizations).toContainText('HTTP 401');
  await expect(organizations).toContainText(
    'The API key was not accepted — it may be wrong or revoked.',
  );
  await expect(stepRow(steps, 'GET /devices').locator('.badge')).toHaveText('Skipped');
  await expect(page.getByText('No endpoint worked.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await checkBothThemes(page, 'connection-check-sign-in');

  // Neither the refused sign-in nor the check left the typed key anywhere in the data folder.
  const files = (await readdir(dataDir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files)
    expect((await readFile(file)).includes(Buffer.from(KEY)), file).toBe(false);
});
