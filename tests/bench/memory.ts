/**
 * Figure 6: memory with the 100,000-device inventory loaded — the page's JS heap after a full
 * GC (CDP HeapProfiler.collectGarbage, then Performance.getMetrics JSHeapUsedSize) and the
 * resident memory of the browser-mode core process (/proc/<pid>/status VmRSS); each beside
 * the same page and process measured before signing in, as the baseline.
 */
import type { Page } from '@playwright/test';
import { residentMb } from './browser-app';
import { atMost, type Figure } from './results';

const MB = 1024 * 1024;

/** What the same page and core use before any inventory is loaded (the same run's baseline). */
export interface MemoryBaseline {
  rendererHeapMb: number;
  coreRssMb: number;
}

/** The page's JS heap after a full GC, in MB. */
async function heapAfterGc(page: Page): Promise<{ used: number; total: number }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    return { used: metric('JSHeapUsedSize') / MB, total: metric('JSHeapTotalSize') / MB };
  } finally {
    await cdp.detach();
  }
}

export async function memoryBaseline(page: Page, corePid: number): Promise<MemoryBaseline> {
  return {
    rendererHeapMb: (await heapAfterGc(page)).used,
    coreRssMb: (await residentMb(corePid)).rss,
  };
}

export async function benchMemory(
  page: Page,
  corePid: number,
  before: MemoryBaseline | null,
): Promise<Figure[]> {
  const { used, total } = await heapAfterGc(page);
  const core = await residentMb(corePid);
  return [
    atMost('renderer JS heap, 100k inventory loaded, after GC', used, 'MB', 150, {
      ...(before
        ? { baseline: { name: 'same page signed out', value: before.rendererHeapMb, unit: 'MB' } }
        : {}),
      note: `JSHeapTotalSize ${total.toFixed(1)} MB`,
    }),
    atMost('core process RSS, 100k inventory loaded', core.rss, 'MB', 200, {
      ...(before
        ? { baseline: { name: 'same core just started', value: before.coreRssMb, unit: 'MB' } }
        : {}),
      note: `browser-mode core, bundled as shipped (electron/web/cli.ts, pid ${corePid}); peak RSS so far (VmHWM) ${core.peak.toFixed(0)} MB`,
    }),
  ];
}
