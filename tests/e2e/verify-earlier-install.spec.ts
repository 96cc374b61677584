import { expect, test } from './fixtures';
import { startWalkTest } from './helpers';
import { apiGet, sandboxRequest } from './sandbox-api';

interface ApiDevice {
  serial_number: string;
  installed_at?: string | null;
  location?: { id: string; name: string } | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

// Verify opened again, from the device's screen, for a device installed days ago: it asked for
// minute buckets from the install to now (more than the server serves), failed as a whole and
// showed "Waiting for first check-in" / "never" for a device that checks in, with the
// server's refusal ("the range has more than 2000 buckets") as the only explanation.
test('Verify of a device installed days ago shows its check-in and walk-tests it from now', async ({
  signedInPage: page,
  web,
  sandbox,
}) => {
  const info = sandbox.info;
  const old = (await apiGet<ApiDevice[]>(sandbox, '/devices')).find(
    (d) => d.location && d.installed_at && Date.now() - Date.parse(d.installed_at) > 3 * DAY_MS,
  );
  if (!old?.location) throw new Error('the sandbox seed has no device installed days ago');
  const serial = old.serial_number;
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/silence`, { silent: false });
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/checkin`);

  const origin = new URL(web.info.url).origin;
  await page.goto(`${origin}/#/locations/${encodeURIComponent(old.location.id)}`);
  await page.getByRole('button', { name: serial, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Verify ${serial}` })).toBeVisible();

  const checkin = page.getByRole('region', { name: 'Check-in' });
  await expect(checkin).toContainText('Online', { timeout: 20_000 });
  await expect(checkin).not.toContainText('never');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The walk test counts what is walked from its start, not the customers counted since the
  // install.
  const walk = page.getByRole('region', { name: 'Walk test' });
  await startWalkTest(page);
  await expect(walk).toContainText('counted since you started at');
  const counted = walk.getByRole('status', { name: /^Counted visitors:/ });
  const before = Number((await counted.textContent())!.replace(/\D/g, ''));
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/walk-through`, { count: 3 });
  await expect
    .poll(async () => Number((await counted.textContent())!.replace(/\D/g, '')), {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(before + 3);
  await expect(walk).toContainText('Walk test passed');
});
