/**
 * The inventory at 1,000,000 devices, in Chromium, offline: the real app in browser mode
 * (bundled core, electron/web/cli.ts) started on the data dir of million-devices.ts with the
 * sandbox already stopped.
 *
 * First, the same-run baselines: a core started on an empty data dir (signed out) and its
 * page — core RSS of a freshly started core, renderer heap and first paint of the signed-out
 * page — and this Chromium's floors with no app code (chromium-floor.ts). Then the million core is started and its page loaded once, the probes opening
 * Inventory as soon as the navigation exists:
 *   cold-start-1m     navigation start → first frame with inventory rows painted;
 *   renderer-heap-1m  page JS heap after GC with the inventory shown;
 *   core-rss-1m       VmRSS of the core process at that moment;
 *   keystroke-p95-1m  typing and deleting a serial fragment, and a serial fragment + "munchen";
 *   scroll-*          scrolling the All devices list (1,000,000 rows).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { launchChromium, newAppContext, residentMb, startCoreProcess } from './browser-app';
import { measureChromiumFloor } from './chromium-floor';
import { benchKeystrokes, benchScroll } from './inventory-input';
import { heapAfterGc } from './memory';
import { benchScanAndInstall } from './scan-install';
import type { MillionDataDir } from './million-devices';
import { PROBES_OPEN_INVENTORY, READ_STATE, waitInPage, type BenchState } from './page-probes';
import { atMost, notMeasured, type Figure } from './results';
import { readBridgeTimings } from './bridge-timing';
import {
  bridgeRtt,
  coldStartPhases,
  keystrokePhases,
  READ_TIMELINE,
  scriptCosts,
  type ScriptCost,
  type StartTimeline,
} from './phases';

const COLD_START_TIMEOUT_MS = 60_000;
/** The first serials of million.uninstalledSerials are for ack-install.ts to install. */
const INSTALLS_KEPT = 300;

/** A failed step becomes a "not measured" row; the later steps still run when they can. */
async function step(
  figures: Figure[],
  ids: [string, string, string, string][],
  run: () => Promise<Figure[]>,
) {
  try {
    figures.push(...(await run()));
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    for (const [id, name, unit, target] of ids)
      figures.push(notMeasured(id, name, unit, target, reason));
  }
}

const firstPaintMs = (page: Page): Promise<number> =>
  page.evaluate(
    `(performance.getEntriesByName('first-contentful-paint')[0] || { startTime: NaN }).startTime`,
  ) as Promise<number>;

/** The random part of a serial ("FTC-" is common to all), five keys. */
const fragment = (serial: string | undefined): string =>
  (serial ?? 'FTC-7KQ4M').slice(4, 9).toLowerCase();

/**
 * A second cold start, traced, for each script's own parse and run (phases.ts): a new page of
 * the same context (its session; the single-use token is spent), with the HTTP cache off so
 * every script is fetched and compiled again, the probes opening Inventory as before.
 */
async function tracedScriptCosts(context: BrowserContext, url: string): Promise<ScriptCost[]> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const browser = context.browser();
    if (!browser) throw new Error('no browser');
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'v8', 'loading', 'blink.user_timing'],
    });
    const address = `${new URL(url).origin}/`;
    let trace: Buffer | null = null;
    try {
      await page.goto(address);
      if (
        !(await waitInPage(page, 'window.__bench.rowsPaintedAt !== null', {
          timeoutMs: COLD_START_TIMEOUT_MS,
        }))
      )
        throw new Error('the traced cold start showed no rows');
    } finally {
      trace = await browser.stopTracing();
    }
    return scriptCosts(JSON.parse(trace.toString()) as Parameters<typeof scriptCosts>[0], address);
  } finally {
    await page.close();
  }
}

export async function benchInventory1m(
  rendererDir: string,
  million: MillionDataDir,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const browser = await launchChromium();
  try {
    // ---- baselines: a signed-out core and page
    const emptyDir = await mkdtemp(join(tmpdir(), 'fi-bench-empty-'));
    const fresh = await startCoreProcess({ rendererDir, dataDir: emptyDir });
    let baseline: { rss: number; heap: number; firstPaint: number; startMs: number };
    try {
      const rss = (await residentMb(fresh.pid)).rss;
      const context = await newAppContext(browser);
      const page = await context.newPage();
      await page.goto(fresh.url);
      await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      baseline = {
        rss,
        heap: (await heapAfterGc(page)).used,
        firstPaint: await firstPaintMs(page),
        startMs: fresh.startMs,
      };
      await context.close();
    } finally {
      await fresh.stop();
      await rm(emptyDir, { recursive: true, force: true });
    }

    // ---- what this Chromium costs before any app code (the figures' floors)
    const floor = await measureChromiumFloor(browser);

    // ---- the million core, offline
    const timingDir = await mkdtemp(join(tmpdir(), 'fi-bench-timing-'));
    const timingFile = join(timingDir, 'bridge.jsonl');
    const core = await startCoreProcess({ rendererDir, dataDir: million.dataDir, timingFile });
    try {
      const rssAtStart = await residentMb(core.pid);
      const context = await newAppContext(browser);
      await context.addInitScript({ content: PROBES_OPEN_INVENTORY });
      const page = await context.newPage();
      let coldStartOk = false;
      let coldState: BenchState | null = null;
      let timeline: StartTimeline | null = null;
      await step(
        figures,
        [
          [
            'cold-start-1m',
            'offline cold start to first inventory rows, 1M devices',
            'ms',
            '<= 1.5 × floor',
          ],
        ],
        async () => {
          await page.goto(core.url);
          if (
            !(await waitInPage(page, 'window.__bench.rowsPaintedAt !== null', {
              timeoutMs: COLD_START_TIMEOUT_MS,
            }))
          ) {
            const shown = await page.evaluate(
              `(document.querySelector('main') || document.body).innerText.replace(/\\s+/g, ' ').slice(0, 200)`,
            );
            throw new Error(
              `no inventory rows within ${COLD_START_TIMEOUT_MS / 1000} s; the page shows: ${String(shown)}`,
            );
          }
          const state = (await page.evaluate(READ_STATE)) as BenchState;
          coldState = state;
          timeline = (await page.evaluate(READ_TIMELINE)) as StartTimeline;
          const rows = Number(
            await page
              .locator('[role="list"][aria-label="Inventory"] [role="listitem"]')
              .first()
              .getAttribute('aria-setsize'),
          );
          if (rows !== million.uninstalled)
            throw new Error(
              `the Inventory list has ${rows} rows, not the ${million.uninstalled} uninstalled devices`,
            );
          const first = state.answers.find((a) => a.bodyReadAt !== null);
          coldStartOk = true;
          const coldFloor = floor.staticFirstPaint + floor.firstIntl;
          const cold = state.rowsPaintedAt ?? Number.NaN;
          return [
            atMost(
              'cold-start-1m',
              'offline cold start to first inventory rows, 1M devices',
              cold,
              'ms',
              Number((1.5 * coldFloor).toFixed(1)),
              {
                baseline: {
                  name: "floor: a static page's first paint + a fresh page's first Intl.NumberFormat (no app code)",
                  value: coldFloor,
                  unit: 'ms',
                },
                note:
                  `${(cold / coldFloor).toFixed(2)} × the floor (target ≤ 1.5 ×, decision record 64; the product's own target is 150 ms). ` +
                  `navigation start → first frame with rows painted, sandbox stopped, ${million.devices.toLocaleString('en')} devices in cache.db ` +
                  `(${million.uninstalled.toLocaleString('en')} uninstalled, ${million.cacheMb.toFixed(0)} MB); ` +
                  `Inventory opened at ${state.inventoryClickedAt?.toFixed(0) ?? '?'} ms` +
                  (first
                    ? `, first queryDevices sent at ${first.startedAt.toFixed(0)} ms, answered at ${(first.bodyReadAt ?? Number.NaN).toFixed(0)} ms (${first.bytes} bytes)`
                    : '') +
                  `; before the page: core process spawn → bridge listening ${core.startMs.toFixed(0)} ms ` +
                  `(signed-out core ${baseline.startMs.toFixed(0)} ms), not part of the figure; ` +
                  `floor before any app code: a static page's first paint ${floor.staticFirstPaint.toFixed(0)} ms + a fresh page's first Intl.NumberFormat ` +
                  `${floor.firstIntl.toFixed(0)} ms (ICU's data, once per renderer) = ${(floor.staticFirstPaint + floor.firstIntl).toFixed(0)} ms (medians of 5 fresh contexts); ` +
                  `the app's signed-out page painted first at ${baseline.firstPaint.toFixed(0)} ms`,
              },
            ),
          ];
        },
      );
      if (!coldStartOk) return figures;
      await page.waitForTimeout(1_000);

      const heap = await heapAfterGc(page);
      const rss = await residentMb(core.pid);
      figures.push(
        atMost(
          'renderer-heap-1m',
          'renderer JS heap, 1M-device inventory open, after GC',
          heap.used,
          'MB',
          20,
          {
            baseline: { name: 'signed-out page', value: baseline.heap, unit: 'MB' },
            note: `JSHeapTotalSize ${heap.total.toFixed(1)} MB`,
          },
        ),
        atMost(
          'core-rss-1m',
          'core process RSS, 1M devices synced, inventory shown',
          rss.rss,
          'MB',
          200,
          {
            baseline: { name: 'freshly started core, signed out', value: baseline.rss, unit: 'MB' },
            note:
              `browser-mode core bundled as shipped (pid ${core.pid}); RSS right after it started on the 1M data dir ${rssAtStart.rss.toFixed(0)} MB; ` +
              `peak so far (VmHWM) ${rss.peak.toFixed(0)} MB (includes the background quick_check of cache.db on a worker thread)`,
          },
        ),
      );

      const munich = fragment(million.munichSerials[0]);
      const inventory = fragment(million.uninstalledSerials[INSTALLS_KEPT]);
      await step(
        figures,
        [
          [
            'keystroke-p95-1m',
            'keystroke → updated rows painted, p95, 1M devices, through the bridge',
            'ms',
            '<= 16',
          ],
        ],
        async () => {
          const typed = await benchKeystrokes(page, [
            { view: 'Inventory', text: inventory },
            { view: 'All devices', text: `${munich} munchen` },
          ]);
          // The core's preload writes its records once a second.
          await page.waitForTimeout(1_500);
          try {
            const timings = await readBridgeTimings(timingFile);
            return [
              ...typed.figures,
              ...keystrokePhases(typed.state, timings, floor),
              bridgeRtt(typed.bridgeTrips, timings, floor),
            ];
          } catch (error) {
            console.error(`[bench] keystroke phases failed: ${String(error)}`);
            return typed.figures;
          }
        },
      );
      await page.waitForTimeout(500);
      await step(
        figures,
        [
          ['scroll-frame-p95-1m', 'inventory scroll, frame interval (rAF delta) p95', 'ms', '< 25'],
          ['scroll-work-p95-1m', 'inventory scroll, main-thread work per frame p95', 'ms', '< 16'],
        ],
        async () => {
          // The All devices view (every device), search empty, rows on screen.
          await page.getByRole('searchbox', { name: 'Search inventory' }).fill('');
          const all = page
            .getByRole('group', { name: 'View' })
            .getByRole('button', { name: 'All devices' });
          if ((await all.getAttribute('aria-pressed')) !== 'true') await all.click();
          const listed = `!!document.querySelector('[role="list"][aria-label="All devices"] [role="listitem"] .serial')`;
          if (!(await waitInPage(page, listed, { timeoutMs: 30_000 })))
            throw new Error('the All devices list showed no rows within 30 s');
          await page.waitForTimeout(500);
          return benchScroll(page, million.devices);
        },
      );
      await step(
        figures,
        [
          [
            'scan-to-device-p95-1m',
            'handheld scan (Enter) → the device’s screen painted, p95, 1M devices, offline',
            'ms',
            '<= 2 × floor',
          ],
          [
            'install-to-painted-p95-1m',
            'click “Install here” → the screen says done or queued, painted, p95, 1M devices, offline',
            'ms',
            '<= 2 × floor',
          ],
        ],
        () =>
          benchScanAndInstall(
            page,
            million.locationIds[0] ?? '',
            [
              ...million.munichSerials.slice(0, 10),
              ...million.uninstalledSerials.slice(INSTALLS_KEPT + 1, INSTALLS_KEPT + 11),
            ],
            million.uninstalledSerials.slice(INSTALLS_KEPT + 20, INSTALLS_KEPT + 40),
            floor,
          ),
      );
      if (coldState && timeline) {
        const scripts = await tracedScriptCosts(context, core.url).catch((error: unknown) => {
          console.error(`[bench] traced cold start failed: ${String(error)}`);
          return null;
        });
        try {
          figures.push(...coldStartPhases(coldState, timeline, scripts, floor));
        } catch (error) {
          console.error(`[bench] cold start phases failed: ${String(error)}`);
        }
      }
      const after = await heapAfterGc(page);
      const rssAfter = await residentMb(core.pid);
      for (const f of figures) {
        if (f.id === 'renderer-heap-1m')
          f.note = `${f.note ?? ''}; after the typing and scrolling: ${after.used.toFixed(1)} MB`;
        if (f.id === 'keystroke-p95-1m' && f.value !== null) {
          // Decision record 64: held to this machine's floor (the product's own target is 16 ms).
          const bridge = f.baseline;
          f.target = `<= ${(1.5 * floor.staticKeystroke).toFixed(1)}`;
          f.met = f.value <= 1.5 * floor.staticKeystroke;
          f.baseline = {
            name: "floor: a key typed into a static page's search box → its next frame painted, p95",
            value: Number(floor.staticKeystroke.toFixed(1)),
            unit: 'ms',
          };
          f.note =
            `${(f.value / floor.staticKeystroke).toFixed(2)} × the floor (target ≤ 1.5 ×; the product's own target is 16 ms); ` +
            // The floor asks nothing; beside it, the same key over a round trip with no app behind.
            `${(f.value / floor.echoKeystroke).toFixed(2)} × the echo page's p95 (${floor.echoKeystroke.toFixed(1)} ms: the same key's search over a loopback WebSocket answered at once); ` +
            `${bridge ? `the bridge round trip of an operation that does no work, p95 ${bridge.value} ms; ` : ''}${f.note ?? ''}`;
        }
        if (f.id === 'keystroke-p95-1m')
          f.note =
            `${f.note ?? ''}; floors with no app, timed the same way: a key typed into a static page's search box (30 rows, no script) → its next frame painted, p95 ${floor.staticKeystroke.toFixed(1)} ms; ` +
            `the same page sending each search over a WebSocket to a loopback server that answers at once with 30 rows, written into the list and painted, p95 ${floor.echoKeystroke.toFixed(1)} ms`;
        if (f.id === 'core-rss-1m')
          f.note = `${f.note ?? ''}; after the typing and scrolling: RSS ${rssAfter.rss.toFixed(0)} MB, peak ${rssAfter.peak.toFixed(0)} MB`;
      }
      await context.close();
    } finally {
      await core.stop();
      await rm(timingDir, { recursive: true, force: true });
    }
  } finally {
    await browser.close();
  }
  return figures;
}
