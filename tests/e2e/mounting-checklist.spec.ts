/**
 * Installation quality in browser mode (decision record 55), training mode with a policy file standing in
 * for IT's managed settings: one placement photo and the mounting checklist required, and the
 * organization's own checklist file. A height typed in feet (a store in the US) below its limits
 * asks for a reason; "Finish visit" with the photo still missing asks, in the sign-off's panel, why
 * and records the visit incomplete — on the receipt, with the sign-off, with the checklist in the same words as on Verify.
 */
import { checkScreen, expect, startWebWithPolicy, test } from './fixtures';
import { openNav, openStoreIn, trainingSpareSerial } from './helpers';

test('a checklist value outside its limits needs a reason; finishing with a rule open is recorded incomplete on the receipt', async ({
  page,
  dataDir,
}) => {
  const web = await startWebWithPolicy(
    dataDir,
    { RequiredPlacementPhotos: 1, RequireMountingChecklist: true },
    [{ check: 'mounting_height', minMetres: 2.32, maxMetres: 3.0 }, { check: 'view_clear' }],
  );
  try {
    const serial = await trainingSpareSerial(page, web.info.url);
    // A store in the US: lengths in feet there.
    await openStoreIn(page, 'US');
    await page.getByRole('button', { name: 'Scan device' }).click();
    await page.getByLabel('Serial number').fill(serial);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('button', { name: 'Install here' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Verify ${serial}` })).toBeVisible();

    // The install shows what IT's rules still ask of it.
    const stillOpen = page.getByRole('region', { name: 'Still open in this visit' });
    await expect(stillOpen.getByRole('listitem')).toHaveText([
      `${serial}: 0 of 1 placement photos`,
      `${serial}: mounting checklist not filled in`,
    ]);
    const checklist = page.getByRole('region', { name: 'Mounting checklist' });
    await expect(
      checklist.getByText('Limits for this device type: 7.61 ft to 9.84 ft'),
    ).toBeVisible();
    // 7.5 ft is 2.29 m, below 2.32 m: the reason is asked for as soon as it is typed.
    await checklist.getByLabel('Mounting height (ft)').fill('7.5');
    await checklist.getByRole('radio', { name: 'Yes' }).check();
    await checklist.getByRole('button', { name: 'Save checklist' }).click();
    await expect(checklist.getByText('Say why, to record it.')).toBeVisible();
    await checklist.getByLabel('Why is it outside the limits?').fill('Ceiling too low');
    await checkScreen(page, 'mounting-checklist', 'light');
    await checklist.getByRole('button', { name: 'Save checklist' }).click();
    const answers = [
      'Mounting height: 7.5 ft, outside the limits (7.61 ft to 9.84 ft): Ceiling too low',
      'Nothing blocks the view: Yes',
    ];
    await expect(checklist.getByRole('status')).toHaveText(
      `Checklist saved with this visit. Mounting checklist: ${answers.join('; ')}`,
    );

    await expect(stillOpen.getByRole('listitem')).toHaveText([
      `${serial}: 0 of 1 placement photos`,
    ]);
    // Opened again, Verify says the checklist this visit holds, as stored, and saving again
    // would amend it.
    await page.reload();
    await expect(checklist.getByRole('status')).toHaveText(
      `Recorded in this visit: Mounting checklist: ${answers.join('; ')}`,
    );
    await expect(checklist.getByLabel('Mounting height (ft)')).toHaveValue('7.5');
    await expect(
      checklist.getByRole('button', { name: 'Save changes to the checklist' }),
    ).toBeVisible();

    await openNav(page, 'Activity');
    const open = page.getByRole('region', { name: 'Still open in this visit' });
    await expect(open.getByRole('listitem')).toHaveText([`${serial}: 0 of 1 placement photos`]);
    // One panel: the store's sign-off, and why the rules are still open.
    await page.getByRole('button', { name: 'Finish visit' }).click();
    const panel = page.getByRole('region', { name: 'Store sign-off' });
    const rules = panel.getByRole('group', { name: 'Finish the visit incomplete?' });
    await expect(rules.getByRole('listitem')).toHaveText([`${serial}: 0 of 1 placement photos`]);
    await panel.getByLabel('Why nobody signed').fill('Nobody from the store present');
    await panel.getByRole('button', { name: 'Finish without signature' }).click();
    await expect(rules.getByText('Say why you finish the visit with rules open.')).toBeVisible();
    await rules.getByLabel('Reason', { exact: true }).fill('Store closing');
    await panel.getByRole('button', { name: 'Finish without signature' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(/^Visit finished at /)).toBeVisible();

    const earlier = page.getByRole('region', { name: 'Earlier visits' });
    await expect(earlier.getByText('Incomplete', { exact: true })).toBeVisible();
    await earlier
      .getByRole('button', { name: /^Receipt/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Visit receipt' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveText(
      `Visit finished incomplete: ${serial}: 0 of 1 placement photos. Reason: Store closing`,
    );
    await expect(
      page.getByText(/^Not signed \(.*\): \u2068Nobody from the store present\u2069$/),
    ).toBeVisible();
    // The receipt's checklist column: each answer in the words Verify said it.
    const row = page.getByRole('row').filter({ hasText: serial });
    await expect(row.getByRole('listitem')).toHaveText(answers);
  } finally {
    await web.stop();
  }
});
