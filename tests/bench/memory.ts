/**
 * Figure 6: memory with the 100,000-device inventory loaded — the page's JS heap after a full
 * GC (CDP HeapProfiler.collectGarbage, then Performance.getMetrics JSHeapUsedSize) and the
 * resident memory of the browser-mode core process (/proc/<pid>/status VmRSS).
 */
import type { Page } from '@playwright/test';
import { residentMb } from './browser-app';
import { atMost, type Figure } from './results';

const MB = 1024 * 1024;

export async function benchMemory(page: Page, corePid: number): Promise<Figure[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    const used = metric('JSHeapUsedSize') / MB;
    const total = metric('JSHeapTotalSize') / MB;
    const core = await residentMb(corePid);
    return [
      atMost('renderer JS heap, 100k inventory loaded, after GC', used, 'MB', 150, {
        note: `JSHeapTotalSize ${total.toFixed(1)} MB`,
      }),
      atMost('core process RSS, 100k inventory loaded', core.rss, 'MB', 200, {
        note: `browser-mode process (electron/web/cli.ts, pid ${corePid}); peak RSS so far (VmHWM) ${core.peak.toFixed(0)} MB`,
      }),
    ];
  } finally {
    await cdp.detach();
  }
}
