/**
 * Keys typed at a set pace, as a keyboard-wedge scanner (each key 5 ms after the last, then
 * Enter or Tab) or a quick typist does. Sent through the DevTools protocol with each key's own
 * press time, as a real scanner's keys carry the time the hardware sent them: a busy test
 * machine delaying delivery (Playwright's `type` waits between keys in Node) must not turn a
 * scan into typing, nor quick typing into slow. Also, Playwright's keyboard knows only the US
 * layout's keys and would insert an unknown one ("ß") as text without a key press.
 */
import type { Page } from '@playwright/test';

const SCANNER_GAP_MS = 5;

/** `text` one key every `gapMs` by the keys' own times, then `end` if given. */
export async function typeAtPace(
  page: Page,
  text: string,
  gapMs: number,
  end?: 'Enter' | 'Tab',
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  let at = Date.now() / 1000;
  const press = async (key: string, extra: Record<string, unknown> = {}) => {
    // Never ahead of the clock: a key pressed "in the future" would make the next key's gap
    // (or the next try's) look shorter than it is.
    const early = at * 1000 - Date.now();
    if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, timestamp: at, ...extra });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp: at + 0.001 });
    at += gapMs / 1000;
  };
  try {
    for (const key of text) await press(key, { text: key });
    if (end === 'Enter')
      await press('Enter', { code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' });
    else if (end === 'Tab') await press('Tab', { code: 'Tab', windowsVirtualKeyCode: 9 });
  } finally {
    await cdp.detach();
  }
}

/** A handheld scanner's burst; `end`: the key it is set to send after each code. */
export const scannerBurst = (page: Page, text: string, end: 'Enter' | 'Tab' = 'Enter') =>
  typeAtPace(page, text, SCANNER_GAP_MS, end);
