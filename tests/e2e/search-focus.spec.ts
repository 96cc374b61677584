import { expect, test } from './fixtures';
import { openTrainingInventory } from './helpers';

// A session event (a sync finishing, the queue changing, connectivity) must not take the focus
// out of the field the technician is typing in: the shell once moved it to the heading on
// every such event, because each one brings a new status object.
test('typing in "Search inventory" keeps the focus while sync and queue events arrive', async ({
  page,
  web,
}) => {
  await openTrainingInventory(page, web.info.url);
  const search = page
    .getByRole('searchbox', { name: 'Search inventory' })
    .or(page.getByRole('textbox', { name: 'Search inventory' }));
  // The training inventory arrives by a first sync in the background; wait until an
  // uninstalled device is cached before acting on it.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const res = await fetch('/api/op/queryDevices', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-bridge-secret': localStorage.getItem('fi-bridge-secret') ?? '',
          },
          body: JSON.stringify({ view: 'uninstalled', offset: 0, limit: 1 }),
        });
        return ((await res.json()) as { value?: { rows?: unknown[] } }).value?.rows?.length ?? 0;
      }),
    )
    .toBeGreaterThan(0);
  await search.click();
  await search.pressSequentially('ftc');
  // Work done from another window of the same session (here: over the bridge): the install
  // changes the queue and the session status, and a sync reports, while the technician types.
  await page.evaluate(async () => {
    const op = async (name: string, input: object) => {
      const res = await fetch(`/api/op/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-bridge-secret': localStorage.getItem('fi-bridge-secret') ?? '',
        },
        body: JSON.stringify(input),
      });
      return ((await res.json()) as { value: any }).value; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const devices = await op('queryDevices', { view: 'uninstalled', offset: 0, limit: 1 });
    const locations = await op('listLocations', {});
    await op('installDevice', {
      serial: devices.rows[0].serial,
      locationId: locations.value[0].id,
    });
    await op('syncNow', {});
  });
  await page.waitForTimeout(1_500);
  await expect(search).toBeFocused();
  await search.pressSequentially('-');
  await expect(search).toHaveValue('ftc-');
});
