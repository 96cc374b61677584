/**
 * Verification that cannot be misread, in training mode: a device that checks in but fails its
 * walk test is recorded as exactly that — the same words on Verify, in Activity, on the receipt
 * and in the CSV, and listed under "Needs follow-up" — never as "Verified". And on a 1366×768
 * laptop with the camera on (Chromium's fake camera playing a .y4m file), the walk test passes
 * on simulated walk-throughs, the button that records and "Take photo" are both on screen
 * without scrolling, and a wrong photo can be removed after a question that opens on Cancel.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { checkBothThemes, expect, test } from './fixtures';
import {
  escapeRegExp,
  installHere,
  openFirstStore,
  openNav,
  simulatePasses,
  startWalkTest,
  trainingSpareSerial,
} from './helpers';
import { doorFrames, writeY4m } from './helpers/camera-y4m';

const WALK_FAILED = 'Checked in, walk test failed';

/** Installs the training spare at the first store; Verify opens. The serial and store. */
async function installSpare(page: Page, url: string): Promise<{ serial: string; store: string }> {
  const serial = await trainingSpareSerial(page, url);
  const store = await openFirstStore(page);
  await installHere(page, serial);
  await expect(page.getByRole('heading', { level: 1, name: `Verify ${serial}` })).toBeVisible();
  return { serial, store };
}

/** The training service's first check-in comes a few seconds after the install. */
const checkedIn = (page: Page) =>
  expect(page.getByRole('region', { name: 'Check-in' }).getByRole('status')).toHaveText('Online', {
    timeout: 30_000,
  });

test('a failed walk test recorded with a reason says so the same way on Verify, in Activity, on the receipt and in the CSV, under "Needs follow-up"', async ({
  page,
  web,
}) => {
  const { serial, store } = await installSpare(page, web.info.url);
  const walk = page.getByRole('region', { name: 'Walk test' });
  // More passes than the training store's own visitors could make in the meantime.
  await walk.getByLabel('Passes walked').fill('100');
  await checkedIn(page);
  // Recorded short of the passes: not the main button, and only with a reason.
  const recordFailed = page.getByRole('button', { name: `Record as “${WALK_FAILED}”` });
  await expect(recordFailed).not.toHaveClass(/primary/);
  await recordFailed.click();
  await walk.getByLabel(/Why it did not pass/).fill('Sensor faces the wall');
  await recordFailed.click();
  await expect(page.getByRole('status').filter({ hasText: 'Recorded as' })).toContainText(
    `Recorded as “${WALK_FAILED}”.`,
  );

  // Activity: the badge, and the follow-up beside the log.
  await openNav(page, 'Activity');
  const visit = page.getByRole('region', { name: 'This visit' });
  const verifyRow = visit.getByRole('row').filter({ hasText: 'Verify' });
  await expect(verifyRow.locator('.badge')).toHaveText(WALK_FAILED);
  const followUp = new RegExp(
    `^${escapeRegExp(serial)} at ${escapeRegExp(store)}.*: ${WALK_FAILED}; Failed \\(\\d+ of 100\\): Sensor faces the wall$`,
  );
  // Each open item with the button to its fix: the device's Verify.
  const followUpItem = visit.getByRole('region', { name: 'Needs follow-up' }).getByRole('listitem');
  await expect(followUpItem).toHaveText(
    new RegExp(`${followUp.source.slice(0, -1)}\\s*Verify ${escapeRegExp(serial)}$`),
  );
  await checkBothThemes(page, 'activity-follow-up');

  // The CSV: the same words as the result, and the follow-up on the device's last row.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    visit.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const rows = (await readFile(await download.path(), 'utf8')).split('\r\n');
  // Every cell is quoted (a spreadsheet never splits a store name into a formula).
  expect(rows[0]).toMatch(/,"Needs follow-up","Signed by"$/);
  const csvVerify = rows.find((r) => r.includes(',"Verify",'))!;
  // The result's cell, and the follow-up cell last.
  expect(csvVerify).toContain(`,"${WALK_FAILED}",`);
  expect(csvVerify).toMatch(
    new RegExp(`,"${WALK_FAILED}; Failed \\(\\d+ of 100\\): Sensor faces the wall",""$`),
  );
  expect(rows.join('\n')).not.toContain(',"Verified",');

  // The receipt: the Verification column and "Needs follow-up".
  await visit.getByRole('button', { name: 'Receipt', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Visit receipt' })).toBeVisible();
  const row = page.getByRole('region', { name: `Store ${store}` }).getByRole('row', {
    name: new RegExp(escapeRegExp(serial)),
  });
  // Label, action, time, then the verification.
  await expect(row.getByRole('cell').nth(3)).toHaveText(WALK_FAILED);
  await expect(row).not.toContainText('Verified');
  await expect(
    page.getByRole('region', { name: 'Needs follow-up' }).getByRole('listitem'),
  ).toHaveText(followUp);
});

test('training at 1366×768 with the camera on: the record button and "Take photo" on screen, a wrong photo removed, the walk test passed on simulated walk-throughs', async ({
  web,
  cameraBrowser,
  cameraVideo,
}) => {
  await writeY4m(cameraVideo, doorFrames([0, 60]));
  const context = await cameraBrowser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const { serial } = await installSpare(page, web.info.url);
  const record = page.getByRole('button', { name: /^Record as “/ });

  const photos = page.getByRole('region', { name: 'Placement photos' });
  await photos.getByRole('button', { name: 'Add photo' }).click();
  const preview = photos.getByLabel('Camera preview');
  await expect
    .poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoHeight))
    .toBeGreaterThan(0);
  // From the top of the screen, with the camera's picture showing: nothing to scroll to.
  await page.evaluate(() => window.scrollTo(0, 0));
  const take = photos.getByRole('button', { name: 'Take photo' });
  for (const button of [take, record]) {
    await expect(button).toBeInViewport({ ratio: 1 });
    const box = (await button.boundingBox())!;
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  }

  await take.click();
  await expect(photos.getByText('Photo saved with this visit.')).toBeVisible();
  await take.click();
  await expect(photos.getByRole('img', { name: `Placement photo of ${serial}` })).toHaveCount(2);

  // The wrong one goes, after a question that opens on Cancel.
  await photos
    .getByRole('button', { name: /^Remove/ })
    .first()
    .click();
  const question = page.getByRole('dialog', { name: 'Remove this photo?' });
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await question.getByRole('button', { name: 'Remove photo' }).click();
  await expect(question).toBeHidden();
  await expect(photos.getByText('Photo removed.')).toBeVisible();
  await expect(photos.getByRole('img', { name: `Placement photo of ${serial}` })).toHaveCount(1);

  // Nobody walks past a practice device: three simulated passes make the walk test pass.
  await checkedIn(page);
  const walk = page.getByRole('region', { name: 'Walk test' });
  await startWalkTest(page);
  await expect(walk).toContainText('Simulate a walk-through');
  await simulatePasses(page, 3);
  await expect(walk).toContainText('Walk test passed', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Record as “Verified”' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recorded as' })).toHaveText(
    'Recorded as “Verified”.',
  );
});
