/**
 * Memory: the page's JS heap after a full GC (CDP HeapProfiler.collectGarbage, then
 * Performance.getMetrics JSHeapUsedSize) and the resident memory of the browser-mode core
 * process (/proc/<pid>/status VmRSS, peak VmHWM).
 */
import type { Page } from '@playwright/test';

const MB = 1024 * 1024;

/** The page's JS heap after a full GC, in MB. */
export async function heapAfterGc(page: Page): Promise<{ used: number; total: number }> {
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
