/**
 * Against the sandbox, in German: an accuracy audit passes, and then the walk test and
 * "Geprüft" are recorded on the same screen with no error and (next to) no requests while it
 * stays open. The walk test counts the device's buckets from its start, and says so when
 * others crossed before it (the audit's people); the words keep a verification ("Prüfung")
 * apart from an audit ("Zählprüfung"). The sandbox's "minute" buckets are 2 s long and the
 * policy asks a sample of 6 crossings, so the audit runs in seconds.
 */
import { expect, startWebWithPolicy, test } from './fixtures';
import { atStoreAfterFirstSync, installHere, preferLanguage, signInWithKey } from './helpers';
import { QUIET_WINDOW, countedOps, watchBridge } from './helpers/bridge-watch';
import { sandboxRequest } from './sandbox-api';

test.use({ viewport: { width: 1366, height: 768 } });

test('in German: an audit passes, then the walk test and “Geprüft” are recorded with no error and fewer than 10 requests a minute after', async ({
  page,
  dataDir,
  sandbox,
}) => {
  test.setTimeout(240_000);
  const web = await startWebWithPolicy(dataDir, {
    AuditMinimumCrossings: 6,
    AuditMinimumMinutes: 0,
  });
  const { info } = sandbox;
  await sandboxRequest(info, 'PUT', '/_sandbox/traffic', { minuteBucketSeconds: 2 });
  await signInWithKey(page, web.info.url, info);
  const watch = watchBridge(page);
  const { serial } = await atStoreAfterFirstSync(page, sandbox);
  await installHere(page, serial);
  await expect(page.getByRole('heading', { level: 1, name: `Verify ${serial}` })).toBeVisible();
  const device = (path: string, body?: object) =>
    sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/${path}`, body);
  // From now on the device counts only the people the test sends across its line, and checks
  // in when the test says.
  await device('people', { in: 0, out: 0 });
  await device('silence', { silent: true });
  await preferLanguage(page, 'de');
  await expect(page.getByRole('heading', { level: 1, name: `${serial} prüfen` })).toBeVisible();
  const bar = page.locator('.record-bar');
  await expect(bar.locator('button.primary')).toHaveText('Begehungstest starten');

  const audit = page.getByRole('region', { name: 'Zählprüfung', exact: true });
  await expect(audit).toContainText('Die Zählprüfung ist bestanden, wenn bei mindestens 6');
  await expect(audit).toContainText(/Bei diesem Gerät dauert sie bis zu/);
  await audit.getByRole('button', { name: 'Zählprüfung starten' }).click();
  await expect(audit.locator('.badge')).toHaveText('Zählung läuft', { timeout: 10_000 });
  await device('people', { in: 4, out: 3 });
  for (let i = 0; i < 4; i++)
    await audit.getByRole('button', { name: 'Hinein', exact: true }).click();
  for (let i = 0; i < 3; i++)
    await audit.getByRole('button', { name: 'Hinaus', exact: true }).click();
  await audit.getByRole('button', { name: 'Beenden' }).click();
  await expect(audit).toContainText('Warten auf die nächste Meldung des Geräts', {
    timeout: 10_000,
  });
  await device('checkin');
  await expect(audit.getByRole('status').filter({ hasText: 'Zählprüfung' })).toContainText(
    'Zählprüfung bestanden',
    { timeout: 15_000 },
  );

  // The walk test, from its start: the audit's people crossed before it, and it says so.
  const walk = page.getByRole('region', { name: 'Begehungstest' });
  await page.waitForTimeout(2_500);
  await bar.getByRole('button', { name: 'Begehungstest starten' }).click();
  await expect(walk).toContainText(/gezählt seit dem Start um .+, von 3/);
  await expect(walk.getByRole('note')).toContainText('Es gehen auch andere durch');
  await expect(bar).toContainText('Als Nächstes: durch die Tür gehen. Bisher 0 von 3 gezählt.');
  await device('walk-through', { count: 3 });
  await expect(walk).toContainText('Begehungstest bestanden', { timeout: 15_000 });
  await device('checkin');
  const record = bar.getByRole('button', { name: 'Als „Geprüft“ erfassen' });
  await expect(record).toHaveClass(/primary/, { timeout: 15_000 });
  await record.click();
  await expect(bar.getByRole('status')).toContainText('Als „Geprüft“ erfasst.');

  const from = Date.now();
  await page.waitForTimeout(QUIET_WINDOW.ms);
  const sent = watch.ops(from);
  expect(sent.length, countedOps(sent)).toBeLessThanOrEqual(QUIET_WINDOW.atMost);
  expect(watch.errors()).toEqual([]);
  await expect(page.getByText('antwortet nicht')).toHaveCount(0);

  // Activity: the audit and the verification in words of their own.
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('button', { name: 'Aktivität' })
    .click();
  const visit = page.getByRole('region', { name: 'Dieser Besuch' });
  await expect(visit.getByRole('row').filter({ hasText: 'Zählprüfung bestanden' })).toHaveCount(1);
  const verification = visit.getByRole('row').filter({ hasText: 'Begehungstest bestanden' });
  await expect(verification).toContainText('Geprüft');
  await expect(verification).not.toContainText('Zählprüfung');
});
