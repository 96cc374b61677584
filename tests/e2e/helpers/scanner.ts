/**
 * A keyboard-wedge scanner's burst: each key 5 ms after the last, then Enter. Sent through the
 * DevTools protocol with each key's own press time, as a real scanner's keys carry the time
 * the hardware sent them: a busy test machine delaying delivery (Playwright's `type` waits
 * between keys in Node) must not turn a scan into typing. Also, Playwright's keyboard knows
 * only the US layout's keys and would insert an unknown one ("ß") as text without a key press.
 */
import type { Page } from '@playwright/test';

const SCANNER_GAP_S = 0.005;

export async function scannerBurst(page: Page, text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  let at = Date.now() / 1000;
  const press = async (key: string, extra: Record<string, unknown> = {}) => {
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, timestamp: at, ...extra });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp: at + 0.001 });
    at += SCANNER_GAP_S;
  };
  try {
    for (const key of text) await press(key, { text: key });
    await press('Enter', { code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' });
  } finally {
    await cdp.detach();
  }
}
