/**
 * The browser benchmarks, in one session of the real app so each builds on the last:
 * sign in through the UI against a sandbox with 100,000+ uninstalled devices in the
 * organization → Inventory first render (figure 2) → keystrokes and scrolling (figure 2) →
 * memory (figure 6) → stop the sandbox and cold-start offline (figure 3).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox } from '../../electron/sandbox';
import { launchChromium, startCoreProcess } from './browser-app';
import { benchKeystrokes, benchScroll } from './inventory-input';
import { benchMemory, memoryBaseline } from './memory';
import { benchOfflineStart } from './offline-start';
import { PROBES, READ_STATE, waitInPage, type Arrival, type BenchState } from './page-probes';
import { atMost, notMeasured, type Figure } from './results';
import { median } from './stats';

/** About a third of seeded devices are uninstalled: 310,000 per organization gives 100,000+. */
const DEVICES_PER_ORG = 310_000;
const MIN_UNINSTALLED = 100_000;
const FIRST_LOAD_TIMEOUT_MS = 240_000;

/** A failed step becomes a "not measured" row; the later steps still run when they can. */
async function step(
  figures: Figure[],
  name: string,
  unit: string,
  target: string,
  run: () => Promise<Figure[]>,
) {
  try {
    figures.push(...(await run()));
  } catch (error) {
    figures.push(
      notMeasured(
        name,
        unit,
        target,
        (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '',
      ),
    );
  }
}

const LIST = '[role="list"][aria-label="Inventory"]';
/** Renders measured: the first (data from the network) and re-opens (data from the cache). */
const RENDERS = 3;

async function openInventoryAndTime(
  page: Page,
  timeoutMs: number,
): Promise<{ ms: number; arrival: Arrival }> {
  const before = ((await page.evaluate(READ_STATE)) as BenchState).arrivals.length;
  await page.evaluate('window.__bench.resetRows()');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Inventory' })
    .click({ timeout: 30_000 });
  if (
    !(await waitInPage(page, 'window.__bench.rowsPaintedAt !== null', {
      timeoutMs,
      intervalMs: 100,
    }))
  ) {
    // Say what the page shows instead, so a report can tell a slow load from a broken screen.
    const shown = await page.evaluate(
      `(document.querySelector('main') || document.body).innerText.replace(/\\s+/g, ' ').slice(0, 200)`,
    );
    throw new Error(
      `no inventory rows within ${timeoutMs / 1000} s; the page shows: ${String(shown)}`,
    );
  }
  const state = (await page.evaluate(READ_STATE)) as BenchState;
  const arrival = state.arrivals[state.arrivals.length - 1];
  if (state.arrivals.length <= before || !arrival || state.rowsPaintedAt === null)
    throw new Error('the listInventory answer was not seen');
  return { ms: state.rowsPaintedAt - arrival.bodyReadAt, arrival };
}

/**
 * Signs in through the UI, opens Inventory (the core pages 100,000+ devices from the sandbox)
 * and times data arrival → rows painted; then leaves and re-opens it twice more (the same
 * answer, now from the core's cache) so the figure is a median, not one noisy sample. The
 * re-opens happen within the cache's 15 s freshness, so no background refresh starts.
 */
async function firstRender(page: Page, baseUrl: string, apiKey: string): Promise<Figure[]> {
  await page.getByLabel('API base URL').fill(baseUrl);
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const clickedAt = Date.now();
  const samples = [await openInventoryAndTime(page, FIRST_LOAD_TIMEOUT_MS)];
  const loadS = (Date.now() - clickedAt) / 1000;
  for (let i = 1; i < RENDERS; i++) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Locations' })
      .click();
    await waitInPage(page, `document.querySelector('${LIST}') === null`, { timeoutMs: 10_000 });
    samples.push(await openInventoryAndTime(page, 30_000));
  }
  const rows = Number(
    await page.locator(`${LIST} [role="listitem"]`).first().getAttribute('aria-setsize'),
  );
  if (!(rows >= MIN_UNINSTALLED))
    throw new Error(`the list has ${rows} devices, fewer than ${MIN_UNINSTALLED}`);
  const ms = samples.map((s) => s.ms);
  const parse = samples.map((s) => (s.arrival.parsedAt - s.arrival.bodyReadAt).toFixed(0));
  return [
    atMost('inventory first render after data arrives, median', median(ms), 'ms', 150, {
      note:
        `${rows} devices; ${samples.length} renders: ${ms.map((m) => m.toFixed(0)).join(', ')} ms (first from the network, then re-opened from the cache); ` +
        `answer ${((samples[0]?.arrival.bytes ?? 0) / 1024 / 1024).toFixed(1)} MB, its JSON.parse (${parse.join(', ')} ms) included; ` +
        `sign-in → first rows took ${loadS.toFixed(1)} s (the core paging the sandbox; not part of the figure)`,
    }),
  ];
}

export async function benchInventoryBrowser(rendererDir: string): Promise<Figure[]> {
  const work = await mkdtemp(join(tmpdir(), 'fi-bench-browser-'));
  const sbx = await startSandbox({ devices: DEVICES_PER_ORG });
  let sandboxUp = true;
  const figures: Figure[] = [];
  const core = await startCoreProcess({ rendererDir, dataDir: join(work, 'data') });
  const { browser, context } = await launchChromium();
  try {
    const user = sbx.users.find((u) => u.organizations.length === 1);
    const orgId = user?.organizations[0]?.id;
    if (!user || !orgId) throw new Error('sandbox has no single-organization user');
    const authorization = `Basic ${Buffer.from(`${orgId}:${user.api_key}`).toString('base64')}`;
    const sample = await fetch(`${sbx.baseUrl}/uninstalled-devices?page=7&per_page=3`, {
      headers: { authorization },
    });
    const serials = ((await sample.json()) as { data: { serial_number: string }[] }).data.map(
      (d) => d.serial_number,
    );
    // The random part of each serial ("FTC-" is common to all), five keys per fragment.
    const fragments = serials.map((s) => s.slice(4, 9).toLowerCase());

    await context.addInitScript({ content: PROBES });
    const page = await context.newPage();
    await page.goto(core.url);
    const before = await memoryBaseline(page, core.pid).catch(() => null);
    await step(figures, 'inventory first render after data arrives, median', 'ms', '<= 150', () =>
      firstRender(page, sbx.baseUrl, user.api_key),
    );
    // The later figures all need the rendered inventory.
    if (figures.some((f) => f.value === null)) return figures;

    await step(figures, 'inventory keystroke → updated list, p95', 'ms', '<= 16', () =>
      benchKeystrokes(page, fragments),
    );
    await page.getByRole('searchbox', { name: 'Search inventory' }).fill('');
    await page.waitForTimeout(500);
    await step(figures, 'inventory scroll', 'ms', '< 16', () => benchScroll(page));
    await step(figures, 'memory with 100k inventory', 'MB', '<= 150 / <= 200', () =>
      benchMemory(page, core.pid, before),
    );

    await sbx.close();
    sandboxUp = false;
    await step(
      figures,
      'offline cold start to cached 100k inventory on screen',
      'ms',
      '<= 500',
      () => benchOfflineStart(page, core.url),
    );
  } finally {
    await browser.close();
    // Leaves no key behind in the keychain.
    await core.call('signOut').catch(() => undefined);
    await core.stop();
    if (sandboxUp) await sbx.close();
    await rm(work, { recursive: true, force: true });
  }
  return figures;
}
