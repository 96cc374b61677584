/**
 * A device that does not check in, in browser mode against the sandbox: past its expected
 * first check-in Verify shows what the app knows and the likely causes, ordered by the store's
 * other devices — its own power first where they check in, the store's network (DHCP) first
 * where none does. The check-ins are real time (30 s intervals, the shortest): the core judges
 * by the server's clock. What was found is recorded, and the screen keeps asking the core at
 * the poll's pace only.
 */
import { expect, test } from './fixtures';
import {
  installHere,
  lookUpSerial,
  openLocation,
  openStoreWithSpare,
  preferLanguage,
} from './helpers';
import { countedOps, watchBridge } from './helpers/bridge-watch';
import {
  installOnServer,
  sandboxRequest,
  serverPlacements,
  uninstalledSerials,
  updateOnServer,
  type SandboxAccount,
} from './sandbox-api';

/** The test's device checks in every 30 s but is silenced: overdue 90 s after the install. */
async function silentSpare(sandbox: SandboxAccount, serial: string): Promise<void> {
  await updateOnServer(sandbox, serial, { update_interval_s: 30 });
  await sandboxRequest(sandbox.info, 'POST', `/_sandbox/devices/${serial}/silence`, {
    silent: true,
  });
}

test('others at the store check in: the device’s own power comes first; what was found is recorded', async ({
  page,
  signIn,
  sandbox,
}) => {
  test.setTimeout(300_000);
  // Watching before the page opens its operation socket: a socket opened earlier goes unseen.
  const watch = watchBridge(page);
  await signIn(page);
  const { serial, store } = await openStoreWithSpare(page, sandbox);
  // One other device there that certainly checks in now.
  const other = (await uninstalledSerials(sandbox)).find((s) => s !== serial)!;
  await installOnServer(sandbox, other, store.id);
  await sandboxRequest(sandbox.info, 'POST', `/_sandbox/devices/${other}/checkin`);
  await silentSpare(sandbox, serial);
  await installHere(page, serial);
  await expect(page.getByRole('heading', { name: `Verify ${serial}` })).toBeVisible();

  const guide = page.getByTestId('silent-check');
  await expect(guide).toBeVisible({ timeout: 150_000 });
  await expect(page.getByTestId('silent-store')).toContainText(
    /other devices at this store check in now/,
    {
      timeout: 60_000,
    },
  );
  const causes = page.getByTestId('silent-causes').locator('li');
  await expect(causes.first()).toHaveAttribute('data-cause', 'power');
  await expect(causes.first()).toContainText('No power');
  await expect(guide).toContainText('It has never checked in');
  await expect(guide).toContainText('Checks in every 0.5 min');

  // The screen asks the core at Verify's poll pace: a few operations per 10 s, no storm.
  const from = Date.now();
  await page.waitForTimeout(10_000);
  const sent = watch.ops(from);
  expect(sent.length, countedOps(sent)).toBeLessThan(10);

  await page.getByLabel('What did you find?').selectOption('cable_poe');
  await page.getByLabel('What you did').fill('Cable reseated at the switch');
  await page.getByRole('button', { name: 'Record in the visit' }).click();
  // The technician's note isolated for direction inside the sentence.
  await expect(guide).toContainText(
    'Recorded: Not checking in; found: Cable or PoE injector. \u2068Cable reseated at the switch\u2069',
  );

  // It checks in: the screen says so at once.
  await sandboxRequest(sandbox.info, 'POST', `/_sandbox/devices/${serial}/silence`, {
    silent: false,
  });
  await expect(page.getByRole('region', { name: 'Check-in' })).toContainText('It checked in at', {
    timeout: 30_000,
  });
  await expect(guide).toHaveCount(0);
  expect(watch.errors()).toEqual([]);
});

test('none at the store checks in: the store’s network (DHCP) comes first', async ({
  signedInPage: page,
  sandbox,
}) => {
  test.setTimeout(480_000);
  const { serial, store } = await openStoreWithSpare(page, sandbox);
  const placed = Object.entries(await serverPlacements(sandbox.info))
    .filter(([, at]) => at === store.id)
    .map(([s]) => s);
  expect(placed.length).toBeGreaterThan(0);
  // Every device there silenced, on the shortest interval: not checking in 2 min on.
  for (const s of placed) await silentSpare(sandbox, s);
  await silentSpare(sandbox, serial);
  await installHere(page, serial);
  await expect(page.getByRole('heading', { name: `Verify ${serial}` })).toBeVisible();

  await expect(page.getByTestId('silent-store')).toContainText(
    `None of the ${placed.length} other devices at this store checks in now`,
    { timeout: 240_000 },
  );
  const causes = page.getByTestId('silent-causes').locator('li');
  await expect(causes.first()).toHaveAttribute('data-cause', 'dhcp');
  await expect(causes.first()).toContainText('No network address (DHCP)');

  // The device's own screen shows the same check, in the same order.
  await openLocation(page, store.name);
  await lookUpSerial(page, serial);
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  await expect(page.getByTestId('silent-causes').locator('li').first()).toHaveAttribute(
    'data-cause',
    'dhcp',
    { timeout: 30_000 },
  );

  // In German, the same order in the catalog's words.
  await preferLanguage(page, 'de');
  await expect(
    page.getByRole('heading', { name: 'Wahrscheinliche Ursachen, die wahrscheinlichste zuerst' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('silent-causes').locator('li').first()).toContainText(
    'Keine Netzwerkadresse (DHCP)',
  );
  await expect(page.getByTestId('silent-store')).toContainText('Keines der');
});
