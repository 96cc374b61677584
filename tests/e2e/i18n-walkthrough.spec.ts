/**
 * The install walkthrough (install-walkthrough.spec.ts) in German, in Japanese and in the
 * pseudo-locale: sign in with a key against a started sandbox, create a location with the
 * country picker, scan (a serial not found, and a scan through a US-set scanner on a German
 * keyboard), install, verify, move, uninstall, delete. Each screen's heading and buttons are
 * asserted in the language from its catalog, `<html lang>` follows, axe runs on every screen
 * in both themes, and every screen is saved under test-results/screens/ to be looked at for
 * overflow and truncation (1366×768, the technicians' laptops).
 *
 * The catalog is read from i18n/messages (en-XA is generated from en at every compile), so the
 * words asserted are the ones the app must show; spot checks of literal German and Japanese
 * make sure those are translations, not English.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { I18N_MESSAGES } from '../../i18n/paths';
import { checkBothThemes, desktopLanguage, expect, test, type Sandbox } from './fixtures';
import { preferLanguage, startWalkTest } from './helpers';
import {
  installOnServer,
  locations,
  sandboxRequest,
  serverPlacements,
  uninstalledSerials,
} from './sandbox-api';
import { scannerBurst } from './helpers/scanner';

type Lang = 'de' | 'ja' | 'en-XA';
type Message = string | { match: Record<string, string> }[];

/** The catalog's sentence for `key` in `lang`, with its parameters (plural by `count`). */
const wordsFor = (lang: Lang) => {
  const catalog = JSON.parse(readFileSync(join(I18N_MESSAGES, `${lang}.json`), 'utf8')) as Record<
    string,
    Message
  >;
  const plural = new Intl.PluralRules(lang === 'en-XA' ? 'en' : lang);
  return (key: string, params: Record<string, string | number> = {}): string => {
    const message = catalog[key];
    if (message === undefined) throw new Error(`no message ${key} in ${lang}`);
    let text: string;
    if (typeof message === 'string') text = message;
    else {
      const match = message[0]?.match ?? {};
      const form = plural.select(Number(params.count ?? 0));
      const chosen = Object.entries(match).find(([k]) => k.endsWith(`=${form}`));
      text = (chosen ?? Object.entries(match).find(([k]) => k.endsWith('=other')))?.[1] ?? '';
    }
    return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
  };
};

/** What a US-set scanner types on a German (QWERTZ) computer: "-" comes out as "ß", Y/Z swap. */
const onQwertz = (serial: string): string =>
  [...serial].map((c) => ({ '-': 'ß', Y: 'Z', Z: 'Y' })[c] ?? c).join('');

const HTML_LANG: Record<Lang, string> = { de: 'de-DE', ja: 'ja-JP', 'en-XA': 'en-XA' };
/** Germany, as a technician types it in each language (the picker names it so). */
const COUNTRY_TYPED: Record<Lang, string> = { de: 'Deutschland', ja: 'ドイツ', 'en-XA': 'Germany' };

async function walkthrough(page: Page, url: string, sandbox: Sandbox, lang: Lang): Promise<void> {
  const { info, user } = sandbox;
  const t = wordsFor(lang);
  const shot = (name: string) => checkBothThemes(page, `${lang}-${name}`);
  const main = page.getByRole('main');
  const nav = page.getByRole('navigation', { name: t('nav_label') });
  const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
  const openLocation = async (name: string) => {
    await nav.getByRole('button', { name: t('nav_locations') }).click();
    await page.getByLabel(t('locations_search_label')).fill(name);
    await main.getByRole('button', { name, exact: true }).click();
    await expect(heading(name)).toBeVisible();
  };

  // Sign in with a key (the pseudo-locale is a preference, set before the app reads it).
  await page.goto(url);
  if (lang === 'en-XA') {
    await preferLanguage(page, 'en-XA');
  }
  await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
  await expect(page.getByRole('heading', { name: t('signin_title') })).toBeVisible();
  await page.getByLabel(t('label_api_base_url')).fill(info.base_url);
  await page.getByLabel(t('label_api_key')).fill(user.api_key);
  await page.getByRole('button', { name: t('signin_submit'), exact: true }).click();
  await expect(page.getByRole('heading', { name: t('signin_choose_org_title') })).toBeVisible();
  await page.getByRole('radio', { name: user.organizations[0]!.name }).check();
  await page.getByRole('button', { name: t('common_continue') }).click();

  // Locations.
  await expect(heading(t('nav_locations'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('locations_new') })).toBeVisible();
  await expect(page.getByPlaceholder(t('locations_search_placeholder'))).toBeVisible();
  const stores = await locations(sandbox);
  const existing = stores[0]!;
  await expect(
    main.getByText(t('locations_count', { count: stores.length, shown: stores.length })),
  ).toBeVisible();
  await shot('locations');

  const [first, third, ...rest] = await uninstalledSerials(sandbox);
  if (!first || !third) throw new Error('sandbox has too few uninstalled devices');
  // A serial with a Y or Z: the letters a German keyboard swaps.
  const swapped = rest.find((s) => /[YZ]/.test(s.slice(4)));
  if (!swapped) throw new Error('no uninstalled serial with a Y or Z in the seed');

  // New location: the rules in this language, then the country picked by its name here.
  await page.getByRole('button', { name: t('locations_new') }).click();
  const form = page.getByRole('form', { name: t('locations_new') });
  await expect(form).toBeVisible();
  await page.getByRole('button', { name: t('action_create_location') }).click();
  await expect(page.getByText(t('rule_name_required'), { exact: true })).toBeVisible();
  await expect(form.getByLabel(t('location_field_name'), { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByRole('alert').filter({ hasText: t('form_fix_fields') })).toBeVisible();
  await shot('new-location-errors');
  const store = `${lang} Walkthrough Store`;
  await form.getByLabel(t('location_field_name'), { exact: true }).fill(store);
  await form.getByLabel(t('location_field_street'), { exact: true }).fill('Unter den Linden 1');
  await form.getByLabel(t('location_field_city'), { exact: true }).fill('Berlin');
  const country = form.getByRole('combobox', { name: t('location_field_country') });
  await country.fill(COUNTRY_TYPED[lang]);
  await page.getByRole('button', { name: t('action_create_location') }).click();
  await expect(heading(store)).toBeVisible();
  await expect(main.getByText('Unter den Linden 1, Berlin, DE')).toBeVisible();
  await expect(
    main.getByText(t('location_no_devices', { action: t('scan_device') })),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: t('action_delete_location') })).toBeEnabled();
  await shot('location-empty');

  // Scan: a serial that does not exist says so in this language.
  await page.getByRole('button', { name: t('scan_device') }).click();
  await expect(heading(t('scan_device'))).toBeVisible();
  await expect(main.getByText(t('scan_intro_at', { location: `${store} (Berlin)` }))).toBeVisible();
  const serialField = page.getByLabel(t('scan_serial_label'));
  await serialField.fill('FTC-NOPE0000');
  await page.getByRole('button', { name: t('scan_look_up'), exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    t('error_device_not_found', { serial: 'FTC-NOPE0000' }),
  );
  await shot('scan-not-found');

  // A US-set handheld scanner on a German keyboard: "ß" for "-", Y for Z. The field warns and
  // offers the serial it meant; looking that up finds the device.
  await page.getByRole('button', { name: t('scan_use_camera') }).focus();
  await scannerBurst(page, onQwertz(swapped));
  await expect(main).toContainText(t('scan_layout_warning'));
  await expect(main).toContainText(t('scan_layout_meant', { serial: swapped }));
  await expect(serialField).toHaveAttribute('aria-invalid', 'true');
  await expect(serialField).toHaveValue(onQwertz(swapped));
  await shot('scan-layout-warning');
  await page.getByRole('button', { name: t('scan_look_up_serial', { serial: swapped }) }).click();
  await expect(heading(swapped)).toBeVisible();

  // Install → Verify.
  await openLocation(store);
  await page.getByRole('button', { name: t('scan_device') }).click();
  await serialField.fill(first.toLowerCase());
  await page.getByRole('button', { name: t('scan_look_up'), exact: true }).click();
  await expect(heading(first)).toBeVisible();
  await shot('device');
  await page.getByRole('button', { name: t('device_install_here') }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(first) })).toBeVisible();
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${first}/checkin`);
  await startWalkTest(page, t('verify_walk_start'));
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${first}/walk-through`, { count: 3 });
  const markVerified = page.getByRole('button', {
    name: t('verify_record_as', { result: t('result_verified') }),
  });
  await expect(markVerified).toBeVisible({ timeout: 30_000 });
  // Check-in and walk count arrive in separate answers: a click between them is (rightly)
  // asked for a reason, so wait until the screen says the walk test passed.
  await expect(main.getByText(t('verify_walk_passed'))).toBeVisible({ timeout: 30_000 });
  await shot('verify');
  await markVerified.click();
  await expect(
    page.getByText(t('verify_recorded_as', { result: t('result_verified') })),
  ).toBeVisible();

  // Move: installed at another store, scanned here.
  await installOnServer(sandbox, third, existing.id);
  await openLocation(store);
  await page.getByRole('button', { name: t('scan_device') }).click();
  await serialField.fill(third);
  await page.getByRole('button', { name: t('scan_look_up'), exact: true }).click();
  await page.getByRole('button', { name: t('device_move_here') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${store} (Berlin)`);
  await shot('move-confirm');
  await dialog.getByRole('button', { name: t('device_move_confirm'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(third) })).toBeVisible();

  // The store with two devices: table headings, and why it cannot be deleted, in words.
  await openLocation(store);
  const table = page.getByRole('table', { name: t('location_devices_caption', { name: store }) });
  await expect(table).toContainText(third);
  for (const column of [
    'device_field_serial',
    'device_field_label',
    'device_field_type',
    'device_field_last_checkin',
    'device_field_status',
  ])
    await expect(table.getByRole('columnheader', { name: t(column) })).toBeVisible();
  await expect(
    main.getByText(t('devices_count', { count: 2, shown: 2 }), { exact: true }),
  ).toBeVisible();
  const remove = page.getByRole('button', { name: t('action_delete_location') });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(
    t('location_delete_blocked', { count: 2, shown: 2 }),
  );
  await expect(page.getByRole('heading', { name: t('location_traffic_title') })).toBeVisible();
  await shot('location-with-devices');

  // Uninstall both, then delete.
  for (const serial of [first, third]) {
    await page.getByRole('button', { name: serial }).click();
    await page.getByRole('button', { name: t('device_uninstall_button'), exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('device_uninstall_confirm') })
      .click();
    await expect(page.getByText(t('outcome_uninstalled', { serial }))).toBeVisible();
    await openLocation(store);
  }
  await expect(
    main.getByText(t('location_no_devices', { action: t('scan_device') })),
  ).toBeVisible();
  await remove.click();
  const confirm = page.getByRole('dialog', { name: t('location_delete_title', { name: store }) });
  await expect(confirm).toContainText(t('location_delete_body'));
  await shot('delete-confirm');
  await confirm.getByRole('button', { name: t('common_delete'), exact: true }).click();
  await expect(heading(t('nav_locations'))).toBeVisible();
  const placements = await serverPlacements(info);
  expect(placements[first]).toBeNull();
  expect(placements[third]).toBeNull();

  // The other screens, for axe and the screenshots.
  await nav.getByRole('button', { name: t('nav_inventory') }).click();
  await expect(page.locator('.device-row').first()).toBeVisible({ timeout: 20_000 });
  await shot('inventory');
  await nav.getByRole('button', { name: t('nav_activity') }).click();
  await expect(page.getByRole('table')).toContainText(first);
  await shot('activity');
  await nav.getByRole('button', { name: t('nav_settings') }).click();
  await expect(heading(t('nav_settings'))).toBeVisible();
  for (const section of ['settings_account', 'settings_connection', 'settings_scanner'])
    await expect(page.getByRole('heading', { level: 2, name: t(section) })).toBeVisible();
  await expect(page.getByRole('button', { name: t('settings_sign_out') })).toBeVisible();
  await expect(page.getByLabel(t('sounds_label'))).toBeVisible();
  await shot('settings');
  await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
}

/**
 * A Chromium of its own per language, as `desktopLanguage` sets up for a whole file (these
 * three share one), at the technicians' 1366×768.
 */
const run = async (url: string, sandbox: Sandbox, lang: Lang) => {
  const { locale, launchOptions } = desktopLanguage(lang === 'en-XA' ? 'en-US' : HTML_LANG[lang]);
  const browser = await chromium.launch(launchOptions);
  try {
    const context = await browser.newContext({ locale, viewport: { width: 1366, height: 768 } });
    await walkthrough(await context.newPage(), url, sandbox, lang);
  } finally {
    await browser.close();
  }
};

test('the whole walkthrough in German, axe on every screen', async ({ web, sandbox }) => {
  test.setTimeout(300_000);
  // Literal spot checks: these are translations, not English.
  const t = wordsFor('de');
  expect([t('nav_locations'), t('scan_device'), t('locations_new')]).toEqual([
    'Standorte',
    'Gerät scannen',
    'Neuer Standort',
  ]);
  await run(web.info.url, sandbox, 'de');
});

test('the whole walkthrough in Japanese', async ({ web, sandbox }) => {
  test.setTimeout(300_000);
  const t = wordsFor('ja');
  expect([t('nav_locations'), t('scan_device'), t('locations_new')]).toEqual([
    '店舗',
    'デバイスをスキャン',
    '新しい店舗',
  ]);
  await run(web.info.url, sandbox, 'ja');
});

test('the whole walkthrough in the pseudo-locale (en-XA)', async ({ web, sandbox }) => {
  test.setTimeout(300_000);
  await run(web.info.url, sandbox, 'en-XA');
});
