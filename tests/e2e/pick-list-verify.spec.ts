/**
 * A pick list ends in verified devices, not a dead end: a box of four devices of two types
 * (the type of the first scanned does not skip the others) is installed from the list, and
 * each is verified from its own line — "Verify", then "Verify next" through the list's
 * installed devices — while "Needs follow-up" in Activity opens the Verify of the one still
 * open. Its words say what each action does: "Remove from list" on an installed line takes it
 * off the list, nothing more; "hello" is not a serial; a message about an empty field goes
 * once something is pasted. Against the sandbox, which checks in and counts passes on request.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openNav, startWalkTest } from './helpers';
import { apiGet, sandboxRequest, type SandboxInfo } from './sandbox-api';

interface ApiDevice {
  serial_number: string;
  device_type_name?: string | null;
}

/** Four spare devices, two of each of two types where the seed has them. */
async function fourOfTwoTypes(spare: ApiDevice[]): Promise<string[]> {
  const byType = new Map<string, string[]>();
  for (const d of spare) {
    const type = d.device_type_name ?? '';
    byType.set(type, [...(byType.get(type) ?? []), d.serial_number]);
  }
  const [a, b] = [...byType.values()].filter((serials) => serials.length >= 2);
  if (!a || !b) throw new Error('the sandbox seed has no two types of two spare devices');
  return [a[0]!, b[0]!, a[1]!, b[1]!];
}

/** Pastes text into the focused field as a clipboard paste does. */
const paste = (page: Page, text: string) =>
  page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);

/** On Verify: the walk test walked and the device checked in, then "Verified" recorded. */
async function verify(page: Page, info: SandboxInfo, serial: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: `Verify ${serial}` })).toBeVisible();
  await startWalkTest(page);
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/walk-through`, { count: 3 });
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/checkin`);
  const record = page.locator('.record-bar').getByRole('button', { name: 'Record as “Verified”' });
  await expect(record).toHaveClass(/primary/, { timeout: 30_000 });
  await record.click();
  await expect(page.getByText('Recorded as “Verified”.')).toBeVisible();
}

test('a pick list of four devices of two types is installed and verified from its own lines; follow-up opens Verify', async ({
  page,
  sandbox,
  atStore: { store },
}) => {
  test.setTimeout(240_000);
  const { info } = sandbox;
  const serials = await fourOfTwoTypes(await apiGet<ApiDevice[]>(sandbox, '/uninstalled-devices'));
  await page.getByRole('button', { name: 'Pick list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pick list' })).toBeVisible();
  const field = page.getByLabel('Serial numbers');

  // "Add" on an empty field says so; a list pasted next takes that message away.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Enter or scan a serial number.')).toBeVisible();
  await field.focus();
  await paste(page, `${serials.join('\n')}\nhello`);
  await expect(page.locator('tbody tr')).toHaveCount(5);
  await expect(page.getByText('Enter or scan a serial number.')).toHaveCount(0);
  const line = (serial: string) => page.locator(`tr[data-serial="${serial}"]`);
  await expect(line('hello')).toContainText('Not a serial number: skipped.');
  // Two types, none chosen: all four are ready, and the screen says the box is mixed.
  await expect(page.getByLabel('Expected device type')).toHaveValue('');
  await expect(page.getByText('The box holds more than one device type')).toBeVisible();
  for (const serial of serials) await expect(line(serial)).toContainText('Ready');
  await line('hello').getByRole('button', { name: 'Remove hello from the pick list' }).click();
  await expect(line('hello')).toHaveCount(0);

  await page.getByRole('button', { name: 'Install the pick list here' }).click();
  for (const serial of serials)
    await expect(line(serial)).toContainText(`Done Installed at \u2068${store.name}\u2069.`);
  // An installed line's actions say what they do: verify it, or take it off the list only.
  const [first, second, third, fourth] = serials as [string, string, string, string];
  await expect(
    line(first).getByRole('button', {
      name: `Take ${first} off the pick list (it stays installed)`,
    }),
  ).toHaveText('Remove from list');

  // From its line to Verify, and on to the next of the list's devices.
  await line(first)
    .getByRole('button', { name: `Verify ${first}` })
    .click();
  await verify(page, info, first);
  const next = page.getByRole('button', { name: /^Verify next: / });
  await expect(next).toHaveText(`Verify next: ${second} (3 left on the pick list)`);
  await expect(next).toBeFocused();
  await next.click();
  await verify(page, info, second);
  await expect(next).toHaveText(`Verify next: ${third} (2 left on the pick list)`);
  await next.click();
  await verify(page, info, third);

  // The last one open is listed under "Needs follow-up", and opens its Verify from there.
  await openNav(page, 'Activity');
  const followUp = page
    .getByRole('region', { name: 'This visit' })
    .getByRole('region', { name: 'Needs follow-up' });
  await expect(followUp.getByRole('listitem')).toHaveCount(1);
  await expect(followUp.getByRole('listitem')).toContainText(fourth);
  await followUp.getByRole('button', { name: `Verify ${fourth}` }).click();
  await verify(page, info, fourth);
  // None left on the list: the next step is the next scan.
  await expect(page.getByRole('button', { name: 'Scan next device' })).toBeFocused();

  // The list says each is verified, and offers to verify again.
  await page.getByRole('button', { name: 'Back to location' }).click();
  await page.getByRole('button', { name: 'Pick list' }).click();
  for (const serial of serials) {
    await expect(line(serial)).toContainText('Verified');
    await expect(line(serial).getByRole('button', { name: `Verify ${serial}` })).toHaveText(
      'Verify again',
    );
  }
  await openNav(page, 'Activity');
  await expect(
    page
      .getByRole('region', { name: 'This visit' })
      .getByRole('region', { name: 'Needs follow-up' }),
  ).toHaveCount(0);
});
