import { checkBothThemes, expect, test } from './fixtures';
import { installHere, openLocation, openNav } from './helpers';
import { locations, sandboxRequest, serverPlacements, uninstalledSerials } from './sandbox-api';

test('switching organization with unsent actions warns first and offers to send them', async ({
  signedInPage: page,
  sandbox,
}) => {
  test.setTimeout(150_000);
  const { info, user } = sandbox;
  const [serial] = await uninstalledSerials(sandbox);
  if (!serial) throw new Error('sandbox has no uninstalled device');
  const store = (await locations(sandbox))[0]!;
  const [orgA, orgB] = user.organizations;

  // The server turns the install away for ten minutes (429, Retry-After 600): it stays queued,
  // and no retry of the app's own sends it before the technician does.
  await sandboxRequest(info, 'PUT', '/_sandbox/faults', {
    pathPattern: '/install$',
    methods: ['POST'],
    retryAfterS: 600,
    failNext: { count: 1, kind: 'rate_limit' },
  });
  await openLocation(page, store.name);
  await installHere(page, serial);
  await expect(
    page.getByText(/will be installed when the connection is back|queued/i).first(),
  ).toBeVisible();

  await openNav(page, 'Settings');
  await page.getByRole('button', { name: 'Switch organization' }).click();
  await page.getByRole('radio', { name: orgB!.name }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'still waiting to be sent' });
  await expect(warning).toContainText(`1 action of ${orgA!.name}`);
  await expect(page.getByText(orgA!.name, { exact: true }).first()).toBeVisible();
  await checkBothThemes(page, 'org-switch-unsent');

  await sandboxRequest(info, 'DELETE', '/_sandbox/faults');
  await warning.getByRole('button', { name: 'Send it now' }).click();
  await expect(page.getByText('Sent 1 action.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  const placements = await serverPlacements(info);
  expect(placements[serial]).toBe(store.id);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('banner').getByText(orgB!.name, { exact: true })).toBeVisible();
});
